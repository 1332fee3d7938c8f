import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { withPayloads } from '@kafka-labs/kafka-producer-guarantees/testing';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({
      verdict: 'pass',
      figures: { kafkajsAcknowledgedNotStored: 1, kafkajsStoredTwice: 1, librdkafkaAcknowledgedNotStored: 0, librdkafkaStoredTwice: 0 },
    });
  });
  testGoldenInBothLanguages(LAB);
  testPicture(LAB, { shows: ['Produce response dropped by the proxy', 'producerId', 'epoch 0 · baseSequence 2', 'a duplicate of offset 2: not appended'] });

  test("without the proxy's drop, no response is drawn as dropped", async () => {
    const text = await alteredPicture(LAB, 'proxy-events.jsonl', (events) => events.replace(/"action":"response-dropped"/g, '"action":"forwarded"'));
    expect(text).not.toContain('Produce response dropped by the proxy');
  });

  test('a kafkajs partition that holds the acknowledged record fails kafkajs-acknowledged-not-stored', async () => {
    const graded = await gradeAltered(LAB, 'kafkajs-dump.txt', withPayloads(['W', 'E-1', 'E-2', 'E-5', 'E-4', 'E-3']));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-acknowledged-not-stored: .*\(every acknowledged record is stored\)/);
    expect(graded.stdout).toMatch(/✘ kafkajs-stored-twice: .*\(no record stored twice\)/);
  });

  test('a kafkajs send told an offset that holds no duplicate fails kafkajs-acknowledged-not-stored', async () => {
    const graded = await gradeAltered(LAB, 'kafkajs.log', (log) => log.replace(/ E-3 result: offset=2$/m, ' E-3 result: offset=3'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-acknowledged-not-stored: .*\(E-3 told offset=3 \(holds E-5\), stored at: nowhere\)/);
  });

  test('a librdkafka partition with a record twice fails librdkafka-each-once', async () => {
    const graded = await gradeAltered(LAB, 'librdkafka-dump.txt', withPayloads(['W', 'E-1', 'E-2', 'E-3', 'E-4', 'E-2']));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-each-once: .*\(6 batches; E-2 told offset=2 \(holds E-2\), stored at: 2, 5; E-5 told/);
  });

  test('a librdkafka send told another record\'s offset fails librdkafka-told-own-offset', async () => {
    const graded = await gradeAltered(LAB, 'librdkafka.log', (log) => log.replace(/ E-3 result: offset=3$/m, ' E-3 result: offset=2'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-told-own-offset: .*\(E-3 told offset=2 \(holds E-2\), stored at: 3\)/);
  });

  test('a dump with no batch under the lost request\'s sequence fails sequence-reused', async () => {
    const graded = await gradeAltered(LAB, 'librdkafka-dump.txt', (dump) => dump.replace(/baseSequence: 2 lastSequence: 2 /, 'baseSequence: 6 lastSequence: 6 '));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-sequence-reused: .*\(1 later request\(s\) with that sequence, 0 stored batch\(es\) with it\)/);
  });

  test('a send that failed fails all-acknowledged', async () => {
    const graded = await gradeAltered(LAB, 'kafkajs.log', (log) => log.replace(/ E-4 result: offset=4$/m, ' E-4 result: error KafkaJSNumberOfRetriesExceeded | gave up'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-all-acknowledged: .*\(5 of 6 sends told an offset\)/);
  });

  test('a run whose proxy dropped no response fails one-response-dropped', async () => {
    const graded = await gradeAltered(LAB, 'proxy-events.jsonl', (events) => events.replace(/"action":"response-dropped"/g, '"action":"forwarded"'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-one-response-dropped: .*\(no response dropped\)/);
    expect(graded.stdout).toMatch(/✘ librdkafka-one-response-dropped: /);
  });

  testRunFolderFailures(LAB, 'run.json');
});
