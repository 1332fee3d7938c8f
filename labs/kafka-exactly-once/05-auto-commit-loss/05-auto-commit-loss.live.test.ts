import { copyLatestRun, gradeFolder, labIdOf, runLabOnce } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);

// A fresh run on the broker; its grader's broken variants are tested on the golden run (grade.test.ts).
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes: auto commit lost every fetched order the worker had not processed, sync lost none and repeated those it had', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toMatchObject({ autoLost: 7, autoTwice: 0, syncLost: 0, syncTwice: 3 });
  });
});
