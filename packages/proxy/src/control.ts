import http from 'node:http';
import { ProxyError } from './errors.ts';
import { FAULT_MODULES, type Faults } from './faults.ts';
import type { Proxy } from './proxy.ts';

const MAX_BODY_BYTES = 64 * 1024;
/** Deeper JSON than any fault setting needs is refused before it is parsed. */
const MAX_JSON_DEPTH = 8;

type Route = (proxy: Proxy, body: unknown, query: URLSearchParams) => unknown;

/** The fault modules in chain order, with their settings: what GET /modules answers. */
export function describeModules() {
  return FAULT_MODULES.map((m) => ({
    name: m.name,
    about: m.about,
    settings: Object.entries(m.settings).map(([field, s]) => ({ field, flag: s.flag, arg: s.arg, about: s.about })),
  }));
}

/** The control API: method and path to handler; every answer is JSON. */
export const CONTROL_ROUTES: Record<string, Route> = {
  'GET /status': (proxy) => proxy.status(),
  'GET /events': (proxy, _body, query) => ({ events: proxy.events(Number(query.get('since') ?? 0) || 0) }),
  'GET /modules': () => ({ modules: describeModules() }),
  'GET /faults': (proxy) => ({ faults: proxy.faults() }),
  'PUT /faults': (proxy, body) => ({ faults: proxy.setFaults(body as Faults) }),
  'POST /faults': (proxy, body) => ({ faults: proxy.patchFaults(body as Record<string, unknown>) }),
  'POST /reset': (proxy) => {
    proxy.reset();
    return proxy.status();
  },
};

/**
 * Serves CONTROL_ROUTES on 127.0.0.1:port (0 picks a free port). Bad input gets 400 with `{ error }`; nothing a
 * request holds can stop the proxy: whatever a handler throws becomes an answer.
 */
export async function startControlServer(proxy: Proxy, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    void handle(proxy, req)
      .catch((err: unknown): [number, unknown] => [500, { error: err instanceof Error ? err.message : String(err) }])
      .then(([status, payload]) => {
        if (res.headersSent || res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(`${JSON.stringify(payload)}\n`);
      });
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port }, () => resolve());
    });
  } catch (cause) {
    throw new ProxyError('listen', `cannot serve the control API on 127.0.0.1:${port}`, { cause });
  }
  return server;
}

async function handle(proxy: Proxy, req: http.IncomingMessage): Promise<[number, unknown]> {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://control');
  } catch {
    return [400, { error: `bad request URL ${JSON.stringify(String(req.url).slice(0, 80))}` }];
  }
  const key = `${req.method} ${url.pathname}`;
  const route = Object.hasOwn(CONTROL_ROUTES, key) ? CONTROL_ROUTES[key] : undefined;
  if (!route) return [404, { error: `no route ${req.method} ${url.pathname.slice(0, 80)}; routes: ${Object.keys(CONTROL_ROUTES).join(', ')}` }];
  try {
    return [200, route(proxy, await readJson(req), url.searchParams)];
  } catch (err) {
    const badInput = err instanceof ProxyError && (err.kind === 'faults' || err.kind === 'control');
    return [badInput ? 400 : 500, { error: err instanceof Error ? err.message : String(err) }];
  }
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > MAX_BODY_BYTES) throw new ProxyError('control', `request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new ProxyError('control', `request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ProxyError('control', 'request body is not valid JSON', { cause });
  }
}

/** The deepest nesting of arrays and objects in JSON text, counted without parsing it (strings skipped). */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
