import { ProxyError } from './errors.ts';
import type { ProxyEvent } from './events.ts';
import type { Faults } from './faults.ts';
import { PROXY_DEFAULTS, type ProxyStatus } from './proxy.ts';

/** Calls the control API of a proxy running in another process; every failure is a `control` ProxyError. */
export function controlClient(port: number = PROXY_DEFAULTS.controlPort, host = '127.0.0.1') {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`http://${host}:${port}${path}`, {
        method,
        ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
    } catch (cause) {
      throw new ProxyError('control', `the proxy control API at ${host}:${port} is not reachable`, { cause });
    }
    const payload = (await res.json().catch(() => ({}))) as { error?: string };
    if (!res.ok) throw new ProxyError('control', `${method} ${path}: ${payload.error ?? `HTTP ${res.status}`}`);
    return payload as T;
  }

  return {
    status: () => call<ProxyStatus>('GET', '/status'),
    events: (since = 0) => call<{ events: ProxyEvent[] }>('GET', `/events?since=${since}`).then((r) => r.events),
    faults: () => call<{ faults: Faults }>('GET', '/faults').then((r) => r.faults),
    /** Replaces the faults in force. */
    setFaults: (faults: Faults) => call<{ faults: Faults }>('PUT', '/faults', faults).then((r) => r.faults),
    /** Changes only the given settings; null turns one off. */
    patchFaults: (patch: { [K in keyof Faults]?: Faults[K] | null }) =>
      call<{ faults: Faults }>('POST', '/faults', patch).then((r) => r.faults),
    reset: () => call<ProxyStatus>('POST', '/reset'),
  };
}

export type ControlClient = ReturnType<typeof controlClient>;
