import { goldenRunFolder, gradeAltered, gradeGolden, labIdOf, testBrokenVariants, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes: two rebalances, nothing replayed in the live group, 10 backfilled and all skipped', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toEqual({ liveRebalances: 2, replayerConsumed: 0, backfillReplayed: 10, mergeSkipped: 10, mergeApplied: 0, rowsChanged: 0 });
  });

  testGoldenInBothLanguages(LAB);
  testBrokenVariants(LAB, BROKEN, () => goldenRunFolder(LAB));

  test('a dump cut short is a run-folder failure naming the file', async () => {
    const graded = await gradeAltered(LAB, 'database-live.jsonl', (text) => text.slice(0, -40));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: database-live\.jsonl/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
