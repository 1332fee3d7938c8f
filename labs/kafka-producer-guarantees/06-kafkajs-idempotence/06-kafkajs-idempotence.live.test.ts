import { copyLatestRun, gradeAltered, gradeFolder, labIdOf, runLabOnce } from '@kafka-labs/lab-kit/testing';
import { latestRunFolder } from '@kafka-labs/lab-kit';
import { withPayloads } from '@kafka-labs/kafka-producer-guarantees/testing';
import { describe, expect, test } from 'vitest';

// The lab once against the broker, then its grader on altered copies of that fresh run: the laws of each half fail
// when the run folder shows the other client's outcome.
const LAB = labIdOf(import.meta.url);


describe(LAB, () => {
  runLabOnce(LAB);

  test('the run passes with one record acknowledged and lost and one stored twice, by kafkajs only', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result!.figures).toMatchObject({ kafkajsAcknowledgedNotStored: 1, kafkajsStoredTwice: 1, librdkafkaAcknowledgedNotStored: 0, librdkafkaStoredTwice: 0 });
  });

  test('a kafkajs partition holding every record once fails acknowledged-not-stored and stored-twice', async () => {
    const graded = await gradeAltered(LAB, 'kafkajs-dump.txt', withPayloads(['W', 'E-1', 'E-2', 'E-3', 'E-4', 'E-5']), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-acknowledged-not-stored: /);
    expect(graded.stdout).toMatch(/✘ kafkajs-stored-twice: .*\(no record stored twice\)/);
  });

  test('a librdkafka partition holding a record twice fails each-once', async () => {
    const graded = await gradeAltered(LAB, 'librdkafka-dump.txt', (dump) => dump.replace(/payload: E-3$/m, 'payload: E-2'), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-each-once: .*E-2 told offset=2 \(holds E-2\), stored at: 2, 3/);
  });

  test('a run whose proxy dropped no response fails one-response-dropped', async () => {
    const graded = await gradeAltered(LAB, 'proxy-events.jsonl', (events) => events.replace(/"action":"response-dropped"/g, '"action":"forwarded"'), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-one-response-dropped: .*\(no response dropped\)/);
  });
});
