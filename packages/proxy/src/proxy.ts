import net from 'node:net';
import type { Server } from 'node:net';
import { portHolder } from '@kafka-labs/cli';
import { Connection } from './connection/connection.ts';
import type { Buffers, Counters, ProxyContext } from './connection/context.ts';
import { TopicNames } from './connection/topic-names.ts';
import { startControlServer } from './control.ts';
import { ProxyError } from './errors.ts';
import { EventLog, type ProxyEvent } from './events.ts';
import { buildChain, mergeFaults, parseFaults, type Faults } from './faults.ts';
import { DEFAULT_MAX_FRAME_BYTES } from './protocol/frame-reader.ts';
import { fetchBrokers, Router, type HostPort, type NodeRoute } from './routing.ts';

/** The articles' ports: clients reach the proxy on 9532, which forwards to the broker's FAULT listener on 9533. */
export const PROXY_DEFAULTS = {
  listen: '127.0.0.1:9532',
  upstream: '127.0.0.1:9533',
  controlPort: 9540,
  eventCapacity: 1000,
  maxFrameBytes: DEFAULT_MAX_FRAME_BYTES,
  maxBufferedBytes: 256 * 1024 * 1024,
  frameTimeoutMs: 30_000,
  discoverTimeoutMs: 3_000,
} as const;

export interface ProxyOptions {
  /** `host:port` to listen on; a loopback host listens on both 127.0.0.1 and ::1. Port 0 picks a free port. */
  listen?: string;
  /** `host:port` of the broker listener to forward to. */
  upstream?: string;
  faults?: Faults;
  /** Appends every event as one JSON line to this file. */
  eventsFile?: string;
  /** Serves the control API on 127.0.0.1 at this port (0 picks a free one); no control API when absent. */
  controlPort?: number;
  /** Receives the transcript lines of fault and error events; default: console.log. */
  print?: (line: string) => void;
  /** How many recent events `events()` keeps. */
  eventCapacity?: number;
  /** Largest frame accepted, size prefix included; a larger size prefix closes that connection. */
  maxFrameBytes?: number;
  /** Cap on the bytes of incomplete request frames held across all connections; the connection that passes it is closed. */
  maxBufferedBytes?: number;
  /** A request frame still incomplete after this long (while the proxy reads from its client) closes its connection. */
  frameTimeoutMs?: number;
  /**
   * At start the proxy asks the upstream for its brokers and opens their listeners, waiting at most this long (a
   * broker that is down only delays the listeners to the first response that names its nodes). 0: do not ask.
   */
  discoverTimeoutMs?: number;
}

export interface ProxyStatus {
  listen: string[];
  upstream: string;
  /** The broker nodes the proxy routes: node id, the proxy's port for it, where that port forwards. */
  nodes: NodeRoute[];
  controlPort: number | null;
  faults: Faults;
  counters: Counters;
  buffers: Buffers;
}

/** A running proxy. */
export interface Proxy {
  /** The port clients connect to (the bootstrap listener). */
  readonly port: number;
  /** What to give a client as its bootstrap server: `localhost:<port>` when the proxy listens on loopback. */
  readonly bootstrap: string;
  /** Every `host:port` the proxy listens on. */
  readonly addresses: string[];
  readonly controlPort: number | null;
  /** The broker nodes the proxy routes so far (one port per node; the bootstrap port serves the upstream's own node). */
  nodes(): NodeRoute[];
  faults(): Faults;
  /** Replaces the faults in force; takes effect for the next frame on every connection. */
  setFaults(faults: Faults): Faults;
  /** Changes only the given fault settings; a setting given as null is turned off. */
  patchFaults(patch: Record<string, unknown>): Faults;
  counters(): Counters;
  status(): ProxyStatus;
  /** Recent events, oldest first; only those after sequence number `since` when given. */
  events(since?: number): ProxyEvent[];
  /** Resolves with the first event from now on that matches (default timeout 30 s). */
  waitForEvent(match: (event: ProxyEvent) => boolean, timeoutMs?: number): Promise<ProxyEvent>;
  /** Clears the faults, the counters (ordinals start again from 1) and the recent events (not the file). */
  reset(): void;
  /** Stops listening, closes every connection and the control API, and flushes the event log. */
  stop(): Promise<void>;
}

