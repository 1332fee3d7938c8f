import { copyLatestRun, gradeFolder, labIdOf, runLabOnce } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);

// A fresh run on the broker; its grader's broken variants are tested on the golden run (grade.test.ts).
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes: the committing handler lost the failed record, the stopping one had it processed on the retry', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toMatchObject({ commitNever: 1, commitRetried: 0, stopNever: 0, stopRetried: 1 });
  });
});
