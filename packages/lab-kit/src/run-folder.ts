import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { runsDir } from './paths.ts';

/** Creates runs/<lab-id>/<UTC timestamp>/ and points runs/<lab-id>/latest at it. */
export function createRunFolder(labId: string, startedAt = new Date()): string {
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const labRuns = join(runsDir(), labId);
  const dir = join(labRuns, stamp);
  mkdirSync(dir, { recursive: true });
  const latest = join(labRuns, 'latest');
  rmSync(latest, { force: true });
  symlinkSync(stamp, latest);
  return dir;
}

/** The folder runs/<lab-id>/latest points at. */
export function latestRunFolder(labId: string): string {
  return join(runsDir(), labId, 'latest');
}
