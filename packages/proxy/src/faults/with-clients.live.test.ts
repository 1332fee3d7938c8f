// The faults the tracks need, against real clients through the proxy on 9532: what each client does with them.
import { describe, expect, it } from 'vitest';
import { Kafka as KafkaJs, logLevel } from 'kafkajs';
import { runTool } from '@kafka-labs/broker';
import type { ProxyEvent } from '../events.ts';
import type { Proxy } from '../proxy.ts';
import { createTopic, PROXY, rdProducer, proxyOn9532, TOOLS, values } from '../testing/real-clients.ts';

let proxy: Proxy;
const lines: string[] = [];
proxyOn9532('proxy fault-module client tests', lines, (started) => (proxy = started));

const decided = (action: ProxyEvent['action']) => proxy.events().filter((e) => e.action === action);
const produceRequests = () => proxy.events().filter((e) => e.apiName === 'Produce' && e.direction === 'request');

/** librdkafka without idempotence, five requests in flight, one record per request: E1..E5 produced in one tick. */
async function fiveInFlight(topic: string, idempotence: boolean, warmUp: boolean): Promise<(string | null)[]> {
  const producer = await rdProducer({
    'enable.idempotence': idempotence,
    'max.in.flight.requests.per.connection': 5,
    'batch.num.messages': 1,
    'socket.timeout.ms': 3000,
  });
  try {
    // An idempotent producer's first Produce must not be swallowed (its PID's sequence would be rewound): warm it up.
    if (warmUp) await producer.send(topic, 'E0');
    const reports = ['E1', 'E2', 'E3', 'E4', 'E5'].map((value) => producer.report(topic, value));
    return (await Promise.all(reports)).map((err) => err?.message ?? null);
  } finally {
    await producer.close();
  }
}

