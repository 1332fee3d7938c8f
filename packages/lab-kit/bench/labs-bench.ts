/**
 * Lab wall times and where they go (not a test: nothing is asserted). Runs each named lab (or track; all labs by
 * default) N times through `pnpm lab`, reads each run's run.json (run script time, tool calls, broker check) and
 * prints per lab the median wall, its spread, what the experiment waits by nature (manifest `inherent`), the tools,
 * the broker, the harness (outside the run script: pnpm, tsx and imports before it, grading and the report after
 * it), the rest, and the overhead (wall - inherent). Labs run grouped by broker layout and overrides, so the broker
 * restarts once per group (that run shows in the spread, not in the median). --write merges the figures into
 * bench/labs.json, which `pnpm lab-index` turns into the README's "takes" column.
 * Run: pnpm bench labs [<lab-id|track>...] [--runs N] [--write]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseCommand, runMain, UsageError } from '@kafka-labs/cli';
import { LAB_BENCH_FILE, readLabBench, type LabBench } from '../src/lab-bench.ts';
import { ANY_PARAMETERS, readRunInfo, type RunInfo } from '@kafka-labs/grader';
import { REPO_ROOT, runsDir } from '../src/paths.ts';
import { listLabs, resolveLabs, type LabEntry } from '../src/registry.ts';

const FLAGS = {
  runs: { kind: 'number', min: 1, integer: true, default: 5, help: 'runs per lab' },
  write: { kind: 'boolean', help: 'merge the figures into bench/labs.json (the README index reads them)' },
} as const;

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const load = () => Math.round(loadavg()[0]! * 10) / 10;
const s = (ms: number) => Math.round(ms / 100) / 10;

interface Measured {
  wall: number;
  /** Epoch ms of the command's start and exit (the wall is between them), to split the harness around the run
   * script's startedAt, which is on the same clock. */
  spawnedAt: number;
  closedAt: number;
  info: RunInfo | null;
  passed: boolean;
}

/** One `pnpm lab <id>`: its wall seconds, exit, and the run.json of the run it made. */
function runOnce(lab: LabEntry): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const spawnedAt = Date.now();
    const child = spawn('pnpm', ['-s', 'lab', lab.id], { cwd: REPO_ROOT, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => {
      const closedAt = Date.now();
      const wall = (closedAt - spawnedAt) / 1000;
      // No finished run to read (or a broken run.json): the row says so.
      const read = code === 0 ? Promise.resolve().then(() => readRunInfo(realpathSync(join(runsDir(), lab.id, 'latest')), ANY_PARAMETERS)).catch(() => null) : Promise.resolve(null);
      void read.then((info) => resolve({ wall, spawnedAt, closedAt, info, passed: code === 0 }));
    });
  });
}

function summary(lab: LabEntry, runs: Measured[], loads: [number, number]): LabBench {
  const ok = runs.filter((r) => r.info?.timings);
  const walls = runs.map((r) => r.wall);
  const wall = median(walls);
  const of = (pick: (r: Measured) => number) => median(ok.map(pick));
  return {
    runs: runs.length,
    passed: runs.filter((r) => r.passed).length,
    wall: { median: wall, min: Math.min(...walls), max: Math.max(...walls) },
    tools: s(of((r) => r.info!.timings!.toolMs)),
    toolCalls: of((r) => r.info!.timings!.toolCalls),
    broker: s(of((r) => r.info!.timings!.brokerMs)),
    harness: Math.round(of((r) => r.wall - r.info!.durationMs / 1000) * 10) / 10,
    harnessStart: s(of((r) => Date.parse(r.info!.startedAt) - r.spawnedAt)),
    harnessEnd: s(of((r) => r.closedAt - Date.parse(r.info!.startedAt) - r.info!.durationMs)),
    overhead: Math.round((wall - lab.inherent.seconds) * 10) / 10,
    measured: { at: new Date().toISOString(), cores: cpus().length, load: loads },
  };
}

const HEADER = '| lab | passed | wall (median, min-max) | waits by nature | overhead | tools (calls) | broker | harness (start + end) | rest |';

function row(lab: LabEntry, b: LabBench, scriptS: number): string {
  const rest = Math.round((b.wall.median - b.harness - b.tools - b.broker - lab.inherent.seconds) * 10) / 10;
  const flag = scriptS < lab.inherent.seconds ? ' (!) the run script took less than the manifest says it waits' : '';
  const r = (x: number) => x.toFixed(1);
  return `| \`${lab.id}\` | ${b.passed}/${b.runs} | ${r(b.wall.median)} s, ${r(b.wall.min)}-${r(b.wall.max)} | ${lab.inherent.seconds} s | ${r(b.overhead)} s | ${r(b.tools)} s (${b.toolCalls}) | ${r(b.broker)} s | ${r(b.harness)} s (${r(b.harnessStart ?? NaN)} + ${r(b.harnessEnd ?? NaN)}) | ${r(rest)} s${flag} |`;
}

await runMain('bench labs', () => `usage: pnpm bench labs [<lab-id|track>...] [--runs N] [--write]\n\n${HEADER}`, async (argv) => {
  const { positionals, flags } = parseCommand(FLAGS, argv);
  const labs = positionals.length ? positionals.flatMap((name) => resolveLabs(name)) : listLabs();
  if (labs.length === 0) throw new UsageError('no labs to run');
  const layout = (l: LabEntry) => `${l.brokers} ${JSON.stringify(l.brokerConfig ?? {})}`;
  const ordered = [...labs].sort((a, b) => layout(a).localeCompare(layout(b)));
  console.error(`${flags.runs} run(s) of ${ordered.length} lab(s), ${cpus().length} cores, load average ${load()}`);
  const results: Record<string, LabBench> = {};
  const lines = [HEADER, '|---|---|---|---|---|---|---|---|---|'];
  for (const lab of ordered) {
    const before = load();
    const runs: Measured[] = [];
    for (let i = 1; i <= flags.runs; i++) {
      const run = await runOnce(lab);
      runs.push(run);
      console.error(`  ${lab.id} ${i}/${flags.runs}: ${run.wall.toFixed(1)} s${run.passed ? '' : ' (did not pass)'}`);
    }
    const bench = summary(lab, runs, [before, load()]);
    results[lab.id] = bench;
    const scriptS = median(runs.filter((r) => r.info).map((r) => r.info!.durationMs / 1000));
    lines.push(row(lab, bench, scriptS));
    console.error(lines.at(-1));
  }
  console.log(lines.join('\n'));
  if (flags.write) {
    mkdirSync(dirname(LAB_BENCH_FILE), { recursive: true });
    const merged = { ...readLabBench(), ...results };
    const sorted = Object.fromEntries(Object.keys(merged).sort().map((id) => [id, merged[id]]));
    writeFileSync(LAB_BENCH_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
    console.error(`bench/labs.json: ${Object.keys(results).length} lab(s) written; run pnpm lab-index to refresh README.md`);
  }
  return 0;
});
