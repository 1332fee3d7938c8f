import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommand, runMain, UsageError } from '@kafka-labs/cli';
import { runsDir } from '@kafka-labs/lab-kit/catalog';

const FLAGS = {
  keep: { kind: 'number', min: 0, integer: true, default: 5, help: 'finished run folders to keep per lab besides the one latest points at' },
} as const;

const USAGE = `usage: pnpm clean [--keep N]

Removes from runs/ (KAFKA_LABS_RUNS moves it) every run folder that did not finish (its run.json has a failure, its
result.json says unknown, or it has neither and no process uses it) and every finished one but the one
runs/<lab-id>/latest points at and the N newest per lab; then what each workspace's clean removes (turbo's caches).
Exit code 0, or 2 on a usage error.
  --keep N  ${FLAGS.keep.help} (default ${FLAGS.keep.default})`;

/** A run folder's name: its UTC start time. */
const RUN_FOLDER = /^\d{8}T\d{6}Z$/;
/** run.json and result.json are a few kilobytes; a larger one is not read. */
const JSON_LIMIT = 1024 * 1024;

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const stat = lstatSync(file);
    if (!stat.isFile() || stat.size > JSON_LIMIT) return undefined;
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The environments of this machine's processes (Linux /proc), each as `\0`-separated text. */
function environments(): string[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    try {
      return [`\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`];
    } catch {
      return [];
    }
  });
}

/**
 * How a run folder's run stands: unfinished when run.json records a failure, result.json a verdict of unknown, or
 * neither file exists and no process runs for it; running when a process has the folder in KAFKA_LABS_RUN_DIR (the
 * run script) or KAFKA_LABS_RUN (its children).
 */
function runState(dir: string, envs: string[]): 'finished' | 'unfinished' | 'running' {
  const info = readJson(join(dir, 'run.json'));
  const result = readJson(join(dir, 'result.json'));
  if (info?.failure !== undefined || result?.verdict === 'unknown') return 'unfinished';
  if (info || result) return 'finished';
  return envs.some((env) => env.includes(`\0KAFKA_LABS_RUN_DIR=${dir}\0`) || env.includes(`\0KAFKA_LABS_RUN=${dir}\0`)) ? 'running' : 'unfinished';
}

/** Removes a lab's unfinished run folders and all finished ones but latest's and the `keep` newest; returns the counts. */
export function cleanRuns(root: string, keep: number, envs = environments()): { unfinished: number; old: number } {
  const removed = { unfinished: 0, old: 0 };
  let labs: string[];
  try {
    labs = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return removed;
  }
  for (const lab of labs) {
    const labDir = join(root, lab);
    let latest: string | undefined;
    try {
      latest = readlinkSync(join(labDir, 'latest'));
    } catch {}
    const runs = readdirSync(labDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && RUN_FOLDER.test(d.name) && d.name !== latest)
      .map((d) => d.name)
      .sort()
      .reverse();
    let kept = 0;
    for (const name of runs) {
      const dir = join(labDir, name);
      const state = runState(dir, envs);
      if (state === 'unfinished') {
        rmSync(dir, { recursive: true, force: true });
        removed.unfinished++;
      } else if (state === 'finished' && ++kept > keep) {
        rmSync(dir, { recursive: true, force: true });
        removed.old++;
      }
    }
  }
  return removed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runMain('error', USAGE, async (argv) => {
    const { positionals, flags } = parseCommand(FLAGS, argv);
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const root = runsDir();
    const removed = cleanRuns(root, flags.keep);
    console.log(`${root}: removed ${removed.unfinished} unfinished and ${removed.old} older run folder(s); kept latest and the ${flags.keep} newest per lab`);
    const turbo = spawnSync('turbo', ['run', 'clean', '--output-logs=errors-only'], { stdio: 'inherit' });
    if (turbo.error) throw new Error(`turbo could not start: ${turbo.error.message}`);
    return turbo.status ?? 1;
  });
}
