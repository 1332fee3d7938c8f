// The routing proxy on a free port with real clients (librdkafka 2.15.1 through confluent-kafka-javascript, kafkajs,
// Kafka 4.3.1's console tools), in front of the 1-node layout's HOST listener and of the 3-node layout: every client
// bootstraps through the proxy and must stay on its ports. Proof that no connection went around it: every record the
// broker stored came in a Produce request the proxy forwarded. The 3-node part holds the broker lock and puts the
// 1-node layout back.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kafka as KafkaJs, logLevel } from 'kafkajs';
import RdKafka from '@confluentinc/kafka-javascript';
import { createTopic, ensureBroker, lockBroker, runTool, type Broker } from '@kafka-labs/broker';
import { startProxy, type Proxy } from './proxy.ts';
import { API } from './protocol/api-keys.ts';
import { addressesOf, findBrokerAddresses } from './protocol/broker-addresses.ts';
import { readFixture } from './protocol/fixtures/read-fixture.ts';
import { RawConnection } from './testing/raw-kafka.ts';

const quiet = () => {};
const { KafkaJS } = RdKafka;

/** Records the proxy forwarded in Produce requests for `topic` (a resent batch counts again). */
function recordsSeen(proxy: Proxy, topic: string): number {
  let records = 0;
  for (const e of proxy.events()) {
    if (e.action !== 'forwarded' || e.direction !== 'request' || !e.produce) continue;
    for (const p of e.produce.partitions) if (p.topic === topic) records += p.records;
  }
  return records;
}

const apisSeen = (proxy: Proxy) => new Set(proxy.events().filter((e) => e.direction === 'request').map((e) => e.apiName));

