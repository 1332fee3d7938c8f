// Each fault module on raw frames through a proxy on a free port, in front of the broker's FAULT listener 9533.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBroker } from '@kafka-labs/broker';
import { startProxy, type Proxy } from '../proxy.ts';
import { readFixture } from '../protocol/fixtures/read-fixture.ts';
import { decodeRequestHeader } from '../protocol/headers.ts';
import { decodeProduceRequest } from '../protocol/produce-request.ts';
import { decodeProduceResponse, encodeProduceResponse, produceErrorResponse } from '../protocol/produce-response.ts';
import { apiVersionsRequest, RawConnection } from '../testing/raw-kafka.ts';
import type { Faults } from '../faults.ts';

beforeAll(() => ensureBroker(), 200_000);

const running: Proxy[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

async function proxyWith(faults: Faults): Promise<Proxy & { lines: string[] }> {
  const lines: string[] = [];
  const proxy = await startProxy({ listen: '127.0.0.1:0', upstream: '127.0.0.1:9533', faults, print: (l) => lines.push(l) });
  running.push(proxy);
  return Object.assign(proxy, { lines });
}

/** A captured Produce request with its correlation id set to `correlationId`. */
function produceRequest(fixture: string, correlationId: number): Buffer {
  const frame = Buffer.from(readFixture(fixture));
  frame.writeInt32BE(correlationId, 8);
  return frame;
}

/** Sends the frames in one write and resolves with the correlation ids of the next `count` responses. */
async function pipeline(proxy: Proxy, frames: Buffer[], count: number): Promise<Buffer[]> {
  const connection = await RawConnection.open(proxy.port);
  connection.send(Buffer.concat(frames));
  const responses = await connection.frames(count);
  connection.close();
  return responses;
}

const ids = (frames: Buffer[]) => frames.map((f) => f.readInt32BE(4));
const actions = (proxy: Proxy) => proxy.events().filter((e) => e.correlationId !== undefined).map((e) => `${e.action} ${e.correlationId}`);

describe('fail-produce', () => {
  it('answers in order: its response waits for the broker\'s answers to the requests before it', async () => {
    const proxy = await proxyWith({ failProduce: [1], failCode: 6 });
    const produce = produceRequest('kafkajs-produce-request-v7-acks-all', 2);
    const responses = await pipeline(proxy, [apiVersionsRequest(1), produce, apiVersionsRequest(3)], 3);
    expect(ids(responses)).toEqual([1, 2, 3]);
    const expected = produceErrorResponse(decodeProduceRequest(produce, decodeRequestHeader(produce)), 2, 6);
    expect(responses[1]!.toString('hex')).toBe(encodeProduceResponse(expected, 7).toString('hex'));
    expect(decodeProduceResponse(responses[1]!, 7).responses[0]!.partitionResponses[0]).toMatchObject({ index: 0, errorCode: 6 });
    expect(actions(proxy)).toEqual(['forwarded 1', 'answered 2', 'forwarded 3', 'forwarded 1', 'injected 2', 'forwarded 3']);
    expect(proxy.counters()).toMatchObject({ answered: 1, requests: { ApiVersions: 2 } });
    expect(proxy.lines).toEqual([
      'proxy: answered Produce request correlation_id=2 with NOT_LEADER_OR_FOLLOWER (6) instead of forwarding it (Produce #1 acks=-1)',
    ]);
  });

  it('answers a Produce carrying the partition and forwards one that does not', async () => {
    const proxy = await proxyWith({ failPartition: 'proxy-capture:1', failCode: 19 });
    await pipeline(proxy, [produceRequest('rdkafka-produce-request-v10', 1)], 1);
    expect(proxy.counters()).toMatchObject({ answered: 0, requests: { Produce: 1 } });
    proxy.setFaults({ failPartition: 'proxy-capture:0', failCode: 19 });
    const [answer] = await pipeline(proxy, [produceRequest('rdkafka-produce-request-v10', 2)], 1);
    expect(decodeProduceResponse(answer!, 10)).toMatchObject({
      correlationId: 2,
      responses: [{ name: 'proxy-capture', partitionResponses: [{ index: 0, errorCode: 19, baseOffset: -1 }] }],
    });
  });

  it('sends nothing back for an acks=0 Produce, which expects no response', async () => {
    const proxy = await proxyWith({ failProduce: [1] });
    const responses = await pipeline(proxy, [produceRequest('kafkajs-produce-request-v7-acks-0', 1), apiVersionsRequest(2)], 1);
    expect(ids(responses)).toEqual([2]);
    expect(proxy.events().find((e) => e.action === 'answered')).toMatchObject({ detail: 'Produce #1 acks=0, no response sent' });
  });
});

describe('swallow-produce', () => {
  it('never forwards the request and never answers it; the requests after it go on', async () => {
    const proxy = await proxyWith({ swallowProduce: [1] });
    const responses = await pipeline(proxy, [apiVersionsRequest(1), produceRequest('rdkafka-produce-request-v10', 2), apiVersionsRequest(3)], 2);
    expect(ids(responses)).toEqual([1, 3]);
    expect(proxy.counters()).toMatchObject({ swallowed: 1, requests: { ApiVersions: 2 } });
    expect(proxy.counters().requests.Produce).toBeUndefined();
    expect(proxy.events().find((e) => e.action === 'swallowed')).toMatchObject({
      direction: 'request',
      apiName: 'Produce',
      apiVersion: 10,
      correlationId: 2,
      ordinal: 1,
      clientId: 'capture-rdkafka',
      module: 'swallow-produce',
      produce: {
        acks: -1,
        transactionalId: null,
        timeoutMs: 30000,
        partitions: [{ topic: 'proxy-capture', partition: 0, records: 1, producerId: -1, producerEpoch: -1, baseSequence: -1 }],
      },
    });
  });
});

describe('drop-response', () => {
  it('drops the response to the Nth request of any API, counted per API, after the broker answered it', async () => {
    const proxy = await proxyWith({ dropResponse: ['ApiVersions:2'] });
    const responses = await pipeline(proxy, [apiVersionsRequest(1), apiVersionsRequest(2), apiVersionsRequest(3)], 2);
    expect(ids(responses)).toEqual([1, 3]);
    expect(proxy.counters()).toMatchObject({ dropped: 1, requests: { ApiVersions: 3 } });
    expect(proxy.events().filter((e) => e.action === 'response-dropped')).toEqual([
      expect.objectContaining({ apiName: 'ApiVersions', correlationId: 2, ordinal: 2, module: 'drop-response', detail: 'ApiVersions #2' }),
    ]);
  });
});

describe('the chain', () => {
  it('lets the first module that swallows or answers a request end the chain', async () => {
    const proxy = await proxyWith({ dropProduce: [1], swallowProduce: [1], failProduce: [1] });
    const responses = await pipeline(proxy, [produceRequest('rdkafka-produce-request-v10', 1), apiVersionsRequest(2)], 1);
    expect(ids(responses)).toEqual([2]);
    expect(proxy.events().filter((e) => e.apiName === 'Produce').map((e) => [e.action, e.module])).toEqual([['swallowed', 'swallow-produce']]);
  });

  it('delays a request, then carries out the rest of its decision', async () => {
    const proxy = await proxyWith({ delayMinBytes: 100, delayMs: 50, failProduce: [1] });
    const responses = await pipeline(proxy, [produceRequest('rdkafka-produce-request-v10', 1), apiVersionsRequest(2)], 2);
    expect(ids(responses)).toEqual([1, 2]);
    expect(actions(proxy)).toEqual(['delayed 1', 'answered 1', 'injected 1', 'forwarded 2', 'forwarded 2']);
    expect(proxy.events()[1]).toMatchObject({ action: 'delayed', module: 'delay', delayMs: 50, ordinal: 1 });
  });
});
