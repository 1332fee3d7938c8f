import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.ts';
import { latestRunFolder } from './run-folder.ts';

// What lab tests share: run a lab or its grader as a learner would, and grade altered copies of a real run.

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
export const gradeEmpty = (labId: string) => runPnpm('grade', labId, mkdtempSync(join(tmpdir(), `${labId}-empty-`)));

/** Grades a folder that does not exist. */
export const gradeMissing = (labId: string) => runPnpm('grade', labId, join(tmpdir(), 'no-such-run-folder'));
