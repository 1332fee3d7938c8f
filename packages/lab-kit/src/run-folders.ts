import { mkdirSync, renameSync, symlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { runsDir } from './paths.ts';

/** Creates runs/<lab-id>/<UTC timestamp>/ (runs/<lab-id>/latest moves only once the run finished: `markLatest`). */
export function createRunFolder(labId: string, startedAt = new Date()): string {
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  mkdirSync(join(runsDir(), labId), { recursive: true });
  // Two runs of a lab that start in the same second (`pnpm lab --parallel`, two terminals) get folders of their own.
  for (let n = 1; ; n++) {
    const dir = join(runsDir(), labId, n === 1 ? stamp : `${stamp}-${n}`);
    try {
      mkdirSync(dir);
      return dir;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
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
