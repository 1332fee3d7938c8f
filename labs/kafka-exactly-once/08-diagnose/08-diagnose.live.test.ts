import { copyLatestRun, gradeFolder, runLabOnce } from '@kafka-labs/lab-kit/testing';
import { testBrokenVariants } from '@kafka-labs/kafka-exactly-once/test-support';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = '08-diagnose';

// A fresh incident (its cause from a random seed) solved by the README, graded as it is and with each learner mistake.
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes every step: the README found the planted cause', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.checks.every((c) => c.ok)).toBe(true);
  });

  testBrokenVariants(LAB, BROKEN, () => copyLatestRun(LAB));
});
