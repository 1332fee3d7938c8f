import { mkdirSync, renameSync, symlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { runsDir } from './paths.ts';

/** Creates runs/<lab-id>/<UTC timestamp>/ (runs/<lab-id>/latest moves only once the run finished: `markLatest`). */
export function createRunFolder(labId: string, startedAt = new Date()): string {
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const dir = join(runsDir(), labId, stamp);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Points `latest` beside a run folder at it (replacing the link in one step). */
export function markLatest(runDir: string): void {
  const next = join(dirname(runDir), `.latest-${process.pid}`);
  symlinkSync(basename(runDir), next);
  renameSync(next, join(dirname(runDir), 'latest'));
}

/** The folder runs/<lab-id>/latest points at. */
export function latestRunFolder(labId: string): string {
  return join(runsDir(), labId, 'latest');
}
