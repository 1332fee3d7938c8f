import { dropLines, goldenRunFolder, gradeGolden, labIdOf, testBrokenVariants, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, {
    shows: [
      'twice: E-0006 E-0007 E-0008 E-0009 E-0010',
      "the group's committed offset when the worker was killed: 10",
      'the restart began at 5',
      'ABORT (sent-1) · epoch 1',
      'each order once, plus the aborted copies of E-0006 E-0007 E-0008 E-0009 E-0010',
    ],
  });

  test("an after-txn read_committed output without the restart's copies draws no duplicate in it", async () => {
    const text = await alteredPicture(LAB, 'read-committed-after.txt', (read) => dropLines(read, /"enrichedBy":"after-2"/));
    // The golden says "twice" for both of after's reads; only its read_uncommitted one is left.
    expect(text.match(/twice: /g) ?? []).toHaveLength(1);
  });

  test('the golden run (a real run against the broker) passes: repeated after, lost before, once inside', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toEqual({ afterTwice: 5, afterMissing: 0, beforeTwice: 0, beforeMissing: 5, sentTwice: 0, sentMissing: 0 });
  });

  testGoldenInBothLanguages(LAB);

  testBrokenVariants(LAB, BROKEN, () => goldenRunFolder(LAB));

  testRunFolderFailures(LAB, 'run.json');
});
