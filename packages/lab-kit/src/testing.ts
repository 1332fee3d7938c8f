import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.ts';
import { latestRunFolder } from './run-folder.ts';

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
