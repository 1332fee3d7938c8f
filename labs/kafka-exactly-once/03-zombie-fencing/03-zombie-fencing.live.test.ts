import { copyLatestRun, gradeFolder, labIdOf, runLabOnce, testBrokenVariants } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

// A fresh run on the broker, graded as it is and with each broken variant the golden run is tested with.
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes: the stable id fences the zombie, a random id with assign() duplicates its batch, subscribe() refuses it, a stall after sendOffsets holds the successor', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toEqual({ stableTwice: 0, 'random-assignTwice': 5, 'random-subscribeTwice': 0, 'random-after-offsetsTwice': 0 });
  });

  testBrokenVariants(LAB, BROKEN, () => copyLatestRun(LAB));
});
