import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { programArgs } from '@kafka-labs/build';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const run = (args: string[]) =>
  spawnSync(process.execPath, [...programArgs(join(PACKAGE_DIR, 'src', 'cli.ts')), ...args], { cwd: PACKAGE_DIR, encoding: 'utf8' });

describe('dups CLI', () => {
  it('reads every log of a run folder and prints the report', () => {
    const result = run(['fixtures/revoke-nocommit']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('processed 437, unique 400, duplicates 37\n  p1: offset 100..136 (37) processed twice by nocommit-a, nocommit-b\n');
    expect(result.stderr).toBe('');
  });

  it('prints the report as JSON with --json', () => {
    const result = run(['--json', 'fixtures/revoke-commit/revcommit-a.log', 'fixtures/revoke-commit/revcommit-b.log']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      processed: 400, unique: 400, duplicates: 0, partitions: { 0: { ranges: [] }, 1: { ranges: [] } }, skipped: 0,
    });
  });

  it('skips lines that are not worker log lines and says so in one line', () => {
    const folder = mkdtempSync(join(tmpdir(), 'dups-'));
    copyFileSync(join(PACKAGE_DIR, 'fixtures/revoke-nocommit/nocommit-b.log'), join(folder, 'b.log'));
    const a = readFileSync(join(PACKAGE_DIR, 'fixtures/revoke-nocommit/nocommit-a.log'), 'utf8');
    writeFileSync(join(folder, 'a.log'), `node: warning\n${a}2026-11-29T23:58:56.700Z nocommit-a proc`);
    const result = run([folder]);
    rmSync(folder, { recursive: true });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^processed 437, unique 400, duplicates 37\n/);
    expect(result.stderr).toBe(
      `dups: skipped 2 line(s) that are not worker log lines, first ${join(folder, 'a.log')}:1: "node: warning"\n`,
    );
  });

  it.each([
    [['missing-folder'], 'dups: no such file or folder: missing-folder\n'],
    [['--csv', 'fixtures'], 'dups: unknown flag --csv (see --help)\n'],
    [[], 'dups: give at least one run folder or log file (see --help)\n'],
    [['package.json'], 'dups: no worker log lines in package.json\n'],
  ])('exits 2 with one line for %j', (args, stderr) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(stderr);
  });
});
