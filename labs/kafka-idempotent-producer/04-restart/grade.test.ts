import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { gradeAltered, labIdOf, testGoldenInBothLanguages, testHostileFiles, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { dropConsumed, editBatch, testGoldenPasses } from '@kafka-labs/kafka-idempotent-producer/test-support';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, { shows: ['process killed: no delivery report', 'appended at offset 1 (E-42, copy 2)', 'PID{Id:18,Epoch:0}', 'PID{Id:19,Epoch:0}'] });

  test("without the proxy's drop, no response is drawn as dropped", async () => {
    expect(await alteredPicture(LAB, 'proxy-events.jsonl', (text) => text.replace(/"action":"response-dropped"/g, '"action":"forwarded"'))).not.toContain('Produce response dropped by the proxy');
  });
  testGoldenPasses(LAB, { storedRecords: 2 });
  testGoldenInBothLanguages(LAB);

  test('two batches under one producer id fail two-producer-ids', async () => {
    const graded = await gradeAltered(LAB, 'dump.txt', (text) => {
      const first = /^baseOffset: 0 .*producerId: (\d+)/m.exec(text)![1]!;
      return editBatch(text, 1, (line) => line.replace(/producerId: \d+/, `producerId: ${first}`));
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ two-producer-ids: the two E-42 batches have different producerIds/);
  });

  test('a partition without the restarted E-42 fails e42-stored-twice', async () => {
    const graded = await gradeAltered(LAB, 'consumed.txt', (text) => dropConsumed(text, 1));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ e42-stored-twice: offsets 0-1 hold E-42, E-42 and nothing else/);
  });

  test('a killed process that had its delivery report fails killed-without-answer', async () => {
    const graded = await gradeAltered(LAB, 'producer-killed.log', (text) => `${text} 3.1s E-42 result: offset=0\n`);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ killed-without-answer: .*\(results: 1, finished: false\)/);
  });

  test('a killed process whose log ends before its PID line still passes: the proxy and the dump show both ids', async () => {
    const graded = await gradeAltered(LAB, 'producer-killed.log', (text) => text.slice(0, text.indexOf('rdkafka %7 GETPID')));
    expect(graded.status).toBe(0);
    expect(graded.stdout).toMatch(/✔ one-pid-per-process/);
  });

  test('offset 0 under a producer id other than the dropped request fails one-pid-per-process', async () => {
    const graded = await gradeAltered(LAB, 'proxy-events.jsonl', (text) => {
      const dropped = /"action":"response-dropped".*"producerId":(\d+)/.exec(text)![1]!;
      return text.replaceAll(`"producerId":${dropped},`, '"producerId":999,');
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ one-pid-per-process: .*killed: 999,/);
  });

  testRunFolderFailures(LAB, 'offsets.txt');
  testHostileFiles(LAB, ['offsets.txt', 'consumed.txt', 'dump.txt', 'proxy-events.jsonl', 'producer-killed.log', 'producer-restarted.log']);
});
