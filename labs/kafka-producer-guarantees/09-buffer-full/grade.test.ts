import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);

/** Rewrites the result of `event` in a producer log. */
const result = (event: string, by: string) => (log: string) => log.replace(new RegExp(`^(\\s*[\\d.]+s ${event} result: ).*$`, 'm'), `$1${by}`);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ verdict: 'pass', figures: { maxMessagesRefused: 35, kafkajsRefused: 0, maxMessagesOvertaken: 0 } });
  });
  testGoldenInBothLanguages(LAB);
  testPicture(LAB, { shows: ['O-6: refused at produce(), _QUEUE_FULL (-184): never sent', 'ProduceRequest timed out after', 'max-kbytes', 'kafkajs'] });

  test('a record that failed its delivery is drawn as a failed delivery, not as refused', async () => {
    const text = await alteredPicture(LAB, 'max-messages.log', result('O-6', 'error -192 _MSG_TIMED_OUT | Local: Message timed out'));
    expect(text).toContain('O-6: delivery failed, _MSG_TIMED_OUT (-192)');
    expect(text).not.toContain('O-6: refused at produce()');
  });

  test('a sixth record accepted past queue.buffering.max.messages=5 fails max-messages-queue-full', async () => {
    const graded = await gradeAltered(LAB, 'max-messages.log', result('O-6', 'offset=5'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ max-messages-queue-full: .*\(34 refused, 6 accepted /);
    expect(graded.stdout).toMatch(/✘ max-messages-accepted-stored-once: /);
  });

  test('a record that timed out instead of being refused fails max-kbytes-queue-full', async () => {
    const graded = await gradeAltered(LAB, 'max-kbytes.log', result('O-40', 'error -192 _MSG_TIMED_OUT | Local: Message timed out'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ max-kbytes-queue-full: .*, 1 failed otherwise\)/);
  });

  test('a refused record in the log fails max-messages-refused-not-stored', async () => {
    const graded = await gradeAltered(LAB, 'max-messages-dump.txt', (dump) => dump.replace('{"order":"O-1","customer":"c-1"', '{"order":"O-6","customer":"c-6"').replace('"amount":1001', '"amount":1006'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ max-messages-refused-not-stored: .*\(1 refused record\(s\) stored: O-6\)/);
  });

  test('a kafkajs send refused with QUEUE_FULL fails kafkajs-no-buffer-limit', async () => {
    const graded = await gradeAltered(LAB, 'kafkajs.log', result('O-1', 'error -184 _QUEUE_FULL | Local: Queue full'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-no-buffer-limit: .*\(1 refused, 0 failed; /);
  });

  test('requests forwarded while the broker was away fail every stored-after-return', async () => {
    const graded = await gradeAltered(LAB, 'proxy-events.jsonl', (events) => events.replace(/"action":"swallowed"/g, '"action":"forwarded"'));
    expect(graded.status).toBe(1);
    for (const v of ['max-messages', 'max-kbytes', 'kafkajs']) expect(graded.stdout).toMatch(new RegExp(`✘ ${v}-stored-after-return: .*\\(0 swallowed, then `));
  });

  testRunFolderFailures(LAB, 'run.json');
});
