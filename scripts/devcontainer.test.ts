// No container engine runs here: the devcontainer stays a thin wrapper whose only work is scripts/setup.sh, and
// setup.sh itself is what is tested (its edge here, its whole run by .ci/run on a clean clone).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@kafka-labs/lab-kit/catalog';
import { describe, expect, test } from 'vitest';

const SETUP = 'bash scripts/setup.sh --no-lab';
const config = JSON.parse(readFileSync(join(REPO_ROOT, '.devcontainer', 'devcontainer.json'), 'utf8'));

describe('the devcontainer', () => {
  test('builds its Dockerfile from the repository root and sets the workspace up with setup.sh', () => {
    expect(config.build).toEqual({ dockerfile: 'Dockerfile', context: '..' });
    expect(config.postCreateCommand).toBe(SETUP);
    const dockerfile = readFileSync(join(REPO_ROOT, '.devcontainer', config.build.dockerfile), 'utf8');
    const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+ /.test(line));
    expect(instructions).toEqual([expect.stringMatching(/^FROM node:(2[0-9])-/), `WORKDIR ${config.workspaceFolder}`, 'COPY . .', `RUN ${SETUP}`]);
  });

  test('keeps node_modules, runs and work folders out of the image', () => {
    const ignored = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', '**/node_modules', 'runs', 'work']));
    expect(existsSync(join(REPO_ROOT, 'scripts', 'setup.sh'))).toBe(true);
  });
});

describe('scripts/setup.sh at its edge', () => {
  const setup = (...args: string[]) => spawnSync('bash', ['scripts/setup.sh', ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

  test('--help prints the usage and does nothing, exit 0', () => {
    const result = setup('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: bash scripts\/setup.sh \[--no-lab\]\n/);
    expect(result.stdout).toContain('--no-lab  stop before the first lab');
  });

  test.each([
    [['--lab'], 'setup: error: unknown argument "--lab"'],
    [['--no-lab', 'x'], 'setup: error: unexpected argument "x"'],
  ])('%j is one line and the usage, exit 2', (args, line) => {
    const result = setup(...args);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(line);
  });
});
