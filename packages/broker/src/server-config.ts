import { type Layout, LAYOUTS, type NodeSpec, portOf } from './topology.ts';

/** Renders server.properties for one node of a layout; `logDir` must be absolute. */
export function serverProperties(layout: Layout, node: NodeSpec, logDir: string): string {
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
    'offsets.topic.replication.factor': replication,
    'transaction.state.log.replication.factor': replication,
    'transaction.state.log.min.isr': layout === 'single' ? 1 : 2,
    'share.coordinator.state.topic.replication.factor': replication,
    'share.coordinator.state.topic.min.isr': layout === 'single' ? 1 : 2,
    'group.initial.rebalance.delay.ms': 0,
  };
  return Object.entries(props)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')
    .concat('\n');
}
