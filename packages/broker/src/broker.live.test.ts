import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import ck from '@confluentinc/kafka-javascript';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { brokerStatus, ensureBroker, labsHome, lockBroker, runTool, stopBroker, type Broker } from './index.ts';
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
        return args.includes('kafka.Kafka') && args.some((a) => a.startsWith(`${labsHome()}/`));
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
      await expect(ensureBroker({ log: quiet })).rejects.toThrow(
        new RegExp(`^port 9531 is already in use by pid ${process.pid} \\(.*\\) \\(HOST listener`),
      );
      let stderr = '';
      try {
        execFileSync('pnpm', ['-s', 'broker', 'up'], { encoding: 'utf8', stdio: 'pipe' });
      } catch (err) {
        const failure = err as { status: number; stderr: string };
        expect(failure.status).toBe(2);
        stderr = failure.stderr;
      }
      expect(stderr.trim().split('\n')[0]).toMatch(new RegExp(`^error: port 9531 is already in use by pid ${process.pid} `));
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
    // The broker's metadata cache takes the new topic a moment after the controller does.
    const describeTopic = () => runTool('kafka-topics', ['--bootstrap-server', BOOTSTRAP.tools, '--describe', '--topic', topic]);
    await until(async () => (await describeTopic()).exitCode === 0, 10_000);
    const described = await describeTopic();
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

const CLEANUP = 'transaction.abort.timed.out.transaction.cleanup.interval.ms';

/** kafka-configs' view of every config of a broker node. */
async function brokerConfigs(nodeId = 1, bootstrap: string = BOOTSTRAP.tools): Promise<string> {
  const args = ['--bootstrap-server', bootstrap, '--describe', '--entity-type', 'brokers', '--entity-name', String(nodeId), '--all'];
  return (await runTool('kafka-configs', args)).stdout;
}

