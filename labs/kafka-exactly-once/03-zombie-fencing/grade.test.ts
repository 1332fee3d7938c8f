import { dropLines, goldenRunFolder, gradeAltered, gradeGolden, labIdOf, testBrokenVariants, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  // Only random-assign keeps a copy twice: its strip is the only one that says "twice".
  testPicture(LAB, {
    shows: ['fenced by the coordinator', 'committed late: a duplicate', 'refused by the group, aborted', 'ABORT (a1) · epoch 1', 'twice: E-0001 E-0002 E-0003 E-0004 E-0005'],
  });

  test("a random-assign output without a1's late batch draws no duplicate", async () => {
    const text = await alteredPicture(LAB, 'read-committed-random-assign.txt', (read) => dropLines(read, /"enrichedBy":"random-assign-a1"/));
    expect(text.match(/twice: /g) ?? []).toHaveLength(1);
  });

  test('the golden run (a real run against the broker) passes: fenced, a late duplicate, group-fenced, held', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toEqual({ stableTwice: 0, 'random-assignTwice': 5, 'random-subscribeTwice': 0, 'random-after-offsetsTwice': 0 });
  });

  testGoldenInBothLanguages(LAB);

  testBrokenVariants(LAB, BROKEN, () => goldenRunFolder(LAB));

  test('a zombie refused with ILLEGAL_GENERATION (22) instead of UNKNOWN_MEMBER_ID (25) passes: the same group fencing', async () => {
    const graded = await gradeAltered(LAB, 'random-subscribe-a1.log', (text) => text.replace('UNKNOWN_MEMBER_ID (25)', 'ILLEGAL_GENERATION (22)'));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.stdout).toMatch(/✔ random-subscribe-zombie-outcome: .*failed sendOffsetsToTransaction: ILLEGAL_GENERATION \(22\)/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
