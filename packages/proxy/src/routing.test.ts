import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { EventLog } from './events.ts';
import { Router, sameAddress, type HostPort } from './routing.ts';

/** A router whose listeners are plain servers on free ports (no connection is made). */
function router(upstream: HostPort, listenPort = 9532) {
  const opened: number[] = [];
  const log = new EventLog(100, () => {});
  const r = new Router('127.0.0.1', listenPort, upstream, async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    opened.push((server.address() as net.AddressInfo).port);
    return [server];
  }, log);
  return { r, opened, log };
}

describe('Router', () => {
  it('treats every loopback name as one host', () => {
    expect(sameAddress({ host: 'localhost', port: 1 }, { host: '::1', port: 1 })).toBe(true);
    expect(sameAddress({ host: 'localhost', port: 1 }, { host: 'localhost', port: 2 })).toBe(false);
    expect(sameAddress({ host: 'broker-1', port: 1 }, { host: 'localhost', port: 1 })).toBe(false);
  });

  it('serves the node that advertises the upstream on the bootstrap port and opens one port per other node', async () => {
    const { r, opened, log } = router({ host: '127.0.0.1', port: 9092 }, 40000);
    const brokers = [1, 2, 3].map((nodeId) => ({ nodeId, host: 'localhost', port: 9090 + 2 * nodeId }));
    await r.ensure(brokers);
    expect(opened).toHaveLength(2);
    expect(r.nodes().map((n) => [n.nodeId, n.port, n.bootstrap])).toEqual([[1, 40000, true], [2, opened[0], false], [3, opened[1], false]]);
    expect(r.missing(brokers)).toEqual([]);
    expect(r.to(brokers[2]!)).toEqual({ nodeId: 3, host: 'localhost', port: opened[1] });
    expect(log.recent().map((e) => [e.action, e.nodeId, e.listenPort, e.upstream])).toEqual([
      ['routed', 2, opened[0], 'localhost:9094'],
      ['routed', 3, opened[1], 'localhost:9096'],
    ]);
    await r.close();
  });

  it('takes the sole broker of the upstream\'s own Metadata as the upstream, whatever it advertises (the FAULT listener)', async () => {
    const { r, opened } = router({ host: '127.0.0.1', port: 9533 }, 40001);
    await r.ensure([{ nodeId: 1, host: 'localhost', port: 9532 }], true);
    expect(opened).toEqual([]);
    expect(r.to({ nodeId: 1, host: 'localhost', port: 9532 })).toEqual({ nodeId: 1, host: 'localhost', port: 40001 });
  });

  it('serves a node that advertises the proxy\'s own address on the bootstrap port (the FAULT listener, proxy on 9532)', async () => {
    const { r, opened } = router({ host: '127.0.0.1', port: 9533 });
    await r.ensure([{ nodeId: 1, host: 'localhost', port: 9532 }]);
    expect(opened).toEqual([]);
    expect(r.nodes()[0]).toMatchObject({ nodeId: 1, port: 9532, bootstrap: true });
  });

  it('opens one listener per node when responses ask at once, and names no port for an unknown node', async () => {
    const { r, opened } = router({ host: '127.0.0.1', port: 9092 }, 40002);
    const node2 = { nodeId: 2, host: 'localhost', port: 9094 };
    await Promise.all([r.ensure([node2]), r.ensure([node2])]);
    expect(opened).toHaveLength(1);
    expect(r.to({ nodeId: 7, host: 'x', port: 1 })).toBeNull();
    await r.close();
  });
});
