import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { composeOverride, imageVariable } from './docker.ts';
import { paths } from './paths.ts';
import { serverProperties } from './server-config.ts';
import { LAYOUTS } from './topology.ts';

// This machine cannot run Docker, so compose.yaml is held to the jvm backend's configuration instead:
// same listeners and ports, same advertised addresses, same replication settings.

type Service = { environment: Record<string, string | number>; ports?: string[] };
const compose = parse(readFileSync(paths.composeFile(), 'utf8'), { merge: true }) as { services: Record<string, Service> };

/** KAFKA_FOO_BAR=v (the apache/kafka image's convention) → foo.bar=v */
function envToProperties(env: Service['environment']): Map<string, string> {
  return new Map(
    Object.entries(env)
      .filter(([k]) => k.startsWith('KAFKA_'))
      .map(([k, v]) => [k.slice(6).toLowerCase().replace(/_/g, '.'), String(v)]),
  );
}

function jvmProperties(...args: Parameters<typeof serverProperties>): Map<string, string> {
  return new Map(
    serverProperties(...args)
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s, 2) as [string, string]),
  );
}

const portsOf = (listeners: string) => listeners.split(',').map((l) => l.replace(/\/\/[^:]*:/, '//:'));
const SHARED_KEYS = [
  'advertised.listeners',
  'listener.security.protocol.map',
  'controller.listener.names',
  'inter.broker.listener.name',
  'offsets.topic.num.partitions',
  'transaction.state.log.num.partitions',
  'share.coordinator.state.topic.num.partitions',
  'offsets.topic.replication.factor',
  'transaction.state.log.replication.factor',
  'transaction.state.log.min.isr',
  'share.coordinator.state.topic.replication.factor',
  'share.coordinator.state.topic.min.isr',
  'group.initial.rebalance.delay.ms',
];

describe('compose.yaml', () => {
  test('the single node has the jvm backend\'s listeners, advertised addresses and settings', () => {
    const docker = envToProperties(compose.services.kafka!.environment);
    const jvm = jvmProperties('single', LAYOUTS.single[0]!, '/data');
    expect(portsOf(docker.get('listeners')!)).toEqual(portsOf(jvm.get('listeners')!));
    for (const key of SHARED_KEYS) expect([key, docker.get(key)]).toEqual([key, jvm.get(key)]);
  });

  test('the single node publishes every client-facing listener on loopback only', () => {
    expect(compose.services.kafka!.ports).toEqual(['127.0.0.1:9092:9092', '127.0.0.1:9531:9531', '127.0.0.1:9533:9533']);
  });

  test('the single node binds its unauthenticated controller listener to the container\'s loopback, where its only voter is', () => {
    const docker = envToProperties(compose.services.kafka!.environment);
    expect(docker.get('listeners')!.split(',')).toContain('CONTROLLER://127.0.0.1:9093');
    expect(docker.get('controller.quorum.voters')).toBe('1@127.0.0.1:9093');
  });

  test('the cluster nodes have the jvm backend\'s node ids, ports and quorum', () => {
    for (const node of LAYOUTS.cluster) {
      const docker = envToProperties(compose.services[`kafka-${node.id}`]!.environment);
      const jvm = jvmProperties('cluster', node, '/data');
      expect(docker.get('node.id')).toBe(String(node.id));
      expect(docker.get('listeners')).toBe(jvm.get('listeners'));
      expect(docker.get('controller.quorum.voters')).toBe(jvm.get('controller.quorum.voters'));
      for (const key of SHARED_KEYS) expect([key, docker.get(key)]).toEqual([key, jvm.get(key)]);
    }
  });
});

describe('docker overrides', () => {
  test('name each property as the apache/kafka image reads it from the environment', () => {
    expect(imageVariable('broker.session.timeout.ms')).toBe('KAFKA_BROKER_SESSION_TIMEOUT_MS');
    expect(imageVariable('a_b-c.d')).toBe('KAFKA_A__B___C_D');
  });

  test('reach every service of the layout through a compose override file', () => {
    const override = parse(composeOverride('cluster', { 'broker.session.timeout.ms': '3000' })) as { services: Record<string, Service> };
    expect(Object.keys(override.services)).toEqual(['kafka-1', 'kafka-2', 'kafka-3']);
    for (const service of Object.values(override.services)) {
      expect(envToProperties(service.environment)).toEqual(new Map([['broker.session.timeout.ms', '3000']]));
    }
  });
});
