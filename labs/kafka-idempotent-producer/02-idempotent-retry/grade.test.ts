import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { gradeAltered, labIdOf, testGoldenInBothLanguages, testHostileFiles, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { editBatch, testGoldenPasses } from '@kafka-labs/kafka-idempotent-producer/test-support';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, { shows: ['Produce response dropped by the proxy', 'Produce #3 · E-42 · retry', 'a duplicate of offset 1: not appended'], hides: ['copy 2'] });

  test("without the proxy's drop, no response is drawn as dropped", async () => {
    expect(await alteredPicture(LAB, 'proxy-events.jsonl', (text) => text.replace(/"action":"response-dropped"/g, '"action":"forwarded"'))).not.toContain('Produce response dropped by the proxy');
  });
  testGoldenPasses(LAB, { storedRecords: 3, e42Sends: 2 });
  testGoldenInBothLanguages(LAB);

  test('a partition holding E-42 twice fails e42-stored-once', async () => {
    const graded = await gradeAltered(LAB, 'consumed.txt', (text) => text.replace('Offset:2\tE-43', 'Offset:2\tE-42\nOffset:3\tE-43'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ e42-stored-once: offsets 0-2 hold E-41, E-42, E-43 and nothing else/);
  });

  test('a retry with another BaseSeq fails retry-same-pid-seq', async () => {
    let sends = 0;
    const graded = await gradeAltered(LAB, 'producer.log', (text) =>
      text.replace(/MsgId 2, BaseSeq 1, /g, (send) => (++sends === 2 ? 'MsgId 2, BaseSeq 5, ' : send)),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ retry-same-pid-seq: .*BaseSeq 1, PID\{Id:\d+,Epoch:0\} BaseSeq 5/);
  });

  test('a stored E-42 under another producer id fails stored-batch-is-the-retried-one', async () => {
    const graded = await gradeAltered(LAB, 'dump.txt', (text) => editBatch(text, 1, (line) => line.replace(/producerId: \d+/, 'producerId: 999999')));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ stored-batch-is-the-retried-one: .*dump: producerId 999999/);
    expect(graded.stdout).toMatch(/✘ dump-one-producer-sequences:/);
  });

  test('a producer told a new offset for the retried E-42 fails told-original-offset', async () => {
    const graded = await gradeAltered(LAB, 'producer.log', (text) => text.replace('E-42 result: offset=1', 'E-42 result: offset=3'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ told-original-offset: .*\(told: E-41 offset=0, E-42 offset=3, E-43 offset=2\)/);
  });

  testRunFolderFailures(LAB, 'offsets.txt');
  testHostileFiles(LAB, ['offsets.txt', 'consumed.txt', 'dump.txt', 'proxy-events.jsonl', 'producer.log']);
});
