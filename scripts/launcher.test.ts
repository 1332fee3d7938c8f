// bin/kafka-labs.mjs, the commands' one entry (every root script runs it; a course platform's step check calls it
// without pnpm): the same command, arguments, output and exit code as `pnpm <command>`, one line for a wrong command.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commands, stampPath } from '@kafka-labs/build';
import { REPO_ROOT } from '@kafka-labs/lab-kit/catalog';
import { goldenRunFolder, runPnpm } from '@kafka-labs/lab-kit/testing';
import { expect, test } from 'vitest';

const launch = (...args: string[]) => spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'kafka-labs.mjs'), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
const LAB = '06-rebalance-exercise';

test('runs a command as pnpm does: the same output and exit code', () => {
  for (const step of ['1', '2']) {
    const direct = launch('grade', LAB, goldenRunFolder(LAB), '--step', step);
    const viaPnpm = runPnpm('grade', LAB, goldenRunFolder(LAB), '--step', step);
    expect({ status: direct.status, stdout: direct.stdout }).toEqual({ status: viaPnpm.status, stdout: viaPnpm.stdout });
    expect(direct.status).toBe(0);
  }
  expect(launch('grade', LAB, goldenRunFolder(LAB), '--step', '99').status).toBe(2);
});

test('a missing or unknown command is one line on stderr naming the commands, exit 2', () => {
  for (const args of [[], ['nope'], ['--version']]) {
    const run = launch(...args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n').filter((line) => line && !line.startsWith('build: '));
    expect(lines).toEqual([expect.stringMatching(/^error: (missing command|unknown command "nope"); usage: node bin\/kafka-labs\.mjs <command> \[args\], one of: build, lab, grade, /)]);
  }
  expect(commands()).toContain('grade');
});

test('a copy of the checkout compiles a tree of its own rather than run the one compiled in the original', () => {
  expect(launch('build').status).toBe(0);
  const copy = `${mkdtempSync(join(tmpdir(), 'checkout-copy-'))}/`;
  try {
    const entries = readdirSync(REPO_ROOT).filter((entry) => !['.git', 'runs', 'work'].includes(entry));
    expect(spawnSync('cp', ['-a', ...entries, copy], { cwd: REPO_ROOT }).status).toBe(0);
    const stampOf = () => (JSON.parse(readFileSync(stampPath(join(copy, 'node_modules', '.cache', 'kafka-labs-build')), 'utf8')) as { root: string }).root;
    expect(stampOf()).toBe(REPO_ROOT);
    const run = spawnSync(process.execPath, [join(copy, 'bin', 'kafka-labs.mjs'), 'grade', LAB, goldenRunFolder(LAB), '--step', '1'], { cwd: copy, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(stampOf()).toBe(copy);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}, 180_000);
