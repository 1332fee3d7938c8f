// The VIP producer of lab 11-custom-partitioner: sends the lab's order stream through one client, each record's
// partition chosen by the VIP partitioner, and prints one producer-log line per send.
//   vip-producer TOPIC CLIENT BROKERS      (CLIENT: kafkajs | confluent)
// kafkajs runs the partitioner as its createPartitioner. @confluentinc/kafka-javascript refuses createPartitioner
// (ERR__NOT_IMPLEMENTED, printed as a client error line) and offers no other partitioner hook, so the program then
// sends each record with an explicit partition computed by the same function.
import { createRequire } from 'node:module';
import Confluent from '@confluentinc/kafka-javascript';
import { oneLine, runMain } from '@kafka-labs/cli';
import { kafkajsError, kafkajsLogCreator } from '@kafka-labs/kafka-client/kafkajs';
import { ERROR_KINDS, formatProducerLine, ProducerError, type ProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { CUSTOM_PARTITIONER as S, orderName, orderStream, parseOrder, vipPartition, type PartitionerClient } from './custom-partitioner.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';

const require = createRequire(import.meta.url);
const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
/** The libraries behind each client, as the start line names them. */
const VERSIONS = {
  kafkajs: `kafkajs@${versionOf('kafkajs')}`,
  confluent: `@confluentinc/kafka-javascript@${versionOf('@confluentinc/kafka-javascript')},librdkafka@${(Confluent as unknown as { librdkafkaVersion: string }).librdkafkaVersion}`,
};

const HELP = 'usage: vip-producer TOPIC CLIENT BROKERS   (CLIENT: kafkajs | confluent)';
const write = (line: ProducerLine) => process.stdout.write(`${formatProducerLine(line)}\n`);

/** The VIP partitioner as kafkajs calls it: the partition count from the topic's metadata, the order from the value. */
const createPartitioner = () => ({ partitionMetadata, message }: { partitionMetadata: unknown[]; message: { value: Buffer | string | null } }) => {
  const order = parseOrder(message.value?.toString());
  if (order === null) throw new Error(`not an order event: ${String(message.value)}`);
  return vipPartition(order, partitionMetadata.length);
};

/** The confluent producer, after showing that its KafkaJS layer refuses createPartitioner; the partition count of `topic`. */
async function confluentProducer(brokers: string[], topic: string): Promise<{ producer: Producer; partitions: number }> {
  const log = (severity: number) => (message: string, extra?: { fac?: string }) =>
    write({ kind: 'client', library: 'kafkajs', severity, facility: extra?.fac ?? 'KAFKAJS', thread: null, text: message });
  const logger = { error: log(3), warn: log(4), info: () => {}, debug: () => {}, namespace: () => logger, setLogLevel: () => {} };
  const kafka = new Confluent.KafkaJS.Kafka({ kafkaJS: { brokers, logger } as never });
  const refused = kafka.producer({ kafkaJS: { createPartitioner } as never });
  try {
    await refused.connect();
    await refused.disconnect();
    throw new ProducerError('config', 'the confluent client accepted createPartitioner: this lab expects it to refuse it');
  } catch (error) {
    if (error instanceof ProducerError) throw error;
    const e = error as { code?: number; message?: string };
    write({ kind: 'client-error', code: e.code ?? 0, name: 'ERR__NOT_IMPLEMENTED', text: `createPartitioner: ${oneLine(e.message ?? error)}` });
  }
  const producer = kafka.producer({ kafkaJS: {} as never }) as unknown as Producer;
  await producer.connect();
  const admin = kafka.admin();
  await admin.connect();
  const [meta] = (await admin.fetchTopicMetadata({ topics: [topic] })) as { partitions: unknown[] }[];
  await admin.disconnect();
  return { producer, partitions: meta!.partitions.length };
}

await runMain(
  'vip-producer',
  HELP,
  async (argv) => {
    const [topic, client, brokerList] = argv;
    if (!topic || !brokerList || !(S.clients as readonly string[]).includes(client ?? '')) throw new ProducerError('usage', HELP);
    const brokers = brokerList.split(',');
    const library = client as PartitionerClient;
    const how = library === 'kafkajs' ? 'createPartitioner' : 'explicit-partition';
    write({ kind: 'start', client: library, topic, mode: 'vip-orders', config: { partitioner: how, library: VERSIONS[library] } });

    let producer: Producer;
    let partitions: number | null = null;
    try {
      if (library === 'kafkajs') {
        producer = new Kafka({ brokers, logLevel: logLevel.WARN, logCreator: kafkajsLogCreator(write) }).producer({ createPartitioner: createPartitioner as never });
        await producer.connect();
      } else ({ producer, partitions } = await confluentProducer(brokers, topic));
    } catch (error) {
      if (error instanceof ProducerError) throw error;
      throw new ProducerError('client', `cannot reach ${brokers.join(',')}: ${oneLine(error)}`, { cause: error });
    }
    const started = performance.now();
    for (const order of orderStream(S)) {
      const value = JSON.stringify(order);
      const partition = partitions === null ? {} : { partition: vipPartition(order, partitions) };
      const sec = (performance.now() - started) / 1000;
      try {
        const [meta] = await producer.send({ topic, messages: [{ key: order.customer, value, ...partition }] });
        write({ kind: 'result', sec, event: orderName(order), offset: Number(meta!.baseOffset), error: null, partition: meta!.partition, key: order.customer });
      } catch (error) {
        write({ kind: 'result', sec, event: orderName(order), offset: null, error: kafkajsError(error), key: order.customer });
      }
    }
    await producer.disconnect();
    write({ kind: 'done' });
    return 0;
  },
  (err) => (err instanceof ProducerError ? ERROR_KINDS[err.kind] : 1),
);
