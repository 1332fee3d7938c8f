import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import ck from '@confluentinc/kafka-javascript';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { brokerStatus, ensureBroker, labsHome, lockBroker, runTool, stopBroker } from './index.ts';
import { BOOTSTRAP } from './topology.ts';

const quiet = () => {};
const unique = (base: string) => `${base}-${Date.now().toString(36)}`;

/** Java processes running kafka.Kafka with their data under this KAFKA_LABS_HOME, read from /proc (other homes' brokers may run beside them). */
function brokerJvms(): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const args = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
        return args.includes('kafka.Kafka') && args.some((a) => a.startsWith(labsHome()));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Reads `count` values with a KafkaJS-style consumer (kafkajs or librdkafka's compatible API), then disconnects it. */
async function readValues(
  consumer: { run(config: { eachMessage: (p: { message: { value: Buffer | null } }) => Promise<void> }): Promise<void>; disconnect(): Promise<void> },
  count: number,
): Promise<string[]> {
  const values: string[] = [];
  await new Promise<void>((resolve) => {
    void consumer.run({
      eachMessage: async ({ message }) => {
        values.push(message.value!.toString());
        if (values.length === count) resolve();
      },
    });
  });
  await consumer.disconnect();
  return values;
}

let release: () => void;
beforeAll(async () => {
  release = await lockBroker('broker tests', quiet);
});
afterAll(async () => {
  await ensureBroker({ log: quiet });
  release();
});

describe('lifecycle', () => {
  test('up reuses a healthy broker, down leaves no java process, up starts it again', async () => {
    const first = await ensureBroker({ log: quiet });
    const pids = (await brokerStatus()).processes;
    const again = await ensureBroker({ log: quiet });
    expect(again.layout).toBe(first.layout);
    expect((await brokerStatus()).processes).toEqual(pids);

    await stopBroker({ log: quiet });
    expect(brokerJvms()).toEqual([]);
    expect((await brokerStatus()).healthy).toBe(false);

    await ensureBroker({ log: quiet });
    const status = await brokerStatus();
    expect(status).toMatchObject({ healthy: true, layout: 'single' });
    expect(status.processes).not.toEqual(pids);
  });

  test('a busy port stops the start with a one-line error naming the port', async () => {
    await stopBroker({ log: quiet });
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(9531, '127.0.0.1', resolve));
    try {
      await expect(ensureBroker({ log: quiet })).rejects.toThrow(/^port 9531 is already in use \(HOST listener/);
      let stderr = '';
      try {
        execFileSync('pnpm', ['-s', 'broker', 'up'], { encoding: 'utf8', stdio: 'pipe' });
      } catch (err) {
        const failure = err as { status: number; stderr: string };
        expect(failure.status).toBe(2);
        stderr = failure.stderr;
      }
      expect(stderr.trim().split('\n')[0]).toMatch(/^error: port 9531 is already in use/);
      expect(brokerJvms()).toEqual([]);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
    await ensureBroker({ log: quiet });
  });
});

describe('the single node', () => {
  beforeAll(() => ensureBroker({ log: quiet }));

  test('kafka-topics creates and describes a topic', async () => {
    const topic = unique('described');
    const created = await runTool('kafka-topics', [
      '--bootstrap-server', BOOTSTRAP.tools, '--create', '--topic', topic, '--partitions', '2',
    ]);
    expect(created).toMatchObject({ exitCode: 0, stdout: `Created topic ${topic}.\n` });
    const described = await runTool('kafka-topics', ['--bootstrap-server', BOOTSTRAP.tools, '--describe', '--topic', topic]);
    expect(described.stdout).toMatch(new RegExp(`Topic: ${topic}\\s.*PartitionCount: 2\\s.*ReplicationFactor: 1`));
    expect(described.stdout.match(/Partition: \d/g)).toHaveLength(2);
  });

  test('librdkafka and kafkajs produce and consume each other\'s messages', async () => {
    const topic = unique('clients');
    const kafkajs = new Kafka({ clientId: 'broker-test', brokers: [BOOTSTRAP.host], logLevel: logLevel.NOTHING });
    const admin = kafkajs.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
    await admin.disconnect();

    const rd = new ck.KafkaJS.Kafka({ kafkaJS: { brokers: [BOOTSTRAP.host], logLevel: ck.KafkaJS.logLevel.NOTHING } });
    const rdProducer = rd.producer();
    await rdProducer.connect();
    await rdProducer.send({ topic, messages: [{ value: 'from-librdkafka' }] });
    await rdProducer.disconnect();
    const jsProducer = kafkajs.producer();
    await jsProducer.connect();
    await jsProducer.send({ topic, messages: [{ value: 'from-kafkajs' }] });
    await jsProducer.disconnect();

    const jsConsumer = kafkajs.consumer({ groupId: unique('js') });
    await jsConsumer.connect();
    await jsConsumer.subscribe({ topic, fromBeginning: true });
    const readByKafkajs = await readValues(jsConsumer, 2);

    const rdConsumer = rd.consumer({ kafkaJS: { groupId: unique('rd'), fromBeginning: true } });
    await rdConsumer.connect();
    await rdConsumer.subscribe({ topics: [topic] });
    const readByLibrdkafka = await readValues(rdConsumer, 2);

    expect(readByKafkajs).toEqual(['from-librdkafka', 'from-kafkajs']);
    expect(readByLibrdkafka).toEqual(['from-librdkafka', 'from-kafkajs']);
  });
});

describe('the 3-node cluster', () => {
  afterAll(() => ensureBroker({ log: quiet }));

  test('a topic with replication factor 3 and min.insync.replicas 2 takes acks=all writes', async () => {
    const cluster = await ensureBroker({ nodes: 3, log: quiet });
    expect(cluster).toMatchObject({ layout: 'cluster', nodes: 3 });
    expect(brokerJvms()).toHaveLength(3);
    const topic = unique('replicated');
    const created = await runTool('kafka-topics', [
      '--bootstrap-server', BOOTSTRAP.tools, '--create', '--topic', topic,
      '--partitions', '1', '--replication-factor', '3', '--config', 'min.insync.replicas=2',
    ]);
    expect(created.exitCode).toBe(0);

    const kafkajs = new Kafka({ clientId: 'cluster-test', brokers: ['localhost:9092', 'localhost:9094'], logLevel: logLevel.NOTHING });
    const producer = kafkajs.producer();
    await producer.connect();
    const [sent] = await producer.send({ topic, acks: -1, messages: [{ value: 'replicated' }] });
    await producer.disconnect();
    expect(sent).toMatchObject({ errorCode: 0, baseOffset: '0' });

    const described = await runTool('kafka-topics', ['--bootstrap-server', 'localhost:9096', '--describe', '--topic', topic]);
    expect(described.stdout).toMatch(/ReplicationFactor: 3\s.*min\.insync\.replicas=2/s);
    expect(described.stdout).toMatch(/Replicas: (\d,\d,\d)\s+Isr: (\d,\d,\d)/);
  });
});
