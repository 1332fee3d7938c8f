import { dropLines, goldenRunFolder, gradeGolden, labIdOf, testBrokenVariants, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, {
    shows: ['transaction.timeout.ms 5000', 'aborted by the coordinator', 'held at the LSO', 'E-0006 read', 'ABORT (w1) · epoch 1', 'w2 committed'],
  });

  test('a reader that never got E-0006 draws no read of it', async () => {
    const text = await alteredPicture(LAB, 'reader.log', (log) => dropLines(log, / consumed p0 offset \d+ E-0006$/));
    expect(text).not.toContain('E-0006 read');
  });

  test('the golden run (a real run against the broker) passes: aborted by the coordinator, fenced, processed again', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toMatchObject({ reprocessed: 5 });
  });

  testGoldenInBothLanguages(LAB);

  testBrokenVariants(LAB, BROKEN, () => goldenRunFolder(LAB));

  testRunFolderFailures(LAB, 'run.json');
});
