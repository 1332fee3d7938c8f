// Real clients through the proxy on 9532: the broker's FAULT listener advertises localhost:9532, so clients that
// bootstrap there stay on the proxy. The files that use 9532 hold the broker lock, which the labs take too.
import { lookup } from 'node:dns/promises';
import { describe, expect, it } from 'vitest';
import { Kafka as KafkaJs, logLevel } from 'kafkajs';
import RdKafka from '@confluentinc/kafka-javascript';
import { runTool } from '@kafka-labs/broker';
import type { Proxy } from './proxy.ts';
import { apiVersionsRequest, RawConnection } from './testing/raw-kafka.ts';
import { createTopic, PROXY, rdProducer, readTopic, proxyOn9532, values } from './testing/real-clients.ts';

let proxy: Proxy;
const lines: string[] = [];
proxyOn9532('proxy client tests', lines, (started) => (proxy = started));

/** A varied workload: binary, multi-byte text and large values, with and without keys and headers. */
function workload(): { key: Buffer | null; value: Buffer; headers: Record<string, Buffer> }[] {
  return Array.from({ length: 60 }, (_, i) => ({
    key: i % 3 === 0 ? null : Buffer.from(`key-${i}`),
    value: i === 0 ? Buffer.from([0]) : i % 10 === 0 ? Buffer.alloc(20_000 + i, i) : Buffer.from(`value ${i} ✓ ${'x'.repeat(i * 7)}`),
    headers: i % 4 === 0 ? { trace: Buffer.from([i, 0, 255]) } : ({} as Record<string, Buffer>),
  }));
}

const expected = (messages: ReturnType<typeof workload>) =>
  messages.map((m) => ({
    key: m.key?.toString('base64') ?? null,
    value: m.value.toString('base64'),
    headers: JSON.stringify(Object.entries(m.headers).map(([k, v]) => [k, v.toString('base64')])),
  }));

describe('pass-through with real clients', { timeout: 90_000 }, () => {
  it('reaches the proxy at every address localhost resolves to', async () => {
    for (const { address } of await lookup('localhost', { all: true })) {
      const connection = await RawConnection.open(9532, address);
      expect((await connection.roundTrip(apiVersionsRequest(42))).readInt32BE(4)).toBe(42);
      connection.close();
    }
    const connection = await RawConnection.open(9532, '::1');
    expect((await connection.roundTrip(apiVersionsRequest(43))).readInt32BE(4)).toBe(43);
    connection.close();
  });

  it('delivers everything confluent-kafka-javascript (librdkafka) produces, consumed back identically', async () => {
    const topic = await createTopic('rdkafka');
    const messages = workload();
    const { KafkaJS } = RdKafka;
    const kafka = new KafkaJS.Kafka({ kafkaJS: { brokers: [PROXY], clientId: 'proxy-test-ckjs', logLevel: KafkaJS.logLevel.NOTHING } });
    const producer = kafka.producer();
    await producer.connect();
    for (let i = 0; i < messages.length; i += 20) {
      const batch = messages.slice(i, i + 20).map((m) => ({ key: m.key, value: m.value, headers: m.headers, partition: 0 }));
      await producer.send({ topic, messages: batch });
    }
    await producer.disconnect();
    expect(await readTopic(topic, PROXY)).toEqual(expected(messages));
    expect(proxy.counters()).toMatchObject({ dropped: 0, delayed: 0, closed: 0, errors: 0 });
    expect(proxy.counters().produce).toBeGreaterThan(0);
  });

  it('delivers everything kafkajs produces, consumed back identically', async () => {
    const topic = await createTopic('kafkajs');
    const messages = workload();
    const kafka = new KafkaJs({ brokers: [PROXY], clientId: 'proxy-test-kafkajs', logLevel: logLevel.NOTHING });
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, acks: -1, messages: messages.slice(0, 30).map((m) => ({ ...m, partition: 0 })) });
    await producer.send({ topic, acks: -1, messages: messages.slice(30).map((m) => ({ ...m, partition: 0 })) });
    await producer.disconnect();
    expect(await readTopic(topic, PROXY)).toEqual(expected(messages));
    expect(proxy.counters()).toMatchObject({ produce: 2, dropped: 0, errors: 0 });
  });

  it("delivers what Kafka's Java console producer sends", async () => {
    const topic = await createTopic('console');
    const { exitCode, stderr } = await runTool('kafka-console-producer', ['--bootstrap-server', PROXY, '--topic', topic], {
      input: 'a\nb\n',
    });
    expect({ exitCode, errors: stderr.split('\n').filter((l) => /ERROR|Exception/.test(l)) }).toEqual({ exitCode: 0, errors: [] });
    expect(await values(topic)).toEqual(['a', 'b']);
    expect(proxy.counters().requests).toMatchObject({ ApiVersions: expect.any(Number), Produce: expect.any(Number) });
  });
});