/** Starts the proxy and, when `controlPort` is given, its control API; resolves once both listen. */
export async function startProxy(options: ProxyOptions = {}): Promise<Proxy> {
  const listen = parseAddress(options.listen ?? PROXY_DEFAULTS.listen, 'listen');
  const upstream = parseAddress(options.upstream ?? PROXY_DEFAULTS.upstream, 'upstream');
  const log = new EventLog(
    options.eventCapacity ?? PROXY_DEFAULTS.eventCapacity,
    options.print ?? ((line) => console.log(line)),
    options.eventsFile,
  );
  const faults = parseFaults(options.faults ?? {});
  await log.ready();
  let nextId = 0;
  const open = (port: number, upstreamOf: () => HostPort, bootstrap = false) =>
    listenLoopbackPair({ host: listen.host, port }, (socket) => new Connection(++nextId, socket, { upstream: upstreamOf(), bootstrap }, ctx));
  const servers = await open(listen.port, () => upstream, true);
  const port = (servers[0]!.address() as net.AddressInfo).port;
  const ctx: ProxyContext = {
    faults,
    chain: buildChain(faults),
    counters: zeroCounters(0),
    ordinals: new Map(),
    topicNames: new TopicNames(),
    log,
    router: new Router(listen.host, port, upstream, open, log),
    maxFrameBytes: options.maxFrameBytes ?? PROXY_DEFAULTS.maxFrameBytes,
    buffered: { bytes: 0, max: options.maxBufferedBytes ?? PROXY_DEFAULTS.maxBufferedBytes },
    frameTimeoutMs: options.frameTimeoutMs ?? PROXY_DEFAULTS.frameTimeoutMs,
    connections: new Set(),
  };
  const setFaults = (next: Faults) => {
    ctx.faults = next;
    ctx.chain = buildChain(next);
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const connection of ctx.connections) connection.checkFrameTimeout(now);
  }, Math.max(10, Math.min(1000, ctx.frameTimeoutMs / 4))).unref();

  let control: Awaited<ReturnType<typeof startControlServer>> | null = null;
  let controlPort: number | null = null;
  const proxy: Proxy = {
    port,
    bootstrap: `${LOOPBACK_HOSTS.has(listen.host) ? 'localhost' : listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${port}`,
    addresses: servers.map((s) => formatAddress(s.address() as net.AddressInfo)),
    get controlPort() {
      return controlPort;
    },
    nodes: () => ctx.router.nodes(),
    faults: () => structuredClone(ctx.faults),
    setFaults: (next) => {
      setFaults(parseFaults(next));
      return proxy.faults();
    },
    patchFaults: (patch) => {
      setFaults(mergeFaults(ctx.faults, patch));
      return proxy.faults();
    },
    counters: () => structuredClone(ctx.counters),
    status: () => ({
      listen: proxy.addresses,
      upstream: `${upstream.host}:${upstream.port}`,
      nodes: ctx.router.nodes(),
      controlPort: proxy.controlPort,
      faults: proxy.faults(),
      counters: proxy.counters(),
      buffers: buffersOf(ctx),
    }),
    events: (since) => log.recent(since),
    waitForEvent: (match, timeoutMs = 30_000) => log.waitFor(match, timeoutMs),
    reset: () => {
      setFaults({});
      ctx.counters = zeroCounters(ctx.counters.open);
      ctx.ordinals.clear();
      log.clear();
    },
    stop: async () => {
      clearInterval(sweep);
      const closed = [...servers, ...(control ? [control] : [])].map(
        (server) => new Promise<void>((resolve) => server.close(() => resolve())),
      );
      control?.closeAllConnections();
      for (const connection of ctx.connections) connection.destroy();
      await Promise.all([...closed, ctx.router.close()]);
      await log.close();
    },
  };
  const discoverTimeoutMs = options.discoverTimeoutMs ?? PROXY_DEFAULTS.discoverTimeoutMs;
  if (discoverTimeoutMs > 0) {
    try {
      await ctx.router.ensure(await fetchBrokers(upstream, discoverTimeoutMs), true);
    } catch (err) {
      if (err instanceof ProxyError && err.kind === 'listen') {
        await proxy.stop();
        throw err;
      }
      // The broker is not up yet: the first response that names a node opens its listener.
    }
  }
  if (options.controlPort !== undefined) {
    try {
      control = await startControlServer(proxy, options.controlPort);
      controlPort = (control.address() as net.AddressInfo).port;
    } catch (err) {
      await proxy.stop();
      throw err;
    }
  }
  return proxy;
}

function buffersOf(ctx: ProxyContext): Buffers {
  const buffers: Buffers = { connections: ctx.connections.size, bytes: 0, partialRequestBytes: ctx.buffered.bytes, inFlight: 0 };
  for (const connection of ctx.connections) {
    const held = connection.buffers();
    buffers.bytes += held.bytes;
    buffers.inFlight += held.inFlight;
  }
  return buffers;
}

function zeroCounters(open: number): Counters {
  return { connections: 0, open, requests: {}, produce: 0, dropped: 0, delayed: 0, closed: 0, swallowed: 0, answered: 0, errors: 0 };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

/** Parses `host:port`, `[v6]:port` or `port` (host 127.0.0.1); throws a `usage` ProxyError naming `what`. */
export function parseAddress(text: string, what: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]:|([^:]*):)?(\d+)$/.exec(text.trim());
  const port = Number(match?.[3]);
  if (!match || port > 65535) throw new ProxyError('usage', `${what} must be host:port or port, got "${text}"`);
  return { host: match[1] ?? (match[2] || '127.0.0.1'), port };
}

function formatAddress({ address, port }: net.AddressInfo): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}

/**
 * Listens on the address; a loopback host listens on 127.0.0.1 and on ::1 at the same port, so that `localhost`
 * reaches the proxy whichever family a client tries first (::1 is skipped on a machine without IPv6).
 */
async function listenLoopbackPair(
  address: { host: string; port: number },
  onConnection: (socket: net.Socket) => void,
): Promise<Server[]> {
  const hosts = LOOPBACK_HOSTS.has(address.host) ? ['127.0.0.1', '::1'] : [address.host];
  for (let attempt = 1; ; attempt++) {
    const servers: Server[] = [];
    try {
      for (const host of hosts) {
        const port = servers[0] ? (servers[0].address() as net.AddressInfo).port : address.port;
        const server = net.createServer({ noDelay: true }, onConnection);
        try {
          await new Promise<void>((resolve, reject) => {
            server.once('error', reject);
            server.listen({ host, port }, () => resolve());
          });
          servers.push(server);
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (host === '::1' && (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT')) continue;
          throw err;
        }
      }
      return servers;
    } catch (cause) {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
      const inUse = (cause as NodeJS.ErrnoException).code === 'EADDRINUSE';
      // With port 0 the second family may find the first one's port taken: pick another pair.
      if (inUse && address.port === 0 && attempt < 5) continue;
      const where = `${address.host}:${address.port}`;
      const holder = inUse ? portHolder(address.port) : null;
      throw new ProxyError('listen', `cannot listen on ${where}${inUse ? ` (address in use${holder ? ` by ${holder}` : ''})` : ''}`, { cause });
    }
  }
}
