import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@kafka-labs/lab-kit/catalog';
import { afterAll, describe, expect, test } from 'vitest';

const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };

describe('the root package.json scripts', () => {
  // pnpm runs a script line with sh -c and signals only that shell; exec makes the program the shell's process, so
  // that `kill <pnpm pid>` (or Ctrl-C) stops the program itself. packages/proxy/src/main.live.test.ts kills a real `pnpm proxy`.
  test('replace pnpm\'s shell with the one program they run, so that a signal to pnpm reaches it', () => {
    const single = Object.entries(scripts).filter(([, line]) => !line.includes('&&'));
    expect(single.map(([name]) => name)).toEqual(expect.arrayContaining(['lab', 'broker', 'proxy', 'kafka-lab-slow', 'test']));
    expect(single.filter(([, line]) => !line.startsWith('exec ')).map(([name]) => name)).toEqual([]);
  });
});

/** A root script's line with `args` appended, run at the root as `pnpm run <name> <args>` runs it (without pnpm's own start-up). */
function runScript(name: string, args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', `${scripts[name]} "$@"`, name, ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, KAFKA_LABS_RUNS: RUNS, PATH: `${join(REPO_ROOT, 'node_modules', '.bin')}:${process.env.PATH}` },
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

/** `run` over `items`, at most `width` at a time, the results in order. */
async function inBatches<T, R>(items: T[], width: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) results.push(...(await Promise.all(items.slice(i, i + width).map(run))));
  return results;
}

/** Where the scripts under test would write run folders: empty unless one started a lab. */
const RUNS = mkdtempSync(join(tmpdir(), 'help-runs-'));
afterAll(() => rmSync(RUNS, { recursive: true, force: true }));

/**
 * Every file under the repository (but node_modules, .git and runs/, where labs that run meanwhile write) with its
 * modification time: what a side effect would change.
 */
function snapshot(dir = REPO_ROOT, into = new Map<string, number>()): Map<string, number> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Build outputs and caches are not side effects of a command (packages/build's tests compile programs meanwhile).
    if (['node_modules', '.git', '.turbo', 'dist', 'runs'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) snapshot(path, into);
    else into.set(path, statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  }
  return into;
}

const HELP_CALLS: [string, string[]][] = [
  ...Object.keys(scripts).map((name): [string, string[]] => [name, ['--help']]),
  ...['broker', 'database', 'labs', 'programs', 'proxy'].map((bench): [string, string[]] => ['bench', [bench, '--help']]),
];

// Help must not start the work: `pnpm test --help` once ran the whole suite, `pnpm lab-index --help` rewrote the
// README and `pnpm bench broker --help` restarted the broker. A side effect shows as a changed file, or as a test
// that outlasts its bound (a suite, a broker start or a bench takes far longer than a dozen node start-ups).
test('every script answers --help with its usage, exit 0, without writing a file', { timeout: 240_000 }, async () => {
  const before = snapshot();
  const answers = await inBatches(HELP_CALLS, 4, async ([name, args]) => ({ call: `${name} ${args.join(' ')}`, ...(await runScript(name, args)) }));
  for (const { call, status, stdout } of answers) {
    expect(status, call).toBe(0);
    expect(stdout, call).toMatch(/usage/i);
  }
  expect([...snapshot()].filter(([path, mtime]) => before.get(path) !== mtime).map(([path]) => path)).toEqual([]);
  expect(readdirSync(RUNS)).toEqual([]);
});
