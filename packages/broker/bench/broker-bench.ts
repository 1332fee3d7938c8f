/**
 * Broker and tool start-up figures, median and spread of several runs (not a test: nothing is asserted).
 *   aged:       restart of the single node on its data dir as it is (after many lab runs, say), with its count of
 *               partition directories; run it before `start`, which formats the storage
 *   start:      seconds from `broker up` to ready (a Metadata round trip listing every node and a controller),
 *               first start (storage formatted) and restart, single node and 3 nodes
 *   partitions: restart of the single node with 0 and --partitions N extra partition directories
 *   tools:      one kafka-get-offsets call per path: warm runner (in-process and through its command line),
 *               a JVM of its own with the class-data archive and without, and `pnpm kafka`
 * Run: pnpm bench broker [aged|start|partitions|tools ...] [--runs N] [--partitions N]. It stops and restarts the
 * broker, holding the broker lock, and prints markdown tables (progress on stderr).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { flagsHelp, parseArgvOrExit, parseCommand, UsageError } from '@kafka-labs/cli';
import { BOOTSTRAP, ensureBroker, lockBroker, runTool, stopBroker, toolCommand } from '../src/index.ts';

const SECTIONS = ['aged', 'start', 'partitions', 'tools'];
const FLAGS = {
  runs: { kind: 'number', min: 1, integer: true, default: 5, help: 'runs of each measurement' },
  partitions: { kind: 'number', min: 0, integer: true, default: 200, help: 'extra partition directories for the partitions section' },
} as const;
const HELP = `${flagsHelp(`pnpm bench broker [${SECTIONS.join('|')} ...] [flags]`, FLAGS)}\n\nStops and restarts the broker (holding its lock); every section without one.`;
const { positionals: sections, flags } = parseArgvOrExit('bench broker', HELP, (argv) => {
  const parsed = parseCommand(FLAGS, argv);
  const unknown = parsed.positionals.find((s) => !SECTIONS.includes(s));
  if (unknown) throw new UsageError(`unknown section "${unknown}" (${SECTIONS.join(', ')})`);
  return parsed;
});
const { runs, partitions: extraPartitions } = flags;
const wanted = (name: string) => sections.length === 0 || sections.includes(name);
const quiet = () => {};
const root = fileURLToPath(new URL('../../../', import.meta.url));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => loadavg()[0]!.toFixed(1);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return (performance.now() - started) / 1000;
}

/** Runs `fn` `runs` times and returns a table row: median, every run, and the machine's load meanwhile. */
async function row(cells: string[], fn: () => Promise<number>): Promise<string> {
  const seconds: number[] = [];
  const loads: string[] = [load()];
  for (let i = 0; i < runs; i++) seconds.push(await fn());
  loads.push(load());
  const line = `| ${cells.join(' | ')} | ${median(seconds).toFixed(2)} s | ${seconds.map((s) => s.toFixed(2)).join(', ')} | ${loads.join(' → ')} |`;
  console.error(line);
  return line;
}

const tables: string[] = [];
const release = await lockBroker('broker benchmark', (holder, pid) => console.error(`waiting for ${holder} (pid ${pid}) to finish: it holds the broker's ports`));
console.error(`${runs} runs each, ${cpus().length} cores, load average now ${load()}`);

// Before `start`, which formats the storage: the single node restarted on its data dir as the labs left it.
if (wanted('aged')) {
  const broker = await ensureBroker({ log: quiet });
  const directories = readdirSync(broker.logDir(1), { withFileTypes: true }).filter((d) => d.isDirectory()).length;
  const line = await row([`single node, restart on the data dir as it is (${directories} partition directories)`], async () => {
    await stopBroker({ log: quiet });
    return timed(() => ensureBroker({ log: quiet }));
  });
  tables.push(['| data dir | restart median | runs | load |', '|---|---|---|---|', line].join('\n'));
}

if (wanted('start')) {
  const rows = [];
  for (const nodes of [1, 3] as const) {
    for (const fresh of [true, false]) {
      rows.push(
        await row([String(nodes), fresh ? 'first start (format included)' : 'restart'], async () => {
          await stopBroker({ log: quiet });
          return timed(() => ensureBroker({ nodes, fresh, log: quiet }));
        }),
      );
    }
  }
  tables.push(['| nodes | start | median | runs | load |', '|---|---|---|---|---|', ...rows].join('\n'));
}

if (wanted('partitions')) {
  const rows = [];
  for (const extra of [0, extraPartitions]) {
    await stopBroker({ log: quiet });
    await ensureBroker({ fresh: true, log: quiet });
    if (extra > 0) {
      const created = await runTool('kafka-topics', [
        '--bootstrap-server', BOOTSTRAP.tools, '--create', '--topic', 'bench-partitions', '--partitions', String(extra),
      ]);
      if (created.exitCode !== 0) throw new Error(created.stderr);
    }
    rows.push(
      await row([`${extra} extra`], async () => {
        await stopBroker({ log: quiet });
        return timed(() => ensureBroker({ log: quiet }));
      }),
    );
  }
  await stopBroker({ log: quiet });
  await ensureBroker({ fresh: true, log: quiet });
  tables.push(['| partition directories | restart median | runs | load |', '|---|---|---|---|', ...rows].join('\n'));
}

if (wanted('tools')) {
  await ensureBroker({ log: quiet });
  await runTool('kafka-topics', ['--bootstrap-server', BOOTSTRAP.tools, '--create', '--if-not-exists', '--topic', 'bench-tools']);
  const args = ['--bootstrap-server', BOOTSTRAP.tools, '--topic', 'bench-tools'];
  const inProcess = (mode: string) => async () => {
    process.env.KAFKA_LABS_TOOL_JVM = mode;
    const seconds = await timed(() => runTool('kafka-get-offsets', args));
    delete process.env.KAFKA_LABS_TOOL_JVM;
    return seconds;
  };
  const { argv: client, env } = await toolCommand('kafka-get-offsets', args);
  await runTool('kafka-get-offsets', args);
  const rows = [
    await row(['warm runner, in-process (lab-kit)'], inProcess('warm')),
    await row(['warm runner, toolCommand() as a process (zx)'], async () =>
      timed(async () => spawnSync(client[0]!, client.slice(1), { env: { ...process.env, ...env } })),
    ),
    await row(['`pnpm kafka kafka-get-offsets`'], async () =>
      timed(async () => execFileSync('pnpm', ['-s', 'kafka', 'kafka-get-offsets', ...args], { cwd: root, stdio: 'ignore' })),
    ),
    await row(['JVM of its own, class-data archive'], inProcess('archive')),
    await row(['JVM of its own, no archive'], inProcess('plain')),
  ];
  tables.push(['| kafka-get-offsets call | median | runs | load |', '|---|---|---|---|', ...rows].join('\n'));
}

await stopBroker({ log: quiet });
await ensureBroker({ log: quiet });
release();
console.log(tables.join('\n\n'));
