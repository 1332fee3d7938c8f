import { copyLatestRun, gradeFolder, labIdOf, runLabOnce, testBrokenVariants } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

// A fresh run on the broker, graded as it is and with each broken variant the golden run is tested with.
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes: the coordinator aborts the timed-out transaction, the worker is fenced, its restart processes the input again', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toMatchObject({ reprocessed: 5 });
  });

  testBrokenVariants(LAB, BROKEN, () => copyLatestRun(LAB));
});