describe('faults with real clients', { timeout: 90_000 }, () => {
  /** Produces E-41, E-42, E-43 one at a time through the proxy, each after the previous delivery report. */
  async function produceThree(topic: string, idempotence: boolean): Promise<void> {
    const producer = await rdProducer({ 'enable.idempotence': idempotence, 'socket.timeout.ms': 3000 });
    try {
      for (const value of ['E-41', 'E-42', 'E-43']) await producer.send(topic, value);
    } finally {
      await producer.close();
    }
  }

  it('dropping the response to Produce request 2 duplicates E-42 when idempotence is off', async () => {
    const topic = await createTopic('drop-plain');
    proxy.setFaults({ dropProduce: [2] });
    await produceThree(topic, false);
    expect(await values(topic)).toEqual(['E-41', 'E-42', 'E-42', 'E-43']);
    const dropped = proxy.events().filter((e) => e.action === 'response-dropped');
    expect(dropped).toEqual([expect.objectContaining({ apiName: 'Produce', detail: 'Produce #2 acks=-1' })]);
    expect(lines).toEqual([`proxy: dropped Produce response correlation_id=${dropped[0]!.correlationId} (Produce #2 acks=-1)`]);
  });

  it('dropping the response to Produce request 2 leaves E-42 once when idempotence is on', async () => {
    const topic = await createTopic('drop-idempotent');
    proxy.setFaults({ dropProduce: [2] });
    await produceThree(topic, true);
    expect(await values(topic)).toEqual(['E-41', 'E-42', 'E-43']);
    expect(proxy.counters()).toMatchObject({ dropped: 1 });
  });

  it('closing the client connection after Produce request 2 makes librdkafka send E-42 again', async () => {
    const topic = await createTopic('close');
    proxy.setFaults({ closeAfterProduce: 2 });
    await produceThree(topic, false);
    expect(await values(topic)).toEqual(['E-41', 'E-42', 'E-42', 'E-43']);
    const closed = proxy.events().filter((e) => e.action === 'closed');
    expect(closed).toEqual([expect.objectContaining({ detail: 'after forwarding Produce #2 acks=-1' })]);
    expect(proxy.counters()).toMatchObject({ closed: 1 });
  });

  it('expects no response to an acks=0 Produce request, so later responses still match', async () => {
    const topic = await createTopic('acks0');
    proxy.setFaults({ dropProduce: [1] });
    const kafka = new KafkaJs({ brokers: [PROXY], clientId: 'proxy-test-acks0', logLevel: logLevel.NOTHING });
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, acks: 0, messages: [{ value: 'fire-and-forget', partition: 0 }] });
    await producer.send({ topic, acks: -1, messages: [{ value: 'acknowledged', partition: 0 }] });
    await producer.disconnect();
    const produce = proxy.events().filter((e) => e.apiName === 'Produce' && e.action !== 'delayed');
    expect(produce.map((e) => [e.direction, e.action, e.detail])).toEqual([
      ['request', 'forwarded', 'Produce #1 acks=0, no response to drop'],
      ['request', 'forwarded', 'Produce #2 acks=-1'],
      ['response', 'forwarded', 'Produce #2 acks=-1'],
    ]);
    expect(proxy.counters()).toMatchObject({ produce: 2, dropped: 0 });
    expect(await values(topic)).toEqual(['fire-and-forget', 'acknowledged']);
  });

  it('delays only the requests at or above the size threshold', async () => {
    const topic = await createTopic('delay');
    proxy.setFaults({ delayMinBytes: 4096, delayMs: 300 });
    const producer = await rdProducer({});
    for (const value of ['small-1', 'L'.repeat(8000), 'small-2']) await producer.send(topic, value);
    await producer.close();
    expect((await values(topic)).map((v) => v.slice(0, 7))).toEqual(['small-1', 'LLLLLLL', 'small-2']);

    const events = proxy.events();
    const delayed = events.filter((e) => e.action === 'delayed');
    expect(delayed).toEqual([expect.objectContaining({ apiName: 'Produce', direction: 'request', detail: 'by 300 ms' })]);
    expect(delayed[0]!.size).toBeGreaterThanOrEqual(8000);
    const notDelayed = events.filter(
      (e) => e.action === 'forwarded' && e.direction === 'request' && !delayed.some((d) => d.connection === e.connection && d.correlationId === e.correlationId),
    );
    expect(notDelayed.length).toBeGreaterThan(2);
    expect(notDelayed.every((e) => e.size! < 4096)).toBe(true);
    expect(proxy.counters()).toMatchObject({ delayed: 1, produce: 3 });
  });
});
