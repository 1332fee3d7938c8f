import net from 'node:net';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBroker } from '@kafka-labs/broker';
import { controlClient } from './control-client.ts';
import type { ProxyEvent } from './events.ts';
import { startProxy, type Proxy, type ProxyOptions } from './proxy.ts';
import { apiVersionsRequest, RawConnection } from './testing/raw-kafka.ts';

// These tests talk to the broker's FAULT listener (127.0.0.1:9533) through a proxy on a free port.
const FAULT_LISTENER = '127.0.0.1:9533';

beforeAll(() => ensureBroker(), 200_000);

const running: Proxy[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

async function proxyOn(options: ProxyOptions = {}): Promise<Proxy & { lines: string[] }> {
  const lines: string[] = [];
  const proxy = await startProxy({ listen: '127.0.0.1:0', upstream: FAULT_LISTENER, print: (l) => lines.push(l), ...options });
  running.push(proxy);
  return Object.assign(proxy, { lines });
}

/** Resolves once the proxy has logged an event matching `match`, counting those already logged. */
async function eventually(proxy: Proxy, match: (e: ProxyEvent) => boolean): Promise<ProxyEvent> {
  return proxy.events().find(match) ?? proxy.waitForEvent(match, 10_000);
}

/** Resolves once `check` holds, polling every 20 ms; fails after 20 s. */
async function until(check: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 20_000; !check(); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() > deadline) throw new Error('the condition did not hold within 20 s');
  }
}

async function direct(requests: Buffer[]): Promise<Buffer[]> {
  const connection = await RawConnection.open(9533);
  connection.send(Buffer.concat(requests));
  const frames = await connection.frames(requests.length);
  connection.close();
  return frames;
}

describe('pass-through', () => {
  it('forwards pipelined requests and their responses byte for byte, matched by correlation id', async () => {
    const proxy = await proxyOn();
    const requests = Array.from({ length: 40 }, (_, i) => apiVersionsRequest(i + 1));
    const connection = await RawConnection.open(proxy.port);
    connection.send(Buffer.concat(requests));
    const viaProxy = await connection.frames(requests.length);
    connection.close();
    expect(viaProxy.map((f) => f.toString('hex'))).toEqual((await direct(requests)).map((f) => f.toString('hex')));
    expect(viaProxy.map((f) => f.readInt32BE(4))).toEqual(requests.map((_, i) => i + 1));
    expect(proxy.counters()).toMatchObject({ connections: 1, requests: { ApiVersions: 40 }, dropped: 0, errors: 0 });
    expect(proxy.lines).toEqual([]);
  });

  it('reassembles requests that arrive a few bytes at a time', async () => {
    const proxy = await proxyOn();
    const requests = Buffer.concat([apiVersionsRequest(7), apiVersionsRequest(8)]);
    const connection = await RawConnection.open(proxy.port);
    for (let at = 0; at < requests.length; at += 3) {
      connection.send(requests.subarray(at, at + 3));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const frames = await connection.frames(2);
    connection.close();
    expect(frames.map((f) => f.readInt32BE(4))).toEqual([7, 8]);
  });

  it('serves many connections at once', async () => {
    const proxy = await proxyOn();
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, c) => {
        const connection = await RawConnection.open(proxy.port);
        connection.send(Buffer.concat(Array.from({ length: 10 }, (_, i) => apiVersionsRequest(c * 100 + i))));
        const frames = await connection.frames(10);
        connection.close();
        return frames.map((f) => f.readInt32BE(4));
      }),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, c) => Array.from({ length: 10 }, (_, i) => c * 100 + i)));
    expect(proxy.counters()).toMatchObject({ connections: 20, requests: { ApiVersions: 200 } });
  });

  it('listens on ::1 as well as 127.0.0.1 for a loopback address', async () => {
    const proxy = await proxyOn();
    expect(proxy.addresses).toEqual([`127.0.0.1:${proxy.port}`, `[::1]:${proxy.port}`]);
    const connection = await RawConnection.open(proxy.port, '::1');
    const response = await connection.roundTrip(apiVersionsRequest(5));
    connection.close();
    expect(response.readInt32BE(4)).toBe(5);
  });

  it('writes every event as a JSON line to the events file', async () => {
    const eventsFile = join(mkdtempSync(join(tmpdir(), 'proxy-events-')), 'events.jsonl');
    const proxy = await proxyOn({ eventsFile });
    const connection = await RawConnection.open(proxy.port);
    await connection.roundTrip(apiVersionsRequest(3));
    connection.close();
    await proxy.stop();
    const lines = readFileSync(eventsFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as ProxyEvent);
    expect(lines.slice(1, 3)).toEqual([
      expect.objectContaining({ connection: 1, direction: 'request', action: 'forwarded', apiKey: 18, apiName: 'ApiVersions', apiVersion: 0, correlationId: 3, size: 17 }),
      expect.objectContaining({ connection: 1, direction: 'response', action: 'forwarded', apiKey: 18, apiName: 'ApiVersions', correlationId: 3 }),
    ]);
    expect(lines[0]).toMatchObject({ seq: 1, connection: 1, direction: 'connection', action: 'connected' });
    expect(typeof lines[0]!.time).toBe('string');
  });
});

