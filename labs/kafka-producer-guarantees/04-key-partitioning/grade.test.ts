import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);

/** Rewrites the partition of the console-consumer lines whose value is `value` with `partition(key, old)`. */
const movePartitions = (value: string, partition: (key: string, old: number) => number) => (text: string) =>
  text.replace(/^Partition:(\d+)\t(Offset:\d+)\t(\S+)\t(\S+)$/gm, (line, old: string, offset: string, key: string, v: string) =>
    v === value ? `Partition:${partition(key, Number(old))}\t${offset}\t${key}\t${v}` : line,
  );

/** The partition of `key`'s record from `value` in console-consumer output. */
const partitionIn = (text: string, key: string, value: string) => Number(new RegExp(`^Partition:(\\d+)\\tOffset:\\d+\\t${key}\\t${value}$`, 'm').exec(text)![1]);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ verdict: 'pass', figures: { librdkafkaKeysElsewhere: 15, keysMoved: 15 } });
  });
  testGoldenInBothLanguages(LAB);
  testPicture(LAB, { shows: ['Partitions of each key', 'after growing to 12', 'java-12', 'p8', 'moved', '15 of 20 keys moved'] });

  test('a grown topic where the keys stayed put draws no key as moved', async () => {
    let original = '';
    const text = await alteredPicture(LAB, 'keys-12.txt', (keys12) => {
      original = keys12;
      return movePartitions('java-12', (key) => partitionIn(original, key, 'java'))(keys12);
    });
    expect(text).toContain('0 of 20 keys moved');
    expect(text).not.toMatch(/ p(6|7|8|9|10|11) /);
  });

  test('librdkafka putting every key where Java does fails the CRC32 laws', async () => {
    let original = '';
    const graded = await gradeAltered(LAB, 'keys-6.txt', (text) => {
      original = text;
      return movePartitions('librdkafka', (key) => partitionIn(original, key, 'java'))(text);
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-default-crc32: .*\(5 of 20 keys where predicted\)/);
    expect(graded.stdout).toMatch(/✘ librdkafka-default-differs-from-java: .*\(0 of 20 keys elsewhere\)/);
  });

  test('kafkajs off the murmur2 partition fails kafkajs-murmur2', async () => {
    const graded = await gradeAltered(LAB, 'keys-6.txt', movePartitions('kafkajs', (key, old) => (key === 'user-1' ? (old + 1) % 6 : old)));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-murmur2: .*\(19 of 20 keys where predicted\)/);
  });

  test('a key missing from one client fails every-key-once-per-client', async () => {
    const graded = await gradeAltered(LAB, 'keys-6.txt', (text) => text.replace(/^.*\tuser-7\tconfluent\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ every-key-once-per-client: .*\(not so for confluent\)/);
  });

  test('a grown topic where the keys stayed put fails the growth laws', async () => {
    let original = '';
    const graded = await gradeAltered(LAB, 'keys-12.txt', (text) => {
      original = text;
      return movePartitions('java-12', (key) => partitionIn(original, key, 'java'))(text);
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ growth-moves-predicted-keys: .*\(moved: none; predicted: user-1/);
    expect(graded.stdout).toMatch(/✘ moved-keys-in-two-partitions: .*\(0 of 0 moved keys/);
  });

  test('kafkajs keyless records in one partition fail kafkajs-null-keys-round-robin', async () => {
    const graded = await gradeAltered(LAB, 'null-keys.txt', movePartitions('kafkajs', () => 0));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-null-keys-round-robin: .*\(per partition: 12 0 0 0 0 0\)/);
  });

  test('librdkafka keyless records spread out fail librdkafka-null-keys-sticky', async () => {
    let n = 0;
    const graded = await gradeAltered(LAB, 'null-keys.txt', movePartitions('librdkafka', () => n++ % 6));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-null-keys-sticky: .*\(per partition: 2 2 2 2 2 2\)/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
