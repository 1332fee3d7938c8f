// Where a keyed record goes: the partitioners the key-partitioning lab compares, computed here so that a grader can
// predict each client's partitions from the keys alone.
import { crc32 } from 'node:zlib';

const SEED = 0x9747b28c;
const M = 0x5bd1e995;

/** Kafka's murmur2 (Utils.murmur2 of the Java client, seed 0x9747b28c) of a key's bytes, as a signed 32-bit int. */
export function murmur2(data: Uint8Array): number {
  let h = SEED ^ data.length;
  const whole = data.length - (data.length % 4);
  // Math.imul multiplies modulo 2^32, as Java's int does; >>> is Java's unsigned shift.
  for (let i = 0; i < whole; i += 4) {
    let k = Math.imul(data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24), M);
    k = Math.imul(k ^ (k >>> 24), M);
    h = Math.imul(h, M) ^ k;
  }
  const tail = data.length % 4;
  if (tail > 0) {
    if (tail === 3) h ^= data[whole + 2]! << 16;
    if (tail >= 2) h ^= data[whole + 1]! << 8;
    h = Math.imul(h ^ data[whole]!, M);
  }
  h = Math.imul(h ^ (h >>> 13), M);
  return (h ^ (h >>> 15)) | 0;
}

/** The partition the Java client and kafkajs choose for a key: murmur2 & 0x7fffffff, modulo the partition count. */
export function murmur2Partition(key: string, partitions: number): number {
  return (murmur2(Buffer.from(key)) & 0x7fffffff) % partitions;
}

/** The partition librdkafka's default partitioner (consistent_random) chooses for a key: CRC32 modulo the partition count. */
export function crc32Partition(key: string, partitions: number): number {
  return crc32(Buffer.from(key)) % partitions;
}
