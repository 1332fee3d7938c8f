import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { gradeAltered, labIdOf, testGoldenInBothLanguages, testHostileFiles, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { dropConsumed, editBatch, testGoldenPasses } from '@kafka-labs/kafka-idempotent-producer/test-support';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, { shows: ['Produce response dropped by the proxy', 'a duplicate of offset 0: not appended', 'epoch bump'] });

  test("without the proxy's drops, no response is drawn as dropped", async () => {
    expect(await alteredPicture(LAB, 'proxy-events.jsonl', (text) => text.replace(/"action":"response-dropped"/g, '"action":"forwarded"'))).not.toContain('Produce response dropped by the proxy');
  });
  testGoldenPasses(LAB, { storedRecords: 2 });
  testGoldenInBothLanguages(LAB);

  test('a partition without the second E-42 fails e42-stored-twice', async () => {
    const graded = await gradeAltered(LAB, 'consumed.txt', (text) => dropConsumed(text, 1));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ e42-stored-twice: offsets 0-1 hold E-42, E-42 and nothing else/);
  });

  test('a second batch in the same epoch fails dump-same-pid-new-epoch', async () => {
    const graded = await gradeAltered(LAB, 'dump.txt', (text) => editBatch(text, 1, (line) => line.replace('producerEpoch: 1', 'producerEpoch: 0')));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ dump-same-pid-new-epoch: .*epoch 0 seq 0; producerId \d+ epoch 0 seq 0/);
  });

  test('a second batch under another producer id fails dump-same-pid-new-epoch', async () => {
    const graded = await gradeAltered(LAB, 'dump.txt', (text) => editBatch(text, 1, (line) => line.replace(/producerId: \d+/, 'producerId: 999999')));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ dump-same-pid-new-epoch: .*producerId 999999 epoch 1/);
  });

  test('a first E-42 reported as stored fails timed-out-then-stored', async () => {
    const graded = await gradeAltered(LAB, 'producer.log', (text) => text.replace('E-42 result: error -192 _MSG_TIMED_OUT', 'E-42 result: offset=0'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ timed-out-then-stored: .*\(told: E-42 offset=0, E-42 offset=1\)/);
  });

  test('a client that never bumped its epoch fails epoch-bumped', async () => {
    const graded = await gradeAltered(LAB, 'producer.log', (text) => text.replace(/^.*NEWPID.*Epoch:0\} -> PID\{Id:\d+,Epoch:1\}.*\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ epoch-bumped: .*\(PID changes: none\)/);
  });

  testRunFolderFailures(LAB, 'offsets.txt');
  testHostileFiles(LAB, ['offsets.txt', 'consumed.txt', 'dump.txt', 'proxy-events.jsonl', 'producer.log']);
});