async function storedValues(topic: string, bootstrap: string, expected: number): Promise<string[]> {
  const kafka = new KafkaJs({ brokers: [bootstrap], clientId: 'routing-test-reader', logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `${topic}-reader-${Date.now()}` });
  const values: string[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`read ${values.length} of ${expected} records of ${topic}`)), 40_000);
    void consumer.run({
      eachMessage: async ({ message }) => {
        values.push(message.value!.toString());
        if (values.length >= expected) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return values;
}

/** Produces `values` with each client through `bootstrap`; kafkajs and librdkafka also in a transaction. */
async function produceWithEveryClient(topic: string, bootstrap: string, tag: string) {
  const kafkajs = new KafkaJs({ brokers: [bootstrap], clientId: `route-kafkajs-${tag}`, logLevel: logLevel.NOTHING });
  const kp = kafkajs.producer();
  await kp.connect();
  await kp.send({ topic, acks: -1, messages: [{ value: `${tag}-kafkajs-1` }, { value: `${tag}-kafkajs-2` }] });
  await kp.disconnect();

  const rd = new KafkaJS.Kafka({ kafkaJS: { brokers: [bootstrap], clientId: `route-rdkafka-${tag}`, logLevel: KafkaJS.logLevel.NOTHING } });
  const rp = rd.producer();
  await rp.connect();
  await rp.send({ topic, messages: [{ value: `${tag}-rdkafka-1` }, { value: `${tag}-rdkafka-2` }] });
  await rp.disconnect();

  const java = await runTool('kafka-console-producer', ['--bootstrap-server', bootstrap, '--topic', topic, '--command-property', `client.id=route-java-${tag}`], {
    input: `${tag}-java-1\n${tag}-java-2\n`,
  });
  expect(java.exitCode, java.stderr).toBe(0);
  return 6;
}

describe('routing with the 1-node layout: a proxy on a free port in front of the HOST listener', { timeout: 180_000 }, () => {
  let proxy: Proxy;
  let bootstrap: string;
  beforeAll(async () => {
    await ensureBroker({ log: quiet });
    proxy = await startProxy({ listen: '127.0.0.1:0', upstream: '127.0.0.1:9531', print: quiet, eventCapacity: 100_000 });
    bootstrap = `localhost:${proxy.port}`;
  }, 200_000);
  afterAll(() => proxy?.stop());

  it('serves the one node on its bootstrap port and names that port in Metadata', async () => {
    expect(proxy.port).not.toBe(9532);
    expect(proxy.nodes()).toEqual([{ nodeId: 1, port: proxy.port, upstream: { host: '127.0.0.1', port: 9531 }, bootstrap: true }]);
    const kafka = new KafkaJs({ brokers: [bootstrap], clientId: 'route-meta', logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    const cluster = await admin.describeCluster();
    await admin.disconnect();
    expect(cluster.brokers).toEqual([{ nodeId: 1, host: 'localhost', port: proxy.port }]);
  });

  it('keeps the three clients on the proxy: produce, a consumer group each, every stored record seen by the proxy', async () => {
    const topic = `route-one-${Date.now()}`;
    const admin = new KafkaJs({ brokers: ['localhost:9092'], clientId: 'route-admin', logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    await createTopic(admin, { topic, numPartitions: 1 });
    await admin.disconnect();
    const produced = await produceWithEveryClient(topic, bootstrap, 'one');

    // Consumer groups through the proxy: FindCoordinator (rewritten), JoinGroup, SyncGroup, Fetch, OffsetCommit.
    expect((await storedValues(topic, bootstrap, produced)).sort()).toHaveLength(produced);
    const rd = new KafkaJS.Kafka({ kafkaJS: { brokers: [bootstrap], clientId: 'route-rdkafka-group', logLevel: KafkaJS.logLevel.NOTHING } });
    const rc = rd.consumer({ kafkaJS: { groupId: `${topic}-rd`, fromBeginning: true } });
    await rc.connect();
    await rc.subscribe({ topic });
    let rdCount = 0;
    await new Promise<void>((resolve) => void rc.run({ eachMessage: async () => void (++rdCount === produced && resolve()) }));
    await rc.disconnect();
    const java = await runTool('kafka-console-consumer', [
      '--bootstrap-server', bootstrap, '--topic', topic, '--group', `${topic}-java`, '--from-beginning',
      '--max-messages', String(produced), '--timeout-ms', '30000',
    ]);
    expect(java.stdout.trim().split('\n')).toHaveLength(produced);

    const direct = await storedValues(topic, 'localhost:9092', produced);
    expect(direct).toHaveLength(produced);
    expect(recordsSeen(proxy, topic)).toBe(produced);
    for (const api of ['Metadata', 'FindCoordinator', 'JoinGroup', 'SyncGroup', 'Fetch', 'OffsetCommit', 'Produce']) expect(apisSeen(proxy)).toContain(api);
    expect(proxy.counters().errors).toBe(0);
  });

  it('routes transactions of kafkajs and librdkafka (FindCoordinator for the transaction coordinator)', async () => {
    const topic = `route-txn-${Date.now()}`;
    const admin = new KafkaJs({ brokers: ['localhost:9092'], clientId: 'route-admin', logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    await createTopic(admin, { topic, numPartitions: 1 });
    await admin.disconnect();
    const kafkajs = new KafkaJs({ brokers: [bootstrap], clientId: 'route-kafkajs-txn', logLevel: logLevel.NOTHING });
    const kp = kafkajs.producer({ transactionalId: `${topic}-kjs`, idempotent: true, maxInFlightRequests: 1 });
    await kp.connect();
    const kt = await kp.transaction();
    await kt.send({ topic, messages: [{ value: 'kafkajs-txn' }] });
    await kt.commit();
    await kp.disconnect();
    const rd = new KafkaJS.Kafka({ kafkaJS: { brokers: [bootstrap], clientId: 'route-rdkafka-txn', logLevel: KafkaJS.logLevel.NOTHING } });
    const rp = rd.producer({ kafkaJS: { transactionalId: `${topic}-rd`, idempotent: true } });
    await rp.connect();
    const rt = await rp.transaction();
    await rt.send({ topic, messages: [{ value: 'rdkafka-txn' }] });
    await rt.commit();
    await rp.disconnect();
    expect(recordsSeen(proxy, topic)).toBe(2);
    const endTxn = proxy.events().filter((e) => e.apiName === 'EndTxn' && e.direction === 'response' && e.action === 'forwarded');
    expect(endTxn.length).toBeGreaterThanOrEqual(2);
  });
});

describe('routing with the 3-node layout: one port per node, a leader change keeps the clients on the proxy', { timeout: 400_000 }, () => {
  let proxy: Proxy;
  let cluster: Broker;
  let release: (() => void) | undefined;
  let bootstrap: string;
  beforeAll(async () => {
    release = await lockBroker('proxy routing tests (3 nodes)', quiet);
    cluster = await ensureBroker({ nodes: 3, log: quiet, config: { 'broker.session.timeout.ms': '3000', 'broker.heartbeat.interval.ms': '500' } });
    proxy = await startProxy({ listen: '127.0.0.1:0', upstream: 'localhost:9092', print: quiet, eventCapacity: 100_000 });
    bootstrap = `localhost:${proxy.port}`;
  }, 300_000);
  afterAll(async () => {
    await proxy?.stop();
    try {
      await ensureBroker({ log: quiet });
    } finally {
      release?.();
    }
  }, 300_000);

  it('opens a port for every node before any client asks; Metadata names the three proxy ports', async () => {
    const nodes = proxy.nodes();
    expect(nodes.map((n) => n.nodeId)).toEqual([1, 2, 3]);
    expect(nodes[0]).toMatchObject({ port: proxy.port, bootstrap: true });
    expect(nodes.slice(1).map((n) => n.upstream)).toEqual([{ host: 'localhost', port: 9094 }, { host: 'localhost', port: 9096 }]);
    expect(new Set(nodes.map((n) => n.port)).size).toBe(3);
    expect(proxy.events().filter((e) => e.action === 'routed').map((e) => [e.nodeId, e.listenPort, e.upstream])).toEqual(
      nodes.slice(1).map((n) => [n.nodeId, n.port, `${n.upstream.host}:${n.upstream.port}`]),
    );
    const admin = new KafkaJs({ brokers: [bootstrap], clientId: 'route-meta3', logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const described = await admin.describeCluster();
    await admin.disconnect();
    expect(described.brokers.map((b) => [b.nodeId, b.port]).sort()).toEqual(nodes.map((n) => [n.nodeId, n.port]));
  });

  it('rewrites the KIP-951 leader hint of a Produce v10 response from a follower (NodeEndpoints) to the leader\'s proxy port', async () => {
    // librdkafka's captured Produce v10 request names this topic; one node leads it, a follower answers the request.
    const topic = 'capture-route-1796226499768';
    const created = await runTool('kafka-topics', ['--bootstrap-server', 'localhost:9092', '--create', '--if-not-exists', '--topic', topic, '--replica-assignment', '2:3:1']);
    expect(created.exitCode, created.stderr).toBe(0);
    await until(async () => (await cluster.partition(topic)).isr.length === 3);
    const { leader } = await cluster.partition(topic);
    const follower = [1, 2, 3].find((id) => id !== leader)!;
    const request = readFixture('rdkafka-produce-request-v10-capture-route');
    const direct = await RawConnection.open(9090 + 2 * follower);
    const raw = await direct.roundTrip(request);
    direct.close();
    if (process.env.CAPTURE_FIXTURES) writeFileSync(new URL('./protocol/fixtures/rdkafka-produce-response-v10-not-leader.hex', import.meta.url), raw.toString('hex').replace(/(.{64})/g, '$1\n').trim() + '\n');
    expect(addressesOf(findBrokerAddresses(raw, API.Produce, 10)!)).toEqual([{ nodeId: leader, host: 'localhost', port: 9090 + 2 * leader }]);
    const followerRoute = proxy.nodes().find((n) => n.nodeId === follower)!;
    const leaderRoute = proxy.nodes().find((n) => n.nodeId === leader)!;
    const through = await RawConnection.open(followerRoute.port);
    const routed = await through.roundTrip(request);
    through.close();
    expect(addressesOf(findBrokerAddresses(routed, API.Produce, 10)!)).toEqual([{ nodeId: leader, host: 'localhost', port: leaderRoute.port }]);
  });

  it('keeps librdkafka, kafkajs and the Java producer on the proxy through a leader change', async () => {
    const topic = `route-three-${Date.now()}`;
    // Node 2 leads, so that stopping it leaves the bootstrap node (1) up for the clients that start afterwards.
    const created = await runTool('kafka-topics', ['--bootstrap-server', 'localhost:9092', '--create', '--topic', topic, '--replica-assignment', '2:3:1']);
    expect(created.exitCode, created.stderr).toBe(0);
    await until(async () => (await cluster.partition(topic)).isr.length === 3);
    let produced = await produceWithEveryClient(topic, bootstrap, 'before');

    const kafkajs = new KafkaJs({ brokers: [bootstrap], clientId: 'route-kafkajs-live', logLevel: logLevel.NOTHING, retry: { retries: 20 } });
    const kp = kafkajs.producer();
    await kp.connect();
    const rd = new KafkaJS.Kafka({ kafkaJS: { brokers: [bootstrap], clientId: 'route-rdkafka-live', logLevel: KafkaJS.logLevel.NOTHING } });
    const rp = rd.producer();
    await rp.connect();
    await kp.send({ topic, acks: -1, messages: [{ value: 'kafkajs-to-2' }] });
    await rp.send({ topic, messages: [{ value: 'rdkafka-to-2' }] });
    produced += 2;

    await cluster.stop(2);
    await until(async () => ![2, -1].includes((await cluster.partition(topic)).leader));
    const leader = (await cluster.partition(topic)).leader;
    await kp.send({ topic, acks: -1, messages: [{ value: `kafkajs-to-${leader}` }] });
    await rp.send({ topic, messages: [{ value: `rdkafka-to-${leader}` }] });
    produced += 2;
    await kp.disconnect();
    await rp.disconnect();
    produced += await produceWithEveryClient(topic, bootstrap, 'after');

    const stored = await storedValues(topic, 'localhost:9092', produced);
    expect(stored).toHaveLength(produced);
    expect(stored).toContain(`rdkafka-to-${leader}`);
    // Every stored record came through the proxy (a retried batch may count twice).
    expect(recordsSeen(proxy, topic)).toBeGreaterThanOrEqual(produced);
    await cluster.restart(2);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
