import http from 'node:http';
import { ProxyError } from './errors.ts';
import type { Faults } from './faults.ts';
import type { Proxy } from './proxy.ts';

const MAX_BODY_BYTES = 64 * 1024;

type Route = (proxy: Proxy, body: unknown, query: URLSearchParams) => unknown;

/** The control API: method and path to handler; every answer is JSON. */
export const CONTROL_ROUTES: Record<string, Route> = {
  'GET /status': (proxy) => proxy.status(),
  'GET /events': (proxy, _body, query) => ({ events: proxy.events(Number(query.get('since') ?? 0) || 0) }),
  'GET /faults': (proxy) => ({ faults: proxy.faults() }),
  'PUT /faults': (proxy, body) => ({ faults: proxy.setFaults(body as Faults) }),
  'POST /faults': (proxy, body) => ({ faults: proxy.patchFaults(body as Record<string, unknown>) }),
  'POST /reset': (proxy) => {
    proxy.reset();
    return proxy.status();
  },
};

/** Serves CONTROL_ROUTES on 127.0.0.1:port (0 picks a free port); bad input gets 400 with `{ error }`. */
export async function startControlServer(proxy: Proxy, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    void handle(proxy, req).then(([status, payload]) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(`${JSON.stringify(payload)}\n`);
    });
  });
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
  const url = new URL(req.url ?? '/', 'http://control');
  const route = CONTROL_ROUTES[`${req.method} ${url.pathname}`];
  if (!route) return [404, { error: `no route ${req.method} ${url.pathname}; routes: ${Object.keys(CONTROL_ROUTES).join(', ')}` }];
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
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ProxyError('control', 'request body is not valid JSON', { cause });
  }
}
