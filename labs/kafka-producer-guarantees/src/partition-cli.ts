// The partition a key goes to under one client's default key hash: the tool a learner of 12-durability-exercise uses
// to predict where each client puts a key (murmur2 for the Java client and kafkajs, CRC32 for librdkafka's
// consistent_random).
import { parseCommand, runMain, UsageError } from '@kafka-labs/cli';
import { crc32Partition, murmur2Partition } from './partitions.ts';

export const HASHES = { murmur2: murmur2Partition, crc32: crc32Partition } as const;

const FLAGS = {
  partitions: { kind: 'number', min: 1, integer: true, required: true, help: 'the topic\'s partition count' },
  hash: { kind: 'choice', choices: Object.keys(HASHES), help: 'murmur2 (Kafka\'s Utils.murmur2, positive, modulo the count) or crc32 (CRC32 modulo the count)' },
} as const;

const HELP = [
  'usage: partition --partitions N --hash murmur2|crc32 KEY ...',
  '',
  'Prints `KEY PARTITION` for each key: the partition that hash of the key\'s UTF-8 bytes picks among N partitions.',
  'Which hash a client uses by default is for you to know; this tool only computes it.',
  '',
  '  --partitions N   the topic\'s partition count',
  '  --hash H         murmur2: (murmur2(key) & 0x7fffffff) % N;  crc32: crc32(key) % N',
].join('\n');

await runMain('partition', HELP, async (argv) => {
  const { positionals: keys, flags } = parseCommand(FLAGS, argv);
  if (flags.hash === undefined) throw new UsageError('--hash is required: murmur2 or crc32');
  if (keys.length === 0) throw new UsageError('give at least one KEY');
  const hash = HASHES[flags.hash as keyof typeof HASHES];
  for (const key of keys) process.stdout.write(`${key} ${hash(key, flags.partitions)}\n`);
  return 0;
});
