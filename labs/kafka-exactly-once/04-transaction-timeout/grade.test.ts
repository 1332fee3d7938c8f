import { goldenRunFolder, gradeGolden, labIdOf, testBrokenVariants, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes: aborted by the coordinator, fenced, processed again', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toMatchObject({ reprocessed: 5 });
  });

  testGoldenInBothLanguages(LAB);

  testBrokenVariants(LAB, BROKEN, () => goldenRunFolder(LAB));

  testRunFolderFailures(LAB, 'run.json');
});
