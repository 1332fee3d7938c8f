import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
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
  testPicture(LAB, {
    shows: ['each of 10 events processed once', '10 events delivered, each skipped by the inbox: nothing applied', 'order_events: 10 rows for 10 events'],
    hides: ['processed twice', 'never processed', 'a row twice'],
  });

  test('a merge that applied a replayed event again is drawn as applied, not all skipped', async () => {
    const picture = await alteredPicture(LAB, 'merge.log', (text) => text.replace(/ merge skipped E-0004$/m, ' merge applied E-0004'));
    expect(picture).not.toContain('each skipped by the inbox');
  });
  testBrokenVariants(LAB, BROKEN, () => goldenRunFolder(LAB));

  test('a dump cut short is a run-folder failure naming the file', async () => {
    const graded = await gradeAltered(LAB, 'database-live.jsonl', (text) => text.slice(0, -40));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: database-live\.jsonl/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
