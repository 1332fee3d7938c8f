import { copyLatestRun, gradeFolder, labIdOf, runLabOnce, testBrokenVariants } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

// A fresh run on the broker, graded as it is and with each broken variant the golden run is tested with.
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes: the killed batch twice with after-txn, lost with before-txn, once with sendOffsetsToTransaction', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toMatchObject({ beforeTwice: 0, sentTwice: 0, sentMissing: 0, afterMissing: 0 });
  });

  testBrokenVariants(LAB, BROKEN, () => copyLatestRun(LAB));
});
