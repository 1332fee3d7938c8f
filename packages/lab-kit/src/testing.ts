import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { REPO_ROOT } from './paths.ts';
import { latestRunFolder } from './run-folder.ts';

// What lab tests share (import from '@kafka-labs/lab-kit/testing'): run a lab or its grader as a learner
// would, grade altered copies of a real run, and the run-folder failures every grader must report.

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `pnpm -s <args>` at the repository root, as a learner would, and returns its exit code and output. */
export function runPnpm(...args: string[]): CommandResult {
  const result = spawnSync('pnpm', ['-s', ...args], { encoding: 'utf8', cwd: REPO_ROOT });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.trim() };
}

/** A private copy of a lab's latest run folder, for tests that alter it and grade the result. */
export function copyLatestRun(labId: string): string {
  const copy = mkdtempSync(join(tmpdir(), `${labId}-`));
  cpSync(realpathSync(latestRunFolder(labId)), copy, { recursive: true });
  return copy;
}

/** Copies the lab's latest run folder, rewrites one of its files with `edit` (which must change it) and grades the copy. */
export function gradeAltered(labId: string, file: string, edit: (text: string) => string): CommandResult {
  const dir = copyLatestRun(labId);
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`the edit did not change ${file}`);
  writeFileSync(path, after);
  return runPnpm('grade', labId, dir);
}

/** Copies the lab's latest run folder without `file` and grades the copy. */
export function gradeWithout(labId: string, file: string): CommandResult {
  const dir = copyLatestRun(labId);
  rmSync(join(dir, file));
  return runPnpm('grade', labId, dir);
}

/** Grades an empty run folder. */
const gradeEmpty = (labId: string) => runPnpm('grade', labId, mkdtempSync(join(tmpdir(), `${labId}-empty-`)));

/** Grades a folder that does not exist. */
const gradeMissing = (labId: string) => runPnpm('grade', labId, join(tmpdir(), 'no-such-run-folder'));

/** Runs the lab once before the file's tests (`pnpm lab <id>`), failing them with its output unless it passes. */
export function runLabOnce(labId: string): void {
  beforeAll(() => {
    const run = runPnpm('lab', labId);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
}

/** The tests every grader passes: an empty run folder fails naming `firstFile`, a missing one is a usage error. */
export function testRunFolderFailures(labId: string, firstFile: string): void {
  test('an empty run folder fails naming the first missing file', () => {
    const graded = gradeEmpty(labId);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toContain(`✘ run-folder: ${firstFile} is missing from the run folder`);
  });

  test('a missing run folder is a one-line error with exit code 2', () => {
    const graded = gradeMissing(labId);
    expect(graded.status).toBe(2);
    expect(graded.stderr).toMatch(/^error: no run folder at \S*no-such-run-folder$/);
  });
}
