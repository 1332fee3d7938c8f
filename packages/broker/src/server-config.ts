import { BrokerError } from './errors.ts';
import { type Layout, LAYOUTS, type NodeSpec, portOf } from './topology.ts';

/** Extra server properties a lab runs the broker with (e.g. transaction.abort.timed.out.transaction.cleanup.interval.ms). */
export type BrokerConfig = Record<string, string>;

/** Properties the layout owns: overriding them would break listeners, node identity, storage or the quorum. */
const LAYOUT_OWNED = [
  /^listeners$/,
  /^advertised\.listeners$/,
  /^listener\.security\.protocol\.map$/,
  /^controller\.listener\.names$/,
  /^inter\.broker\.listener\.name$/,
  /^node\.id$/,
  /^broker\.id$/,
  /^process\.roles$/,
  /^log\.dirs?$/,
  /^metadata\.log\.dir$/,
  /^controller\.quorum\./,
];

/** Throws a one-line BrokerError when `config` overrides a property the layout owns or holds a line break. */
export function checkBrokerConfig(config: BrokerConfig): void {
  const owned = Object.keys(config).filter((key) => LAYOUT_OWNED.some((p) => p.test(key)));
  if (owned.length > 0) {
    throw new BrokerError(`broker config cannot override ${owned.join(', ')}: the broker layout sets it (listeners, node ids, storage, quorum)`);
  }
  const bad = Object.entries(config).find(([key, value]) => !/^[\w.-]+$/.test(key) || /[\r\n]/.test(value));
  if (bad) throw new BrokerError(`broker config "${bad[0]}" is not a property name with a one-line value`);
}

/** Renders server.properties for one node of a layout, with `overrides` last; `logDir` must be absolute. */
export function serverProperties(layout: Layout, node: NodeSpec, logDir: string, overrides: BrokerConfig = {}): string {
  const nodes = LAYOUTS[layout];
  const quorum: Record<string, string> =
    layout === 'single'
      ? { 'controller.quorum.bootstrap.servers': `localhost:${portOf(node, 'CONTROLLER')}` }
      : {
          'controller.quorum.voters': nodes
            .map((n) => `${n.id}@localhost:${portOf(n, 'CONTROLLER')}`)
            .join(','),
        };
  const replication = layout === 'single' ? 1 : 3;
  const props: Record<string, string | number> = {
    'process.roles': 'broker,controller',
    'node.id': node.id,
    listeners: node.listeners.map((l) => `${l.name}://127.0.0.1:${l.port}`).join(','),
    'advertised.listeners': node.listeners
      .filter((l) => l.name !== 'CONTROLLER')
      .map((l) => `${l.name}://localhost:${l.advertisedPort ?? l.port}`)
      .join(','),
    'listener.security.protocol.map': node.listeners.map((l) => `${l.name}:PLAINTEXT`).join(','),
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    ...quorum,
    'log.dirs': logDir,
    'num.partitions': 1,
    // One internal partition per node instead of 50: no lab depends on how groups or transactional ids spread,
    // and every partition directory costs start-up time. An existing topic keeps its count.
    'offsets.topic.num.partitions': nodes.length,
    'transaction.state.log.num.partitions': nodes.length,
    'share.coordinator.state.topic.num.partitions': nodes.length,
    'offsets.topic.replication.factor': replication,
    'transaction.state.log.replication.factor': replication,
    'transaction.state.log.min.isr': layout === 'single' ? 1 : 2,
    'share.coordinator.state.topic.replication.factor': replication,
    'share.coordinator.state.topic.min.isr': layout === 'single' ? 1 : 2,
    'group.initial.rebalance.delay.ms': 0,
    ...overrides,
  };
  return Object.entries(props)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')
    .concat('\n');
}
