import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { gradeAltered, labIdOf, testGoldenInBothLanguages, testHostileFiles, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { dropConsumed, editBatch, removeBatch, testGoldenPasses } from '@kafka-labs/kafka-idempotent-producer/test-support';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, { shows: ['Produce response dropped by the proxy', 'appended at offset 2 (E-42, copy 2)'], hides: ['a duplicate of offset'] });

  test("without the proxy's drop, no response is drawn as dropped", async () => {
    expect(await alteredPicture(LAB, 'proxy-events.jsonl', (text) => text.replace(/"action":"response-dropped"/g, '"action":"forwarded"'))).not.toContain('Produce response dropped by the proxy');
  });
  testGoldenPasses(LAB, { storedRecords: 4, e42Copies: 2 });
  testGoldenInBothLanguages(LAB);

  test('a partition without the duplicate E-42 fails e42-stored-twice', async () => {
    const graded = await gradeAltered(LAB, 'consumed.txt', (text) => dropConsumed(text, 2));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ e42-stored-twice: offsets 0-3 hold E-41, E-42, E-42, E-43 and nothing else/);
  });

  test('a dump without the second E-42 batch fails same-batch-resent', async () => {
    const graded = await gradeAltered(LAB, 'dump.txt', (text) => removeBatch(text, 2));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ same-batch-resent: the dump holds two E-42 batches .*\(it holds 1 E-42 batch/);
  });

  test('E-42 batches with differing crc fail same-batch-resent', async () => {
    const graded = await gradeAltered(LAB, 'dump.txt', (text) => editBatch(text, 2, (line) => line.replace(/crc: \d+/, 'crc: 12345')));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ same-batch-resent: the two E-42 batches carry the same CreateTime and crc.*crc \d+ \/ 12345/);
  });

  test('a batch with a producer id fails no-producer-id', async () => {
    const graded = await gradeAltered(LAB, 'dump.txt', (text) => editBatch(text, 1, (line) => line.replace('producerId: -1', 'producerId: 7')));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ no-producer-id: every batch has producerId -1 and baseSequence -1.*\(3 of 4 batches do\)/);
  });

  test('a producer told offset=1 for E-42 fails one-success-per-event', async () => {
    const graded = await gradeAltered(LAB, 'producer.log', (text) => text.replace(/E-42 result: offset=2/, 'E-42 result: offset=1'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ one-success-per-event: .*\(told: E-41 offset=0, E-42 offset=1, E-43 offset=3\)/);
  });

  testRunFolderFailures(LAB, 'offsets.txt');
  testHostileFiles(LAB, ['offsets.txt', 'consumed.txt', 'dump.txt', 'proxy-events.jsonl', 'producer.log']);
});
