import { goldenRunFolder, gradeAltered, gradeGolden, labIdOf, testBrokenVariants, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes: fenced, a late duplicate, group-fenced', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toEqual({ stableTwice: 0, 'random-assignTwice': 5, 'random-subscribeTwice': 0 });
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
