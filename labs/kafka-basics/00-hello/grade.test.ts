import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { gradeAltered, gradeGolden, gradeWithout, labIdOf, testGoldenInBothLanguages, testHostileFiles, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, { shows: ['librdkafka, enable.idempotence=true', 'kafkajs, idempotence off', 'producerId', '-1: none'] });

  test("a kafkajs batch with a producer id is drawn with it", async () => {
    expect(await alteredPicture(LAB, 'dump.txt', (text) => text.replace(/producerId: -1/g, 'producerId: 7'))).not.toContain('-1: none');
  });
  test('the run passes and its result.json says so', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ lab: LAB, verdict: 'pass' });
  });

  test('a dump whose librdkafka batch lost its producer id fails the idempotence check', async () => {
    const graded = await gradeAltered(LAB, 'dump.txt', (dump) => dump.replace(/producerId: \d+/, 'producerId: -1'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ idempotent-batch-has-producer-id: the librdkafka batch with a producerId other than -1 and baseSequence 0 \(the librdkafka batch has producerId -1/);
  });

  test('a run folder without its dump fails naming the missing file', async () => {
    const graded = await gradeWithout(LAB, 'dump.txt');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: dump.txt is missing from the run folder/);
  });

  testGoldenInBothLanguages(LAB);
  testRunFolderFailures(LAB, 'consumed.json');
  testHostileFiles(LAB, ['consumed.json', 'dump.txt']);
});
