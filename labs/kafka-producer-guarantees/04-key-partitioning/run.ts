import { BOOTSTRAP } from '@kafka-labs/broker';
import { startLab } from '@kafka-labs/lab-kit';
import { keyNames } from '@kafka-labs/kafka-client/producer-log';
import { CLIENTS, javaProduce, produce, readTopic } from '@kafka-labs/kafka-producer-guarantees/clients';
import {
  countPerPartition,
  crc32Partition,
  KEY_PARTITIONING as S,
  murmur2Partition,
  PARTITION_FILES as F,
  partitionOfKeys,
} from '@kafka-labs/kafka-producer-guarantees/partitions';

await using lab = await startLab(import.meta.url, { parameters: S });
const keys = keyNames(S.keys);
const nodeClients = ['kafkajs', 'confluent', 'librdkafka'] as const;
const cell = (p: number | undefined) => String(p ?? '-').padStart(2);

lab.step(`Create topic keys with ${S.partitions} partitions; send the keys ${keys[0]} ... ${keys.at(-1)} from four clients`);
const topic = await lab.createTopic('keys', { partitions: S.partitions });
lab.say(
  '   java: Kafka\'s console producer (parse.key=true), the Java client\'s default partitioner',
  ...nodeClients.map((c) => `   ${c}: ${CLIENTS[c].about}`),
  `   ${S.murmur2Random}: librdkafka as above with partitioner=murmur2_random`,
  '   Each record\'s value names its client.',
);
await javaProduce(lab, topic, keys.map((k) => `${k}:java`), { keyed: true });
for (const client of nodeClients) await produce(lab, client, client, [topic, 'false', 'keys']);
await produce(lab, S.murmur2Random, 'librdkafka', [topic, 'false', 'keys', 'partitioner=murmur2_random', '--value', S.murmur2Random]);
const senders = [...S.clients, S.murmur2Random];
const before = await readTopic(lab, topic, F.beforeGrowth, { expected: S.keys * senders.length, partitions: S.partitions });
const placed = Object.fromEntries(senders.map((c) => [c, partitionOfKeys(before, c)]));
lab.show(`partition of each key (read back with kafka-console-consumer), and the two hashes modulo ${S.partitions}`, [
  'key       java kafkajs confluent librdkafka | murmur2 crc32',
  ...keys.map(
    (k) =>
      `${k.padEnd(9)} ${cell(placed.java!.get(k))}   ${cell(placed.kafkajs!.get(k))}      ${cell(placed.confluent!.get(k))}        ${cell(placed.librdkafka!.get(k))}     |   ${cell(murmur2Partition(k, S.partitions))}    ${cell(crc32Partition(k, S.partitions))}`,
  ),
]);
const elsewhere = keys.filter((k) => placed.librdkafka!.get(k) !== placed.java!.get(k));
lab.say(
  `   Java, kafkajs and the confluent client with its kafkaJS config block agree on every key: murmur2(key) & 0x7fffffff`,
  `   % ${S.partitions}, which the lab computes itself. The KafkaJS-style config makes the confluent client set`,
  '   partitioner=murmur2_random; librdkafka\'s own default, consistent_random, takes CRC32 of the key instead and',
  `   puts ${elsewhere.length} of ${S.keys} keys elsewhere than Java does. A topic written by both kinds of client splits a key;`,
  '   librdkafka given partitioner=murmur2_random agrees with Java again.',
);

lab.step(`Grow keys to ${S.grownTo} partitions; the Java client sends the same keys again (value ${S.afterGrowth})`);
await lab.kafka`kafka-topics --bootstrap-server ${BOOTSTRAP.tools} --alter --topic ${topic} --partitions ${S.grownTo}`;
await javaProduce(lab, topic, keys.map((k) => `${k}:${S.afterGrowth}`), { keyed: true });
const after = await readTopic(lab, topic, F.afterGrowth, { expected: S.keys * (senders.length + 1), partitions: S.grownTo });
const grown = partitionOfKeys(after, S.afterGrowth);
const moved = keys.filter((k) => grown.get(k) !== placed.java!.get(k));
lab.show(`keys whose records are now in two partitions (${moved.length} of ${S.keys})`, [
  `key       before after | murmur2 % ${S.grownTo}`,
  ...moved.map((k) => `${k.padEnd(9)}   ${cell(placed.java!.get(k))}    ${cell(grown.get(k))} |   ${cell(murmur2Partition(k, S.grownTo))}`),
]);
lab.say(
  `   A key stays where it was only when murmur2 % ${S.grownTo} is below ${S.partitions}; the others move to that partition + ${S.partitions}. Their`,
  '   earlier records stay behind: a consumer reads the two partitions independently, so the order per key is gone.',
);

lab.step(`Records without a key: ${S.nullKeys} from each of ${S.nullKeyClients.join(', ')}, in one go, to a new topic of ${S.partitions} partitions`);
const keyless = await lab.createTopic('null-keys', { partitions: S.partitions });
await javaProduce(lab, keyless, Array.from({ length: S.nullKeys }, () => 'java'), { keyed: false });
await produce(lab, 'kafkajs-null-keys', 'kafkajs', [keyless, 'false', 'null-keys']);
await produce(lab, 'librdkafka-null-keys', 'librdkafka', [keyless, 'false', 'null-keys', `sticky.partitioning.linger.ms=${S.stickyLingerMs}`]);
const nulls = await readTopic(lab, keyless, F.nullKeys, { expected: S.nullKeys * S.nullKeyClients.length, partitions: S.partitions });
lab.show('records per partition, p0 .. p5', S.nullKeyClients.map((c) => `${c.padEnd(10)} ${countPerPartition(nulls, c, S.partitions).map((n) => String(n).padStart(3)).join('')}`));
lab.say(
  '',
  'Without a key, kafkajs goes round the partitions one record at a time. The Java client and librdkafka stick to one',
  'partition for a while, for fewer and larger batches: Java until a batch is full, librdkafka for',
  `sticky.partitioning.linger.ms (here ${S.stickyLingerMs} ms; its default of 10 ms can end mid-burst on a busy machine).`,
  'Either way there is no order between records across partitions.',
);
