import { readdirSync } from 'node:fs';
import { copyLatestRun, gradeFolder, labIdOf, runLabOnce, testBrokenVariants } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

// A fresh incident (its cause from a random seed) solved by the README, graded as it is and with each learner mistake.
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes every step: the README found the planted cause', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.checks.every((c) => c.ok)).toBe(true);
  });

  test('the run leaves the logs every incident leaves, whatever its cause: which files exist tells nothing', () => {
    const logs = readdirSync(copyLatestRun(LAB)).filter((file) => file.endsWith('.log') && file !== 'solution.log');
    expect(logs.sort()).toEqual(['pipeline-1.log', 'pipeline-2.log', 'replay-1.log']);
  });

  testBrokenVariants(LAB, BROKEN, () => copyLatestRun(LAB));
});