describe('robustness', () => {
  async function expectClosedWithError(proxy: Proxy & { lines: string[] }, bytes: Buffer, reason: RegExp) {
    const connection = await RawConnection.open(proxy.port);
    connection.send(bytes);
    await connection.closed;
    const error = await eventually(proxy, (e) => e.action === 'error');
    expect(error.detail).toMatch(reason);
    expect(proxy.lines).toContainEqual(expect.stringMatching(/^proxy: error on connection 1: /));
    // The proxy keeps serving other connections.
    const other = await RawConnection.open(proxy.port);
    expect((await other.roundTrip(apiVersionsRequest(99))).readInt32BE(4)).toBe(99);
    other.close();
    expect(proxy.counters()).toMatchObject({ errors: 1 });
  }

  it('closes a connection that sends garbage and keeps serving others', async () => {
    await expectClosedWithError(await proxyOn(), Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'), /frame size \d+ is out of range/);
  });

  it('closes a connection that sends a negative size prefix', async () => {
    await expectClosedWithError(await proxyOn(), Buffer.from('ffffff00000000', 'hex'), /frame size -256 is out of range/);
  });

  it('closes a connection whose size prefix is above the cap', async () => {
    const proxy = await proxyOn({ maxFrameBytes: 1024 });
    await expectClosedWithError(proxy, Buffer.from('0000100000000000', 'hex'), /frame size 4096 is out of range/);
  });

  it('closes a connection whose frame is too short for a request header', async () => {
    await expectClosedWithError(await proxyOn(), Buffer.from('000000020012', 'hex'), /frame ends inside request_api_version/);
  });

  it('logs a client that disconnects mid-frame', async () => {
    const proxy = await proxyOn();
    const connection = await RawConnection.open(proxy.port);
    connection.send(apiVersionsRequest(1).subarray(0, 9));
    const logged = eventually(proxy, (e) => e.action === 'error');
    connection.socket.end();
    expect((await logged).detail).toBe('the client disconnected mid-frame (9 bytes of a request held)');
    await eventually(proxy, () => proxy.counters().open === 0);
  });

  it('still delivers a request whose client closes right after sending it', async () => {
    const proxy = await proxyOn();
    const connection = await RawConnection.open(proxy.port);
    connection.socket.end(apiVersionsRequest(31));
    // The broker's answer proves the request arrived; whether the client side was already gone is a race.
    const answered = await eventually(proxy, (e) => e.direction === 'response');
    expect(answered).toMatchObject({ correlationId: 31, apiName: 'ApiVersions' });
    expect(['forwarded', 'response-discarded']).toContain(answered.action);
  });

  it('still delivers a delayed request whose client closes before the delay ends', async () => {
    const proxy = await proxyOn({ faults: { delayMinBytes: 1, delayMs: 300 } });
    const connection = await RawConnection.open(proxy.port);
    connection.socket.end(Buffer.concat([apiVersionsRequest(41), apiVersionsRequest(42)]));
    await eventually(proxy, (e) => e.action === 'disconnected');
    await eventually(proxy, (e) => e.direction === 'response' && e.correlationId === 42);
    const actions = proxy.events().filter((e) => e.correlationId !== undefined).map((e) => `${e.action} ${e.correlationId}`);
    expect(actions).toEqual([
      'delayed 41', 'delayed 42', 'forwarded 41', 'forwarded 42', 'response-discarded 41', 'response-discarded 42',
    ]);
  });

  it('closes the client connection when the broker is down, and keeps listening', async () => {
    const down = net.createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.address() as net.AddressInfo).port;
    await new Promise((resolve) => down.close(resolve));
    const proxy = await proxyOn({ upstream: `127.0.0.1:${port}` });
    for (let i = 0; i < 2; i++) {
      const connection = await RawConnection.open(proxy.port);
      connection.send(apiVersionsRequest(1));
      await connection.closed;
    }
    const errors = proxy.events().filter((e) => e.action === 'error');
    expect(errors.map((e) => [e.connection, e.detail])).toEqual([
      [1, `broker 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`],
      [2, `broker 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`],
    ]);
  });

  it('closes the client connection when the broker disconnects mid-frame', async () => {
    // A stand-in broker that answers with half a frame and hangs up: the real one cannot be made to.
    const broken = net.createServer((socket) => socket.once('data', () => socket.end(Buffer.from('0000006400000001', 'hex'))));
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    try {
      const proxy = await proxyOn({ upstream: `127.0.0.1:${(broken.address() as net.AddressInfo).port}` });
      const connection = await RawConnection.open(proxy.port);
      connection.send(apiVersionsRequest(1));
      await connection.closed;
      const error = await eventually(proxy, (e) => e.action === 'error');
      expect(error.detail).toBe('the broker disconnected mid-frame (8 bytes of a response held)');
    } finally {
      broken.close();
    }
  });

  it('forwards a response with an unknown correlation id and notes it', async () => {
    const echo = net.createServer((socket) => socket.once('data', () => socket.write(Buffer.from('00000004000003e7', 'hex'))));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const proxy = await proxyOn({ upstream: `127.0.0.1:${(echo.address() as net.AddressInfo).port}` });
      const connection = await RawConnection.open(proxy.port);
      const response = await connection.roundTrip(apiVersionsRequest(1));
      connection.close();
      expect(response.toString('hex')).toBe('00000004000003e7');
      const event = await eventually(proxy, (e) => e.direction === 'response');
      expect(event).toMatchObject({ action: 'forwarded', correlationId: 999, detail: 'no matching request' });
    } finally {
      echo.close();
    }
  });
});

