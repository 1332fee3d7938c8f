import { gradeAltered, gradeGolden, gradeWithout, testGoldenInBothLanguages, testRunFolderFailures, testHostileFiles } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

describe('00-hello', () => {
  test('the run passes and its result.json says so', async () => {
    const graded = await gradeGolden('00-hello');
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ lab: '00-hello', verdict: 'pass' });
  });

  test('a dump whose librdkafka batch lost its producer id fails the idempotence check', async () => {
    const graded = await gradeAltered('00-hello', 'dump.txt', (dump) => dump.replace(/producerId: \d+/, 'producerId: -1'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ idempotent-batch-has-producer-id: the librdkafka batch with a producerId other than -1 and baseSequence 0 \(the librdkafka batch has producerId -1/);
  });

  test('a run folder without its dump fails naming the missing file', async () => {
    const graded = await gradeWithout('00-hello', 'dump.txt');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: dump.txt is missing from the run folder/);
  });

  testGoldenInBothLanguages('00-hello');
  testRunFolderFailures('00-hello', 'consumed.json');
  testHostileFiles('00-hello', ['consumed.json', 'dump.txt']);
});
