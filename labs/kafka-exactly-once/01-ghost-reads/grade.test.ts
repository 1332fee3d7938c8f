import { goldenRunFolder, gradeAltered, gradeGolden, labIdOf, testBrokenVariants, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, {
    shows: ['ABORT (producer) · epoch 0', 'COMMIT (producer) · epoch 0', 'each order once, plus the aborted copies of E-0001 E-0002 E-0003 E-0004 E-0005', '5 records, each order once'],
    hides: ['twice:'],
  });

  test('a dump without the ABORT marker draws no ABORT', async () => {
    const text = await alteredPicture(LAB, 'dump.txt', (dump) => dump.replace(/^baseOffset: \d+ .*isControl: true.*\n\| .*endTxnMarker: ABORT.*\n/m, ''));
    expect(text).not.toContain('ABORT (producer)');
    expect(text).toContain('COMMIT (producer) · epoch 0');
  });

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
