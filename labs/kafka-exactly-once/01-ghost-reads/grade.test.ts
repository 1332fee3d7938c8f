import { goldenRunFolder, gradeAltered, gradeGolden, labIdOf, testBrokenVariants, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes, with five ghosts', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result).toMatchObject({ lab: LAB, verdict: 'pass', figures: { ghosts: 5, abortedRecords: 5 } });
  });

  testGoldenInBothLanguages(LAB);

  testBrokenVariants(LAB, BROKEN, () => goldenRunFolder(LAB));

  test('a producer log with a line of another program fails naming the file', async () => {
    const graded = await gradeAltered(LAB, 'producer.log', (text) => `pyenv: cannot rehash\n${text}`);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: producer\.log: line 1 is not a txn-worker log line: "pyenv: cannot rehash"/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
