import type { Message } from '@confluentinc/kafka-javascript';
import { call, Kafka, type PartitionOffset, topicPartitions } from '@kafka-labs/kafka-client';
import { TxnWorkerError, type IsolationLevel, type TopicRead, type TopicRecord } from '@kafka-labs/kafka-client/txn-log';
import { DEFAULT_BOOTSTRAP } from './options.ts';

export interface ReadOptions {
  topic: string;
  isolation: IsolationLevel;
  bootstrap?: string;
  /** The longest the read may take (default 30 s); a partition without an end by then is an error. */
  timeoutMs?: number;
}

const CONNECT_TIMEOUT_MS = 15_000;
const BATCH = 500;
const POLL_MS = 200;
const LIMIT_RECORDS = 100_000;
/** librdkafka's logical offset for a partition's first record (RD_KAFKA_OFFSET_BEGINNING). */
const OFFSET_BEGINNING = -2;

/** A client call whose failure is a TxnWorkerError saying `what` failed. */
const called = <T>(what: string, run: Parameters<typeof call<T>>[0]) =>
  call<T>(run).catch((error: Error) => {
    throw new TxnWorkerError(`${what}: ${error.message}`, { cause: error });
  });

/**
 * Reads every partition of `topic` from its beginning to its end at the isolation level, with no group and no
 * commit (assign()): a partition ends where librdkafka reports its end (partition.eof), which for read_committed is
 * the last stable offset, so records behind an open transaction are not there yet.
 */
export async function readTopic(options: ReadOptions): Promise<TopicRead> {
  const bootstrap = options.bootstrap ?? DEFAULT_BOOTSTRAP;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const consumer = new Kafka.KafkaConsumer(
    {
      'bootstrap.servers': bootstrap,
      'group.id': `reader-${process.pid}-${Date.now()}`,
      'client.id': `reader-${options.isolation}`,
      'enable.auto.commit': false,
      'enable.partition.eof': true,
      'isolation.level': options.isolation,
    },
    {},
  );
  await called(`cannot connect to ${bootstrap}`, (cb) => consumer.connect({ timeout: CONNECT_TIMEOUT_MS }, (e) => cb(e)));
  try {
    const partitions = await topicPartitions(consumer, options.topic, CONNECT_TIMEOUT_MS).catch((error: Error) => {
      throw new TxnWorkerError(`no metadata for ${options.topic}: ${error.message}`, { cause: error });
    });
    if (partitions.length === 0) throw new TxnWorkerError(`topic ${options.topic} has no partitions (does it exist?)`);
    const ends = new Map<number, number>();
    consumer.on('partition.eof', (eof: { partition: number; offset: number }) => ends.set(eof.partition, eof.offset));
    consumer.assign(partitions.map((partition) => ({ topic: options.topic, partition, offset: OFFSET_BEGINNING })));
    consumer.setDefaultConsumeTimeout(POLL_MS);
    const records: TopicRecord[] = [];
    const deadline = Date.now() + timeoutMs;
    while (partitions.some((p) => !ends.has(p))) {
      if (Date.now() > deadline) {
        const open = partitions.filter((p) => !ends.has(p)).map((p) => `p${p}`);
        throw new TxnWorkerError(`reading ${options.topic} (${options.isolation}): no end of ${open.join(', ')} within ${timeoutMs / 1000} s`);
      }
      const batch = await called<Message[]>(`reading ${options.topic}`, (cb) => consumer.consume(BATCH, cb));
      for (const m of batch) {
        // A record past a partition's reported end means the end moved: that partition is read on.
        if ((ends.get(m.partition) ?? Infinity) <= m.offset) ends.delete(m.partition);
        records.push({ partition: m.partition, offset: m.offset, key: m.key == null ? null : String(m.key), value: m.value?.toString() ?? null });
      }
      if (records.length > LIMIT_RECORDS) throw new TxnWorkerError(`${options.topic} holds more than ${LIMIT_RECORDS} records`);
    }
    records.sort((a, b) => a.partition - b.partition || a.offset - b.offset);
    return {
      topic: options.topic,
      isolation: options.isolation,
      records,
      ends: partitions.map((partition) => ({ partition, offset: ends.get(partition)! })),
    };
  } finally {
    await new Promise<void>((resolve) => consumer.disconnect(() => resolve()));
  }
}
