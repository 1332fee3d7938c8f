import net from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { readFixture } from './protocol/fixtures/read-fixture.ts';
import { startProxy, type Proxy } from './proxy.ts';

// How a request reaches the broker: streamed chunk by chunk in pass-through, held whole while a fault module decides.
// The broker is a stand-in that records the bytes it receives (the test is about the proxy's forwarding, not Kafka);
// the frames are a Produce request and its response captured from the Java console producer.
const request = readFixture('java-produce-request-v13');
const response = Buffer.from(readFixture('java-produce-response-v13'));
response.writeInt32BE(request.readInt32BE(8), 4);

/** A stand-in broker: keeps what it receives, and answers a whole request with `response`. */
async function standInBroker() {
  const received: Buffer[] = [];
  const server = net.createServer((socket) => {
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (Buffer.concat(received).length === request.length) socket.write(response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const bytes = () => Buffer.concat(received);
  return {
    port: (server.address() as net.AddressInfo).port,
    bytes,
    /** Resolves once it has received `count` bytes in all. */
    async has(count: number): Promise<void> {
      for (let i = 0; i < 400 && bytes().length < count; i++) await new Promise((r) => setTimeout(r, 10));
      expect(bytes().length).toBe(count);
    },
    close: () => server.close(),
  };
}

let proxy: Proxy | undefined;
let broker: Awaited<ReturnType<typeof standInBroker>> | undefined;
afterEach(async () => {
  await proxy?.stop();
  broker?.close();
});

async function sendInTwoParts(faults: Record<string, unknown>) {
  broker = await standInBroker();
  proxy = await startProxy({ listen: '127.0.0.1:0', upstream: `127.0.0.1:${broker.port}`, discoverTimeoutMs: 0, faults, print: () => {} });
  const client = net.connect(proxy.port, '127.0.0.1');
  await once(client, 'connect');
  const answer = once(client, 'data');
  const half = Math.floor(request.length / 2);
  client.write(request.subarray(0, half));
  return { client, half, answer };
}

describe('a request on its way through the proxy', () => {
  it('in pass-through goes to the broker as it arrives, and is still accounted for once whole', async () => {
    const { client, half, answer } = await sendInTwoParts({});
    await broker!.has(half);
    expect(broker!.bytes()).toEqual(request.subarray(0, half));
    client.write(request.subarray(half));
    await broker!.has(request.length);
    expect(broker!.bytes()).toEqual(request);
    const [answered] = (await answer) as [Buffer];
    expect(answered).toEqual(response);
    expect(proxy!.events().filter((e) => e.direction !== 'connection').map((e) => [e.direction, e.action, e.size, e.detail])).toEqual([
      ['request', 'forwarded', request.length, 'Produce #1 acks=-1'],
      ['response', 'forwarded', response.length, 'Produce #1 acks=-1'],
    ]);
    client.destroy();
  });

  it('with a fault module on is held until it is whole, for the module to decide on', async () => {
    const { client, half, answer } = await sendInTwoParts({ dropProduce: [2] });
    await new Promise((r) => setTimeout(r, 300));
    expect(broker!.bytes().length).toBe(0);
    client.write(request.subarray(half));
    await broker!.has(request.length);
    expect(broker!.bytes()).toEqual(request);
    expect((await answer)[0]).toEqual(response);
    client.destroy();
  });
});
