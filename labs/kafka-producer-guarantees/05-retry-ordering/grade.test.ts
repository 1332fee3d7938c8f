import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
      figures: { plainOvertaken: 3, idempotentOvertaken: 0, oneInFlightOvertaken: 1, oneInFlightClient: 'librdkafka 2.15.1' },
    });
  });
  testGoldenInBothLanguages(LAB);
  testPicture(LAB, { shows: ['answered by the proxy: NOT_LEADER_OR_FOLLOWER, never reached the broker', 'Produce response written by the proxy', 'appended at offset 5 (E-2)', 'epoch 1 · baseSequence 0'] });

  test('a request the proxy forwarded is drawn as reaching the broker, not as answered by the proxy', async () => {
    const text = await alteredPicture(LAB, 'proxy-events.jsonl', (events) => events.replace(/"action":"answered"/g, '"action":"forwarded"'));
    expect(text).not.toContain('answered by the proxy');
  });

  test('a plain producer whose log is in send order fails plain-reordered', async () => {
    const graded = await gradeAltered(LAB, 'plain-dump.txt', withPayloads(['W', 'E-1', 'E-2', 'E-3', 'E-4', 'E-5']));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ plain-reordered: E-2 is stored after E-3, E-4, E-5, .*\(stored: W E-1 E-2 E-3 E-4 E-5; 0 of 3/);
  });

  test('one in flight in send order passes: without idempotence the order is not guaranteed, nor is its loss', async () => {
    // The dump in send order, and the delivery reports told the offsets of that order.
    const graded = await gradeAltered(LAB, 'one-in-flight-dump.txt', (dump, dir) => {
      const log = join(dir, 'one-in-flight.log');
      writeFileSync(log, readFileSync(log, 'utf8').replace('E-3 result: offset=2', 'E-3 result: offset=3').replace('E-2 result: offset=3', 'E-2 result: offset=2'));
      return withPayloads(['W', 'E-1', 'E-2', 'E-3', 'E-4', 'E-5'])(dump);
    });
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result).toMatchObject({ figures: { oneInFlightOvertaken: 0, oneInFlightClient: 'librdkafka 2.15.1' } });
  });

  test('an idempotent producer whose retry came last fails idempotent-in-order', async () => {
    const graded = await gradeAltered(LAB, 'idempotent-dump.txt', withPayloads(['W', 'E-1', 'E-3', 'E-4', 'E-5', 'E-2']));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ idempotent-in-order: .*\(stored: W E-1 E-3 E-4 E-5 E-2\)/);
  });

  test('an idempotent retry under the old epoch fails idempotent-resent-under-new-epoch', async () => {
    const graded = await gradeAltered(LAB, 'idempotent-dump.txt', (dump) => dump.replace(/producerEpoch: 1 /g, 'producerEpoch: 0 '));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ idempotent-resent-under-new-epoch: .*\(W e0\/s0 E-1 e0\/s1 E-2 e0\/s0/);
  });

  test('an idempotent client log without the sequence gap fails idempotent-gap-detected', async () => {
    const graded = await gradeAltered(LAB, 'idempotent.log', (log) => log.replace(/^.* ERRSEQ .*\n/gm, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ idempotent-gap-detected: .*\(0 ERRSEQ line\(s\), 1 epoch bump\(s\)\)/);
  });

  test('a record stored twice fails each-once', async () => {
    const graded = await gradeAltered(LAB, 'one-in-flight-dump.txt', withPayloads(['W', 'E-1', 'E-3', 'E-2', 'E-2', 'E-5']));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ one-in-flight-each-once: .*\(stored: W E-1 E-3 E-2 E-2 E-5\)/);
  });

  test('a producer told an error for the retried record fails all-acknowledged', async () => {
    const graded = await gradeAltered(LAB, 'plain.log', (log) => log.replace(/E-2 result: offset=5/, 'E-2 result: error 6 NOT_LEADER_FOR_PARTITION'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ plain-all-acknowledged: .*\(6 delivery reports, 1 with an error or another offset\)/);
  });

  test('a run whose proxy answered no request fails one-error-answer', async () => {
    const graded = await gradeAltered(LAB, 'proxy-events.jsonl', (events) => events.replace(/"action":"answered"/g, '"action":"forwarded"'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ plain-one-error-answer: .*\(no request answered\)/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
