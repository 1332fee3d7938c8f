// What the tests with real clients through the proxy on 9532 share: the broker's FAULT listener advertises
// localhost:9532, so clients that bootstrap there stay on the proxy. Port 9532 is the labs' too: hold the broker lock.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { Kafka as KafkaJs, logLevel } from 'kafkajs';
import RdKafka from '@confluentinc/kafka-javascript';
import { BOOTSTRAP, createTopic as createTopicRetrying, ensureBroker, lockBroker } from '@kafka-labs/broker';
import { startProxy, type Proxy } from '../proxy.ts';

export const { proxy: PROXY, tools: TOOLS } = BOOTSTRAP;

/**
 * Registers the file's hooks: before all, the broker, the broker lock and a proxy on 9532 (passed to `use`), whose
 * transcript lines go to `lines`; before each test, a reset of the proxy and of `lines`; after all, the release.
 */
export function proxyOn9532(holder: string, lines: string[], use: (proxy: Proxy) => void): void {
  let proxy: Proxy | undefined;
  let releaseBroker: (() => void) | undefined;
  beforeAll(async () => {
    await ensureBroker();
    releaseBroker = await lockBroker(holder, () => {});
    proxy = await startProxy({ listen: '127.0.0.1:9532', print: (line) => lines.push(line) });
    use(proxy);
  }, 200_000);
  beforeEach(() => {
    proxy!.reset();
    lines.length = 0;
  });
  afterAll(async () => {
    await proxy?.stop();
    await admin.disconnect();
    releaseBroker?.();
  });
}

export const admin = new KafkaJs({ brokers: [TOOLS], clientId: 'proxy-test-admin', logLevel: logLevel.NOTHING }).admin();

/** Creates a fresh topic `proxy-<name>-<time>` with one partition (or `partitions`) and returns its name. */
export async function createTopic(name: string, partitions = 1): Promise<string> {
  const topic = `proxy-${name}-${Date.now()}`;
  await admin.connect();
  // Right after a broker restart (a test file before this one may restart it) the new topic's metadata can lag.
  await createTopicRetrying(admin, { topic, numPartitions: partitions });
  return topic;
}

let readers = 0;

/** Every record value of partition 0 in offset order, read with kafkajs through `bootstrap` up to the high watermark. */
export async function readTopic(topic: string, bootstrap: string): Promise<{ key: string | null; value: string; headers: string }[]> {
  const [partition0] = await admin.fetchTopicOffsets(topic);
  const end = Number(partition0!.high);
  if (end === 0) return [];
  const kafka = new KafkaJs({ brokers: [bootstrap], clientId: 'proxy-test-reader', logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `${topic}-reader-${++readers}` });
  const records: { key: string | null; value: string; headers: string }[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`read ${records.length} of ${end} records of ${topic}`)), 30_000);
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        clearTimeout(timer);
        reject(payload.error);
      });
      void consumer.run({
        eachMessage: async ({ message }) => {
          records.push({
            key: message.key?.toString('base64') ?? null,
            value: message.value?.toString('base64') ?? 'null',
            headers: JSON.stringify(Object.entries(message.headers ?? {}).map(([k, v]) => [k, v?.toString('base64')])),
          });
          if (Number(message.offset) === end - 1) {
            clearTimeout(timer);
            resolve();
          }
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
  return records;
}

/** The values of partition 0 in offset order, as text. */
export const values = async (topic: string) => (await readTopic(topic, TOOLS)).map((r) => Buffer.from(r.value, 'base64').toString());

type RdProducer = InstanceType<typeof RdKafka.Producer>;

/** A librdkafka producer (callback API) through the proxy; `send` resolves on the delivery report. */
export async function rdProducer(config: Record<string, unknown>) {
  const producer: RdProducer = new RdKafka.Producer({
    'bootstrap.servers': PROXY,
    'client.id': 'proxy-test-rdkafka',
    acks: 'all',
    'linger.ms': 0,
    dr_cb: true,
    ...config,
  } as RdKafka.ProducerGlobalConfig);
  await new Promise<void>((resolve, reject) => {
    producer.once('ready', () => resolve());
    producer.once('connection.failure', reject);
    producer.connect();
  });
  producer.setPollInterval(10);
  const pending: ((err: RdKafka.LibrdKafkaError | null) => void)[] = [];
  producer.on('delivery-report', (err) => pending.shift()?.(err));
  /** Produces without waiting; resolves with the delivery report's error (null on success). */
  const report = (topic: string, value: string) =>
    new Promise<RdKafka.LibrdKafkaError | null>((resolve) => {
      pending.push(resolve);
      producer.produce(topic, 0, Buffer.from(value));
    });
  return {
    report,
    send: async (topic: string, value: string) => {
      const err = await report(topic, value);
      if (err) throw new Error(`delivery failed: ${err.message}`);
    },
    close: () => new Promise<void>((resolve) => producer.disconnect(() => resolve())),
  };
}