/** Polls `check` until it holds, for at most `ms`; a bounded wait on what the cluster reports. */
async function until(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${ms / 1000}s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('per-lab overrides', () => {
  test('reach the broker, restart it only when they differ, and give way to the defaults for a caller without', async () => {
    await ensureBroker({ log: quiet, config: { [CLEANUP]: '1000' } });
    const pids = (await brokerStatus()).processes;
    expect(await brokerConfigs()).toContain(`  ${CLEANUP}=1000 sensitive=false synonyms={STATIC_BROKER_CONFIG:${CLEANUP}=1000, DEFAULT_CONFIG:${CLEANUP}=10000}`);

    await ensureBroker({ log: quiet, config: { [CLEANUP]: '1000' } });
    expect((await brokerStatus()).processes).toEqual(pids);

    await ensureBroker({ log: quiet, config: { [CLEANUP]: '2000' } });
    const second = (await brokerStatus()).processes;
    expect(second).not.toEqual(pids);
    expect(await brokerConfigs()).toContain(`  ${CLEANUP}=2000 sensitive=false`);

    await ensureBroker({ log: quiet });
    expect((await brokerStatus()).processes).not.toEqual(second);
    expect(await brokerConfigs()).toContain(`  ${CLEANUP}=10000 sensitive=false synonyms={DEFAULT_CONFIG:${CLEANUP}=10000}`);
  });

  test('that would break the layout are refused with one line, and the running broker is left alone', async () => {
    await ensureBroker({ log: quiet });
    const pids = (await brokerStatus()).processes;
    const refused = ensureBroker({ log: quiet, config: { listeners: 'PLAINTEXT://:1', 'node.id': '7', [CLEANUP]: '1000' } });
    await expect(refused).rejects.toThrow(/^broker config cannot override listeners, node\.id: the broker layout sets it/);
    await expect(ensureBroker({ log: quiet, config: { 'log.retention.ms': '1\nnode.id=7' } })).rejects.toThrow(/^broker config "log\.retention\.ms" is not/);
    expect((await brokerStatus()).processes).toEqual(pids);
  });
});

describe('the 3-node cluster', () => {
  /** The failover recipe: a dead node is fenced after 3 s instead of 9. */
  const FAST_FAILOVER = { 'broker.session.timeout.ms': '3000', 'broker.heartbeat.interval.ms': '500' };
  let cluster: Broker;
  beforeAll(async () => {
    cluster = await ensureBroker({ nodes: 3, log: quiet, config: FAST_FAILOVER });
  });
  afterAll(() => ensureBroker({ log: quiet }));

  test('a topic with replication factor 3 and min.insync.replicas 2 takes acks=all writes', async () => {
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

  test('one node is frozen, thawed, killed and restarted with its overrides; Metadata shows the ISR shrink and grow', async () => {
    const topic = unique('failover');
    const created = await runTool('kafka-topics', [
      '--bootstrap-server', BOOTSTRAP.tools, '--create', '--topic', topic, '--replica-assignment', '1:2:3',
    ]);
    expect(created.exitCode).toBe(0);
    await until(async () => (await cluster.partition(topic)).isr.length === 3);
    expect(await cluster.partition(topic)).toEqual({ leader: 1, replicas: [1, 2, 3], isr: expect.arrayContaining([1, 2, 3]) });
    const controller = await cluster.activeController();
    expect([1, 2, 3]).toContain(controller);
    const victim = [1, 2, 3].find((id) => id !== controller)!;

    await cluster.freeze(victim);
    await until(async () => (await cluster.nodeState(victim)) === 'frozen', 5000);
    await cluster.thaw(victim);
    await until(async () => (await cluster.nodeState(victim)) === 'running', 5000);

    await cluster.kill(victim);
    expect(await cluster.nodeState(victim)).toBe('stopped');
    expect(brokerJvms()).toHaveLength(2);
    await until(async () => !(await cluster.partition(topic)).isr.includes(victim));
    expect((await cluster.partition(topic)).leader).not.toBe(victim);

    await cluster.restart(victim);
    expect(await cluster.nodeState(victim)).toBe('running');
    await until(async () => (await cluster.partition(topic)).isr.includes(victim));
    expect(await brokerConfigs(victim)).toContain('  broker.session.timeout.ms=3000 sensitive=false synonyms={STATIC_BROKER_CONFIG');
    const log = readFileSync(cluster.logDir(victim).replace(/data$/, 'server.log'), 'utf8');
    expect(log.match(/Kafka Server started/g)).toHaveLength(2);
  }, 300_000);

  test('down stops the cluster while two nodes are frozen: the frozen nodes shut down cleanly, no java process is left', async () => {
    const frozen = [2, 3];
    for (const node of frozen) await cluster.freeze(node);
    for (const node of frozen) await until(async () => (await cluster.nodeState(node)) === 'frozen', 5000);
    const logOf = (node: number) => readFileSync(cluster.logDir(node).replace(/data$/, 'server.log'), 'utf8');
    const before = frozen.map((node) => logOf(node).length);
    execFileSync('pnpm', ['-s', 'broker', 'down', '--nodes', '3'], { encoding: 'utf8', stdio: 'pipe' });
    expect(brokerJvms()).toEqual([]);
    // SIGTERM reached a running JVM (not the SIGKILL after the stop timeout): it logged its own shutdown.
    for (const [i, node] of frozen.entries()) expect(logOf(node).slice(before[i])).toMatch(/shut(ting)? down/i);
  }, 300_000);

  test('ports 9094-9097 taken before up --nodes 3 stop it with one line naming the port and its holder', async () => {
    await stopBroker({ log: quiet });
    for (const port of [9094, 9095, 9096, 9097]) {
      const squatter: Server = createServer();
      await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
      try {
        let failure = { status: 0, stderr: '' };
        try {
          execFileSync('pnpm', ['-s', 'broker', 'up', '--nodes', '3'], { encoding: 'utf8', stdio: 'pipe' });
        } catch (err) {
          failure = err as typeof failure;
        }
        expect(failure.status).toBe(2);
        expect(failure.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^error: port ${port} is already in use by pid ${process.pid} \\(.*\\) \\(\\w+ listener of node \\d\\)`))]);
        expect(brokerJvms()).toEqual([]);
      } finally {
        await new Promise((resolve) => squatter.close(resolve));
      }
    }
  }, 300_000);
});
