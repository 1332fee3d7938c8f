import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { copyLatestRun, gradeFolder, labIdOf, runLabOnce, testBrokenVariants } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

// A fresh run on the broker, graded as it is and with each broken variant the golden run is tested with.
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes: the same-group replayer replayed nothing, the backfill group replayed every order, the merge skipped them all', async () => {
    const run = copyLatestRun(LAB);
    const graded = await gradeFolder(LAB, run);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toMatchObject({ liveRebalances: 2, replayerConsumed: 0, backfillReplayed: 10, mergeSkipped: 10, mergeApplied: 0, rowsChanged: 0 });
    // The database the run opened was closed: its folder keeps no lock.
    expect(existsSync(join(run, 'database', 'lock'))).toBe(false);
  });

  testBrokenVariants(LAB, BROKEN, () => copyLatestRun(LAB));
});