describe('control API', () => {
  it('reports status and events, changes faults while running and resets', async () => {
    const proxy = await proxyOn({ controlPort: 0, faults: { dropProduce: [2] } });
    expect(proxy.controlPort).toBeGreaterThan(0);
    const control = controlClient(proxy.controlPort!);

    const connection = await RawConnection.open(proxy.port);
    await connection.roundTrip(apiVersionsRequest(1));
    connection.close();

    const status = await control.status();
    expect(status).toMatchObject({
      listen: proxy.addresses,
      upstream: FAULT_LISTENER,
      faults: { dropProduce: [2] },
      counters: { connections: 1, requests: { ApiVersions: 1 }, produce: 0, dropped: 0, delayed: 0, closed: 0, errors: 0 },
    });
    const events = await control.events();
    expect(events.map((e) => e.action).slice(0, 3)).toEqual(['connected', 'forwarded', 'forwarded']);
    expect(await control.events(events[1]!.seq)).toEqual(events.slice(2));

    expect(await control.setFaults({ delayMinBytes: 4096, delayMs: 600 })).toEqual({ delayMinBytes: 4096, delayMs: 600 });
    expect(await control.patchFaults({ closeAfterProduce: 3, delayMs: null, delayMinBytes: null })).toEqual({ closeAfterProduce: 3 });
    expect(proxy.faults()).toEqual({ closeAfterProduce: 3 });

    const reset = await control.reset();
    expect(reset.faults).toEqual({});
    expect(reset.counters).toMatchObject({ connections: 0, requests: {}, produce: 0 });
    expect(await control.events()).toEqual([]);
  });

  it('answers bad fault settings with 400 and a reason, and unknown routes with 404', async () => {
    const proxy = await proxyOn({ controlPort: 0 });
    const control = controlClient(proxy.controlPort!);
    await expect(control.setFaults({ dropProduce: [0] })).rejects.toThrow('PUT /faults: dropProduce must be an integer >= 1, got 0');
    const res = await fetch(`http://127.0.0.1:${proxy.controlPort}/nope`);
    expect(res.status).toBe(404);
    const bad = await fetch(`http://127.0.0.1:${proxy.controlPort}/faults`, { method: 'PUT', body: '{oops' });
    expect(bad.status).toBe(400);
    expect(proxy.faults()).toEqual({});
  });

  it('tells that no proxy answers at a port', async () => {
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    await expect(controlClient(port).status()).rejects.toThrow(`the proxy control API at 127.0.0.1:${port} is not reachable`);
  });
});

