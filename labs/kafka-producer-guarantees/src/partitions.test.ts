import { describe, expect, it } from 'vitest';
import { crc32Partition, murmur2, murmur2Partition } from './partitions.ts';

describe('murmur2', () => {
  // The cases of Kafka's own UtilsTest.testMurmur2.
  it.each([
    ['21', -973932308],
    ['foobar', -790332482],
    ['a-little-bit-long-string', -985981536],
    ['a-little-bit-longer-string', -1486304829],
    ['lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8', -58897971],
    ['abc', 479470107],
  ])('hashes %j as the Java client does', (text, hash) => {
    expect(murmur2(Buffer.from(text))).toBe(hash);
  });

  it('hashes no bytes from the seed alone', () => {
    expect(murmur2(new Uint8Array())).toBe(275646681);
  });
});

describe('partitions of the lab keys', () => {
  const keys = Array.from({ length: 20 }, (_, i) => `user-${i + 1}`);

  // What the Java console producer and librdkafka's default partitioner did with these keys on 6 partitions.
  it('predicts the Java client on 6 partitions', () => {
    expect(keys.map((k) => murmur2Partition(k, 6))).toEqual([2, 2, 5, 1, 4, 5, 2, 3, 5, 2, 4, 0, 1, 5, 2, 0, 0, 2, 4, 1]);
  });

  it('predicts librdkafka consistent_random on 6 partitions', () => {
    expect(keys.map((k) => crc32Partition(k, 6))).toEqual([2, 4, 0, 3, 3, 3, 3, 0, 0, 4, 4, 0, 2, 1, 5, 5, 1, 2, 2, 1]);
  });

  it('moves a key from 6 to 12 partitions exactly when its murmur2 modulo 12 is 6 or more', () => {
    for (const key of keys) {
      const moves = murmur2Partition(key, 12) !== murmur2Partition(key, 6);
      expect(moves).toBe(murmur2Partition(key, 12) >= 6);
    }
  });
});
