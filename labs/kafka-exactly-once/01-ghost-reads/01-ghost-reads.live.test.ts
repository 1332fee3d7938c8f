import { realpathSync } from 'node:fs';
import { latestRunFolder } from '@kafka-labs/lab-kit';
import { copyLatestRun, expectKoreanRun, gradeFolder, labIdOf, runLabOnce, testBrokenVariants } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

// A fresh run on the broker, graded as it is and with each broken variant the golden run is tested with.
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB, 'ko');

  test('the fresh run passes, with as many ghosts as aborted records', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toEqual({ ghosts: 5, abortedRecords: 5 });
  });

  test('the run was made in Korean, and a learner reads it in Korean', () => {
    expectKoreanRun(LAB, realpathSync(latestRunFolder(LAB)));
  });

  testBrokenVariants(LAB, BROKEN, () => copyLatestRun(LAB));
});
