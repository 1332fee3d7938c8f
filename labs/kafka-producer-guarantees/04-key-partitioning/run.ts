import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
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
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const keys = keyNames(S.keys);
const nodeClients = ['kafkajs', 'confluent', 'librdkafka'] as const;
const cell = (p: number | undefined) => String(p ?? '-').padStart(2);
const ends = { first: keys[0]!, last: keys.at(-1)! };

lab.step(t.createStep({ partitions: S.partitions, ...ends }));
const topic = await lab.createTopic('keys', { partitions: S.partitions });
lab.say(
  `   ${t.javaAbout()}`,
  ...nodeClients.map((c) => `   ${c}: ${CLIENTS[c].about}`),
  `   ${t.murmur2RandomAbout({ name: S.murmur2Random })}`,
  `   ${t.valueNamesClient()}`,
);
await javaProduce(lab, topic, keys.map((k) => `${k}:java`), { keyed: true });
for (const client of nodeClients) await produce(lab, client, client, [topic, 'false', 'keys']);
await produce(lab, S.murmur2Random, 'librdkafka', [topic, 'false', 'keys', 'partitioner=murmur2_random', '--value', S.murmur2Random]);
const senders = [...S.clients, S.murmur2Random];
const before = await readTopic(lab, topic, F.beforeGrowth, { expected: S.keys * senders.length, partitions: S.partitions });
const placed = Object.fromEntries(senders.map((c) => [c, partitionOfKeys(before, c)]));
const hashes = { murmur2: (k: string) => murmur2Partition(k, S.partitions), crc32: (k: string) => crc32Partition(k, S.partitions) };
const row = (cells: string[]) => `${cells.slice(0, senders.length).join(' ')} | ${cells.slice(senders.length).join(' ')}`;
const columns = [...senders, ...Object.keys(hashes)];
lab.show(t.placedTable({ partitions: S.partitions }), [
  `key       ${row(columns)}`,
  ...keys.map(
    (k) => `${k.padEnd(9)} ${row(columns.map((c) => cell(c in hashes ? hashes[c as keyof typeof hashes](k) : placed[c]!.get(k)).padStart(c.length)))}`,
  ),
]);
const elsewhere = keys.filter((k) => placed.librdkafka!.get(k) !== placed.java!.get(k));
lab.say(t.placedExplain({ partitions: S.partitions, elsewhere: elsewhere.length, keys: S.keys }));

lab.step(t.growStep({ grownTo: S.grownTo, value: S.afterGrowth }));
await lab.kafka`kafka-topics --bootstrap-server ${BOOTSTRAP.tools} --alter --topic ${topic} --partitions ${S.grownTo}`;
await javaProduce(lab, topic, keys.map((k) => `${k}:${S.afterGrowth}`), { keyed: true });
const after = await readTopic(lab, topic, F.afterGrowth, { expected: S.keys * (senders.length + 1), partitions: S.grownTo });
const grown = partitionOfKeys(after, S.afterGrowth);
const moved = keys.filter((k) => grown.get(k) !== placed.java!.get(k));
lab.show(t.movedTable({ moved: moved.length, keys: S.keys }), [
  `key       before after | murmur2 % ${S.grownTo}`,
  ...moved.map((k) => `${k.padEnd(9)}   ${cell(placed.java!.get(k))}    ${cell(grown.get(k))} |   ${cell(murmur2Partition(k, S.grownTo))}`),
]);
lab.say(t.movedExplain({ partitions: S.partitions, grownTo: S.grownTo, moved: moved.length, keys: S.keys, ...ends }));

lab.step(t.nullKeysStep({ n: S.nullKeys, clients: S.nullKeyClients.join(', '), partitions: S.partitions }));
const keyless = await lab.createTopic('null-keys', { partitions: S.partitions });
await javaProduce(lab, keyless, Array.from({ length: S.nullKeys }, () => 'java'), { keyed: false });
await produce(lab, 'kafkajs-null-keys', 'kafkajs', [keyless, 'false', 'null-keys']);
await produce(lab, 'librdkafka-null-keys', 'librdkafka', [keyless, 'false', 'null-keys', `sticky.partitioning.linger.ms=${S.stickyLingerMs}`]);
const nulls = await readTopic(lab, keyless, F.nullKeys, { expected: S.nullKeys * S.nullKeyClients.length, partitions: S.partitions });
lab.show(
  t.nullKeysTable({ last: S.partitions - 1 }),
  S.nullKeyClients.map((c) => `${c.padEnd(10)} ${countPerPartition(nulls, c, S.partitions).map((n) => String(n).padStart(3)).join('')}`),
);
lab.say('', t.closing({ lingerMs: S.stickyLingerMs }));