describe('startProxy', () => {
  it('fails with a listen error when the port is taken', async () => {
    const proxy = await proxyOn();
    await expect(startProxy({ listen: `127.0.0.1:${proxy.port}`, print: () => {} })).rejects.toThrow(
      `cannot listen on 127.0.0.1:${proxy.port} (address in use by pid ${process.pid} (`,
    );
  });

  it('stops with connections still open', async () => {
    const proxy = await startProxy({ listen: '127.0.0.1:0', upstream: FAULT_LISTENER, print: () => {} });
    const connection = await RawConnection.open(proxy.port);
    await connection.roundTrip(apiVersionsRequest(1));
    await proxy.stop();
    await connection.closed;
    const refused = net.connect(proxy.port, '127.0.0.1');
    const [err] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(err.code).toBe('ECONNREFUSED');
  });
});

describe('hardening', () => {
  /** Sends raw HTTP to the control port and resolves with the status code of the answer. */
  async function rawHttp(port: number, head: string, body = ''): Promise<number> {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.end(`${head}\r\nHost: x\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    let answer = '';
    for await (const chunk of socket) answer += chunk;
    return Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]);
  }

  it('answers hostile control requests with 400 and keeps serving', async () => {
    const proxy = await proxyOn({ controlPort: 0 });
    const port = proxy.controlPort!;
    expect(await rawHttp(port, 'GET //[ HTTP/1.1')).toBe(400);
    expect(await rawHttp(port, 'GET http://[ HTTP/1.1')).toBe(400);
    expect(await rawHttp(port, 'GET /constructor HTTP/1.1')).toBe(404);
    for (const body of ['{"constructor":1}', '{"__proto__":{}}', '{"toString":1}', '{"delayMinBytes":1,"delayMs":3000000000}']) {
      expect(await rawHttp(port, 'POST /faults HTTP/1.1', body)).toBe(400);
    }
    expect(await rawHttp(port, 'PUT /faults HTTP/1.1', `{"dropProduce":${'['.repeat(30_000)}${']'.repeat(30_000)}}`)).toBe(400);
    const res = await fetch(`http://127.0.0.1:${port}/faults`, { method: 'POST', body: '{"toString":1}' });
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^unknown fault setting "toString" \(known: dropProduce, /) });
    expect((await controlClient(port).status()).faults).toEqual({});
    expect(proxy.faults()).toEqual({});
  });

  it('lists the fault modules and their settings', async () => {
    const proxy = await proxyOn({ controlPort: 0 });
    const { modules } = (await (await fetch(`http://127.0.0.1:${proxy.controlPort}/modules`)).json()) as { modules: { name: string; settings: { flag: string }[] }[] };
    expect(modules.map((m) => m.name)).toEqual(['drop-produce', 'delay', 'close-after-produce', 'drop-response', 'swallow-produce', 'fail-produce']);
    expect(modules.find((m) => m.name === 'fail-produce')!.settings.map((s) => s.flag)).toEqual(['--fail-produce', '--fail-partition', '--fail-code']);
  });

  it('closes a connection whose frame trickles in slower than the frame timeout', async () => {
    const proxy = await proxyOn({ frameTimeoutMs: 300 });
    const connection = await RawConnection.open(proxy.port);
    connection.send(Buffer.from('000003e8', 'hex'));
    const trickle = setInterval(() => connection.send(Buffer.from([0])), 50);
    await connection.closed;
    clearInterval(trickle);
    const error = await eventually(proxy, (e) => e.action === 'error');
    expect(error.detail).toMatch(/^a request frame stayed incomplete for over 300 ms \(\d+ bytes of it received\)$/);
  });

  it('closes a connection that sends half a frame and waits, once the frame timeout passes', async () => {
    const proxy = await proxyOn({ frameTimeoutMs: 300 });
    const connection = await RawConnection.open(proxy.port);
    const sentAt = Date.now();
    connection.send(apiVersionsRequest(1).subarray(0, 9));
    await connection.closed;
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(300);
    const errors = proxy.events().filter((e) => e.action === 'error');
    expect(errors.map((e) => e.detail)).toEqual(['a request frame stayed incomplete for over 300 ms (9 bytes of it received)']);
    expect(proxy.lines).toEqual(['proxy: error on connection 1: a request frame stayed incomplete for over 300 ms (9 bytes of it received)']);
  });

  it('holds nothing for a connection once it has closed, after many with partial frames and requests in flight', async () => {
    const proxy = await proxyOn();
    const partial = Buffer.concat([Buffer.from('000003e8', 'hex'), Buffer.alloc(96)]);
    const connections = await Promise.all(Array.from({ length: 40 }, () => RawConnection.open(proxy.port)));
    connections.forEach((c, i) => c.send(Buffer.concat([apiVersionsRequest(i + 1), partial])));
    await until(() => proxy.status().buffers.partialRequestBytes === 40 * partial.length);
    expect(proxy.status().buffers).toMatchObject({ connections: 40, partialRequestBytes: 40 * partial.length });
    expect(proxy.status().buffers.bytes).toBeGreaterThanOrEqual(40 * partial.length);
    for (const c of connections) c.close();
    await until(() => proxy.status().buffers.connections === 0);
    expect(proxy.status().buffers).toEqual({ connections: 0, bytes: 0, partialRequestBytes: 0, inFlight: 0 });
    expect(proxy.counters()).toMatchObject({ connections: 40, open: 0, errors: 40 });
  });

  it('caps what incomplete frames hold across connections, and frees it when they close', async () => {
    const proxy = await proxyOn({ maxBufferedBytes: 60 });
    const a = await RawConnection.open(proxy.port);
    a.send(Buffer.concat([Buffer.from('000003e8', 'hex'), Buffer.alloc(46)]));
    await eventually(proxy, (e) => e.action === 'connected' && e.connection === 1);
    const b = await RawConnection.open(proxy.port);
    b.send(Buffer.concat([Buffer.from('000003e8', 'hex'), Buffer.alloc(16)]));
    await b.closed;
    const error = await eventually(proxy, (e) => e.action === 'error');
    expect([error.connection, error.detail]).toEqual([2, "incomplete frames across connections passed the proxy's cap of 60 bytes (this one holds 20)"]);
    a.close();
    await eventually(proxy, (e) => e.action === 'error' && e.connection === 1);
    const c = await RawConnection.open(proxy.port);
    const request = apiVersionsRequest(7, 'a-client-id-of-some-length');
    c.send(request.subarray(0, 30));
    await eventually(proxy, (e) => e.action === 'connected' && e.connection === 3);
    expect((await c.roundTrip(request.subarray(30))).readInt32BE(4)).toBe(7);
    c.close();
    expect(proxy.counters().errors).toBe(2);
  });
});
