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

/** Lab 04-key-partitioning: the same keys from four clients (and librdkafka with murmur2_random), the topic grown, and keyless records per client. */
export const KEY_PARTITIONING = {
  partitions: 6,
  grownTo: 12,
  keys: 20,
  nullKeys: 12,
  /** Each client's records carry its name as their value; the Java client's after the growth `java-12`. */
  clients: ['java', 'kafkajs', 'confluent', 'librdkafka'],
  /** The value of librdkafka's records sent with partitioner=murmur2_random (keys only). */
  murmur2Random: 'librdkafka-murmur2',
  afterGrowth: 'java-12',
  /** The clients of the keyless step: kafkajs round-robin, Java and librdkafka sticky. */
  nullKeyClients: ['java', 'kafkajs', 'librdkafka'],
  /** librdkafka's sticky window for keyless records (default 10 ms, which a loaded machine outlasts mid-burst). */
  stickyLingerMs: 1000,
} as const;

/** The files of a run besides the producer logs (`<client>.log`, `<client>-null-keys.log`). */
export const PARTITION_FILES = {
  beforeGrowth: 'keys-6.txt',
  afterGrowth: 'keys-12.txt',
  nullKeys: 'null-keys.txt',
} as const;

/** A record as read back: where it is and what it holds. */
export interface Placed {
  partition: number;
  offset: number;
  key: string | null;
  value: string;
}

/** The partition of each key among the records whose value is `value` (the first one, when a key appears twice). */
export function partitionOfKeys(records: Placed[], value: string): Map<string, number> {
  const byKey = new Map<string, number>();
  for (const r of records) if (r.value === value && r.key !== null && !byKey.has(r.key)) byKey.set(r.key, r.partition);
  return byKey;
}

/** How many records of `value` each partition holds, partitions 0 .. partitions-1. */
export const countPerPartition = (records: Placed[], value: string, partitions: number) =>
  Array.from({ length: partitions }, (_, p) => records.filter((r) => r.value === value && r.partition === p).length);
