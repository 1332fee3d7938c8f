// Both producer programs' modes against the real broker: through a proxy on a free port where the order of requests
// is the point, direct to the HOST listener where only the records are.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { programArgs } from '@kafka-labs/build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP, ensureBroker, runTool } from '@kafka-labs/broker';
import { startProxy, type Proxy } from '@kafka-labs/proxy';
import { parseProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { KAFKAJS_PRODUCER_CLI, PRODUCER_CLI } from './paths.ts';

let proxy: Proxy;

beforeAll(async () => {
  await ensureBroker();
  proxy = await startProxy({ listen: '127.0.0.1:0', print: () => {} });
}, 200_000);

afterAll(async () => {
  await proxy?.stop();
});

const unique = (base: string) => `${base}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function createTopic(base: string, partitions = 1): Promise<string> {
  const topic = unique(base);
  await runTool('kafka-topics', ['--bootstrap-server', BOOTSTRAP.tools, '--create', '--topic', topic, '--partitions', String(partitions)]);
  return topic;
}

/** Runs a CLI to its end and parses its output strictly; rejects when it exits non-zero. */
async function run(cli: string, args: string[]) {
  const { stdout } = await promisify(execFile)(process.execPath, [...programArgs(cli), ...args], {
    timeout: 90_000,
    env: { ...process.env, KAFKAJS_NO_PARTITIONER_WARNING: '1' },
  });
  return parseProducerLog(stdout);
}

/** The values of a topic's partition 0 in log order, read with the given isolation level. */
async function readBack(topic: string, isolation = 'read_uncommitted'): Promise<string[]> {
  const { stdout } = await runTool('kafka-console-consumer', [
    '--bootstrap-server', BOOTSTRAP.tools, '--topic', topic, '--from-beginning', '--timeout-ms', '3000', '--isolation-level', isolation,
  ]);
  return stdout.split('\n').filter(Boolean);
}

describe('burst, through the proxy', () => {
  it('produces E-1 ... E-5 in one tick, so that E-3 ... E-5 overtake a swallowed E-2', async () => {
    const topic = await createTopic('burst');
    proxy.reset();
    // W is Produce 1, E-2 Produce 3.
    proxy.setFaults({ swallowProduce: [3] });
    const log = await run(PRODUCER_CLI, [topic, 'false', 'burst', '--warm-up', 'max.in.flight=5', 'linger.ms=0', 'batch.num.messages=1', `bootstrap.servers=${proxy.bootstrap}`]);
    proxy.setFaults({});
    expect(log.results.map((r) => r.event)).toEqual(['W', 'E-1', 'E-3', 'E-4', 'E-5', 'E-2']);
    expect(await readBack(topic)).toEqual(['W', 'E-1', 'E-3', 'E-4', 'E-5', 'E-2']);
  });

  it('sends the KafkaJS producer\'s E-1 ... E-5 as five concurrent sends', async () => {
    const topic = await createTopic('kjs-burst');
    proxy.reset();
    const log = await run(KAFKAJS_PRODUCER_CLI, [topic, 'true', 'burst', `brokers=${proxy.bootstrap}`]);
    expect(log.start).toMatchObject({ client: 'kafkajs', mode: 'burst', config: { idempotent: 'true' } });
    expect(log.results.map((r) => r.event).sort()).toEqual(['E-1', 'E-2', 'E-3', 'E-4', 'E-5']);
    expect(log.results.every((r) => r.error === null)).toBe(true);
    expect(proxy.counters().produce).toBe(5);
  });
});

describe('direct to the broker', () => {
  it('tells the partition of each of the 20 keys, the same partition for the same key every time', async () => {
    const topic = await createTopic('keys', 6);
    const first = await run(PRODUCER_CLI, [topic, 'false', 'keys', `bootstrap.servers=${BOOTSTRAP.host}`]);
    const again = await run(PRODUCER_CLI, [topic, 'false', 'keys', `bootstrap.servers=${BOOTSTRAP.host}`]);
    expect(first.results.map((r) => r.key)).toEqual(Array.from({ length: 20 }, (_, i) => `user-${i + 1}`));
    expect(first.results.every((r) => r.partition! >= 0 && r.partition! < 6)).toBe(true);
    expect(again.results.map((r) => r.partition)).toEqual(first.results.map((r) => r.partition));
  });

  it('puts null-keyed records of one tick in one partition with librdkafka and round-robin with kafkajs', async () => {
    const topic = await createTopic('null-keys', 6);
    const sticky = await run(PRODUCER_CLI, [topic, 'false', 'null-keys', `bootstrap.servers=${BOOTSTRAP.host}`]);
    const roundRobin = await run(KAFKAJS_PRODUCER_CLI, [topic, 'false', 'null-keys', `brokers=${BOOTSTRAP.host}`]);
    expect(new Set(sticky.results.map((r) => r.partition)).size).toBe(1);
    const perPartition = [0, 1, 2, 3, 4, 5].map((p) => roundRobin.results.filter((r) => r.partition === p).length);
    expect(perPartition).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('tells each stream record\'s latency and stores the orders in order', async () => {
    const topic = await createTopic('stream');
    const log = await run(PRODUCER_CLI, [topic, 'false', 'stream', '--count', '50', '--interval-ms', '1', `bootstrap.servers=${BOOTSTRAP.host}`, 'linger.ms=5']);
    expect(log.results).toHaveLength(50);
    expect(log.results.every((r) => r.latencyMs! > 0)).toBe(true);
    expect((await readBack(topic)).map((v) => JSON.parse(v).order)).toEqual(Array.from({ length: 50 }, (_, i) => `O-${i + 1}`));
  });

  it('refuses snappy in kafkajs with KafkaJSNotImplemented and stores nothing', async () => {
    const topic = await createTopic('snappy');
    const log = await run(KAFKAJS_PRODUCER_CLI, [topic, 'false', 'send', `brokers=${BOOTSTRAP.host}`, 'compression=snappy']);
    expect(log.results.map((r) => [r.event, r.error?.name, r.error?.text])).toEqual(
      ['E-41', 'E-42', 'E-43'].map((e) => [e, 'KafkaJSNotImplemented', 'Snappy compression not implemented']),
    );
    expect(await readBack(topic)).toEqual([]);
  });
});

describe('fan-out', () => {
  it('commits one event to three topics, and aborts what it sent when the application fails before the last', async () => {
    const topics = [await createTopic('orders'), await createTopic('order-analytics'), await createTopic('order-notifications')];
    const base = [topics.join(','), 'true', 'fan-out', `bootstrap.servers=${BOOTSTRAP.host}`, `transactional.id=${unique('tx')}`];
    const committed = await run(PRODUCER_CLI, [...base, '--event', 'O-1']);
    expect(committed.steps.map((s) => (s.kind === 'transaction' ? s.action : 'failure'))).toEqual(['begin', 'commit']);
    expect(committed.results.map((r) => r.topic)).toEqual(topics);
    const aborted = await run(PRODUCER_CLI, [...base, '--event', 'O-2', '--fail-before', topics[2]!]);
    expect(aborted.steps).toEqual([{ kind: 'transaction', action: 'begin' }, { kind: 'failure', before: topics[2] }, { kind: 'transaction', action: 'abort' }]);
    expect(aborted.results.map((r) => r.topic)).toEqual(topics.slice(0, 2));
    for (const topic of topics) expect(await readBack(topic, 'read_committed')).toEqual(['O-1']);
    expect(await readBack(topics[0]!)).toEqual(['O-1', 'O-2']);
  });

  it('leaves the first topic written and the others not when the application fails without a transaction', async () => {
    const topics = [await createTopic('orders'), await createTopic('order-analytics')];
    const log = await run(KAFKAJS_PRODUCER_CLI, [topics.join(','), 'false', 'fan-out', `brokers=${BOOTSTRAP.host}`, '--event', 'O-3', '--fail-before', topics[1]!]);
    expect(log.steps).toEqual([{ kind: 'failure', before: topics[1] }]);
    expect(await readBack(topics[0]!)).toEqual(['O-3']);
    expect(await readBack(topics[1]!)).toEqual([]);
  });
});
