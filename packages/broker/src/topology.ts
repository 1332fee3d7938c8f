/**
 * The two broker layouts and their listeners, as in the source articles.
 * single: one combined broker+controller with the PLAINTEXT (tools), CONTROLLER, HOST (direct
 * clients) and FAULT (behind the fault proxy) listeners.
 * cluster: three combined nodes with PLAINTEXT and CONTROLLER listeners each, for replication labs.
 */
export type Layout = 'single' | 'cluster';

export interface Listener {
  name: 'PLAINTEXT' | 'CONTROLLER' | 'HOST' | 'FAULT';
  /** Port the broker binds on 127.0.0.1. */
  port: number;
  /** Port advertised to clients, when it differs from the bound one (FAULT routes through the proxy). */
  advertisedPort?: number;
}

export interface NodeSpec {
  id: number;
  listeners: Listener[];
}

export const PORTS = {
  plaintext: 9092,
  controller: 9093,
  host: 9531,
  proxy: 9532,
  fault: 9533,
} as const;

/** Bootstrap addresses: tools use PLAINTEXT, lab clients HOST (direct) or the proxy (faulty path). */
export const BOOTSTRAP = {
  tools: `localhost:${PORTS.plaintext}`,
  host: `localhost:${PORTS.host}`,
  proxy: `localhost:${PORTS.proxy}`,
} as const;

export const LAYOUTS: Record<Layout, NodeSpec[]> = {
  single: [
    {
      id: 1,
      listeners: [
        { name: 'PLAINTEXT', port: PORTS.plaintext },
        { name: 'CONTROLLER', port: PORTS.controller },
        { name: 'HOST', port: PORTS.host },
        { name: 'FAULT', port: PORTS.fault, advertisedPort: PORTS.proxy },
      ],
    },
  ],
  cluster: [1, 2, 3].map((id) => ({
    id,
    listeners: [
      { name: 'PLAINTEXT' as const, port: 9090 + 2 * id },
      { name: 'CONTROLLER' as const, port: 9091 + 2 * id },
    ],
  })),
};

export function layoutOf(nodes: number): Layout {
  if (nodes === 1) return 'single';
  if (nodes === 3) return 'cluster';
  throw new RangeError(`nodes must be 1 or 3, got ${nodes}`);
}

export function portOf(node: NodeSpec, name: Listener['name']): number {
  const listener = node.listeners.find((l) => l.name === name);
  if (!listener) throw new RangeError(`node ${node.id} has no ${name} listener`);
  return listener.port;
}