describe('swallow-produce', { timeout: 90_000 }, () => {
  it('reorders librdkafka without idempotence: request 2 never arrives, so E2 is stored last', async () => {
    const topic = await createTopic('swallow-plain');
    proxy.setFaults({ swallowProduce: [2] });
    expect(await fiveInFlight(topic, false, false)).toEqual([null, null, null, null, null]);
    expect(await values(topic)).toEqual(['E1', 'E3', 'E4', 'E5', 'E2']);
    expect(decided('swallowed')).toEqual([
      expect.objectContaining({ apiName: 'Produce', ordinal: 2, module: 'swallow-produce', produce: expect.objectContaining({ acks: -1 }) }),
    ]);
    expect(proxy.counters()).toMatchObject({ swallowed: 1, dropped: 0 });
  });

  it('leaves the order of a warmed-up idempotent librdkafka producer intact', async () => {
    const topic = await createTopic('swallow-idempotent');
    proxy.setFaults({ swallowProduce: [3] });
    expect(await fiveInFlight(topic, true, true)).toEqual([null, null, null, null, null]);
    expect(await values(topic)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4', 'E5']);
    const swallowed = decided('swallowed');
    expect(swallowed).toHaveLength(1);
    expect(swallowed[0]!.produce!.partitions[0]).toMatchObject({ topic, partition: 0, records: 1, baseSequence: 2 });
  });
});

describe('fail-produce', { timeout: 120_000 }, () => {
  it('librdkafka retries a Produce answered with NOT_ENOUGH_REPLICAS and stores the record once', async () => {
    const topic = await createTopic('fail-rdkafka');
    proxy.setFaults({ failProduce: [1], failCode: 19 });
    const producer = await rdProducer({ 'enable.idempotence': false });
    await producer.send(topic, 'E-1');
    await producer.close();
    expect(await values(topic)).toEqual(['E-1']);
    expect(decided('answered')).toEqual([
      expect.objectContaining({ ordinal: 1, module: 'fail-produce', errorCode: 19, errorName: 'NOT_ENOUGH_REPLICAS', apiVersion: 10 }),
    ]);
    expect(decided('injected')).toHaveLength(1);
    expect(produceRequests().map((e) => [e.ordinal, e.action])).toEqual([[1, 'answered'], [2, 'forwarded']]);
  });

  it('librdkafka reports the code when it may not retry', async () => {
    const topic = await createTopic('fail-rdkafka-report');
    proxy.setFaults({ failPartition: `${topic}:0`, failCode: 19 });
    const producer = await rdProducer({ 'enable.idempotence': false, retries: 0 });
    const err = await producer.report(topic, 'E-1');
    await producer.close();
    expect(err).toMatchObject({ code: 19 });
    expect(await values(topic)).toEqual([]);
  });

  it('kafkajs retries a Produce answered with NOT_LEADER_OR_FOLLOWER, and reports the code without retries', async () => {
    const topic = await createTopic('fail-kafkajs');
    proxy.setFaults({ failProduce: [1] });
    const kafka = (retries: number) =>
      new KafkaJs({ brokers: [PROXY], clientId: 'proxy-test-fail', logLevel: logLevel.NOTHING, retry: { retries, initialRetryTime: 50 } });
    const retrying = kafka(5).producer();
    await retrying.connect();
    await retrying.send({ topic, acks: -1, messages: [{ value: 'E-1', partition: 0 }] });
    await retrying.disconnect();
    expect(await values(topic)).toEqual(['E-1']);
    expect(decided('answered')).toEqual([expect.objectContaining({ apiVersion: 7, errorCode: 6, errorName: 'NOT_LEADER_OR_FOLLOWER' })]);

    proxy.setFaults({ failPartition: `${topic}:0`, failCode: 19 });
    const once = kafka(0).producer();
    await once.connect();
    const failed = await once.send({ topic, acks: -1, messages: [{ value: 'E-2', partition: 0 }] }).catch((err: unknown) => err);
    await once.disconnect();
    expect(failed).toMatchObject({ name: 'KafkaJSNumberOfRetriesExceeded', cause: { type: 'NOT_ENOUGH_REPLICAS', code: 19 } });
    expect(await values(topic)).toEqual(['E-1']);
  });

  it("Kafka's Java console producer (v13, topic ids) retries, and reports the code without retries", async () => {
    const topic = await createTopic('fail-java');
    const produce = (input: string, properties: string[]) =>
      runTool('kafka-console-producer', ['--bootstrap-server', PROXY, '--topic', topic, ...properties.flatMap((p) => ['--command-property', p])], { input });
    proxy.setFaults({ failPartition: `${topic}:0`, failProduce: [1], failCode: 19 });
    const retried = await produce('E-1\n', []);
    expect(retried.exitCode).toBe(0);
    expect(await values(topic)).toEqual(['E-1']);
    const answered = decided('answered');
    expect(answered).toEqual([expect.objectContaining({ apiVersion: 13, errorCode: 19 })]);
    // The Java client names topics by id in v13: the proxy learned the name from the Metadata response.
    expect(answered[0]!.produce!.partitions).toEqual([expect.objectContaining({ topic, topicId: expect.any(String), partition: 0 })]);

    proxy.setFaults({ failPartition: `${topic}:0`, failCode: 19 });
    const reported = await produce('E-2\n', ['retries=0']);
    expect(reported.stderr).toMatch(/NotEnoughReplicasException/);
    expect(await values(topic)).toEqual(['E-1']);
  });
});

describe('drop-response', { timeout: 120_000 }, () => {
  it('drops the response to the first EndTxn of a kafkajs transaction: its commit times out, yet the broker committed', async () => {
    const topic = await createTopic('drop-endtxn');
    proxy.setFaults({ dropResponse: ['EndTxn:1'] });
    const kafka = new KafkaJs({ brokers: [PROXY], clientId: 'proxy-test-txn', logLevel: logLevel.NOTHING, requestTimeout: 3000 });
    const producer = kafka.producer({ transactionalId: `${topic}-tx`, idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    const txn = await producer.transaction();
    await txn.send({ topic, messages: [{ value: 'T-1', partition: 0 }] });
    const commit = await txn.commit().then(() => 'committed', (err: Error) => err.name);
    await producer.disconnect();
    expect(commit).toBe('KafkaJSRequestTimeoutError');
    expect(decided('response-dropped')).toEqual([
      expect.objectContaining({ apiName: 'EndTxn', apiVersion: 1, ordinal: 1, module: 'drop-response', detail: 'EndTxn #1' }),
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^proxy: dropped EndTxn response correlation_id=\d+ \(EndTxn #1\)$/));
    const committed = await runTool('kafka-console-consumer', [
      ...['--bootstrap-server', TOOLS, '--topic', topic, '--from-beginning', '--isolation-level', 'read_committed'],
      ...['--max-messages', '1', '--timeout-ms', '20000'],
    ]);
    expect(committed.stdout.trim().split('\n')).toEqual(['T-1']);
  });
});
