import { flagsHelp, parseFlags, UsageError } from '@kafka-labs/cli';
import { DEFAULT_BOOTSTRAP } from '@kafka-labs/kafka-client';
import { WORKER_NAME } from '@kafka-labs/kafka-client/worker-log';

/** The assignment strategies a worker can ask for: two eager ones and the cooperative one. */
export const STRATEGIES = ['range', 'roundrobin', 'cooperative-sticky'] as const;

/** The group protocols: classic (JoinGroup/SyncGroup, client-side assignment) and consumer (KIP-848, broker-side). */
export const GROUP_PROTOCOLS = ['classic', 'consumer'] as const;

/** With --join-on-signal the CLI joins the group when it receives this signal (SIGUSR1 belongs to Node's inspector). */
export const JOIN_SIGNAL = 'SIGUSR2';

/** The worker's command-line flags. */
export const workerFlags = {
  name: { kind: 'string', required: true, pattern: WORKER_NAME, help: 'worker name in every log line and its client.id (letters, digits, _ . -)' },
  group: { kind: 'string', required: true, help: 'consumer group id' },
  topic: { kind: 'string', required: true, help: 'topic to subscribe to' },
  bootstrap: { kind: 'string', default: DEFAULT_BOOTSTRAP, help: 'bootstrap.servers' },
  delay: { kind: 'number', min: 0, default: 0, help: 'seconds of work per message' },
  'commit-every': { kind: 'number', min: 1, integer: true, default: 100, help: 'commit after this many processed messages' },
  'revoke-commit': { kind: 'boolean', help: 'on revoke (not lost), commit what was processed before giving partitions up' },
  'slow-at': { kind: 'number', min: 0, integer: true, help: 'offset whose processing takes --slow-sec instead of --delay' },
  'slow-sec': { kind: 'number', min: 0, default: 0, help: 'seconds of work for the message at --slow-at' },
  'fail-at': { kind: 'number', min: 0, integer: true, help: 'offset whose processing throws (any partition): the worker logs it and stops, exit 1' },
  'commit-on-error': { kind: 'boolean', help: 'with --fail-at: commit past the failed record and go on, so it is skipped' },
  'group-protocol': { kind: 'choice', choices: GROUP_PROTOCOLS, default: 'classic', help: 'group.protocol: classic, or consumer (KIP-848)' },
  strategy: { kind: 'choice', choices: STRATEGIES, help: 'partition.assignment.strategy (classic protocol; range when not given)' },
  'instance-id': { kind: 'string', help: 'group.instance.id (static membership)' },
  'max-poll-interval-ms': { kind: 'number', min: 1, integer: true, help: 'max.poll.interval.ms (librdkafka default 300000)' },
  'session-timeout-ms': { kind: 'number', min: 1, integer: true, help: 'session.timeout.ms (librdkafka default 45000)' },
  'heartbeat-interval-ms': { kind: 'number', min: 1, integer: true, help: 'heartbeat.interval.ms: how soon a member hears of a rebalance (librdkafka default 3000)' },
  'join-on-signal': { kind: 'boolean', help: `connect, log 'ready', and join the group only on ${JOIN_SIGNAL}` },
  'stop-after-idle': { kind: 'number', min: 0, help: 'stop after this many seconds without a message or an assignment' },
} as const;

/** Everything a worker run needs, in the units the code uses. */
export interface WorkerOptions {
  name: string;
  group: string;
  topic: string;
  bootstrap: string;
  delayMs: number;
  commitEvery: number;
  revokeCommit: boolean;
  slow?: { offset: number; ms: number };
  /** The offset whose processing throws, and whether the handler then commits past it (skipping it) instead of stopping. */
  fail?: { offset: number; commitOnError: boolean };
  groupProtocol: (typeof GROUP_PROTOCOLS)[number];
  /** partition.assignment.strategy on the classic protocol (range unless given); none on the consumer protocol. */
  strategy?: (typeof STRATEGIES)[number];
  instanceId?: string;
  maxPollIntervalMs?: number;
  sessionTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  /** Join the group only when the caller says so (the CLI: on JOIN_SIGNAL), so a lab can time the join to an event. */
  joinOnSignal: boolean;
  stopAfterIdleMs?: number;
}

const WORKER_USAGE = 'worker --name NAME --group GROUP --topic TOPIC [flags]';

/** Flags whose client settings librdkafka refuses with group.protocol=consumer (the broker owns them there). */
const CLASSIC_ONLY = ['strategy', 'session-timeout-ms', 'heartbeat-interval-ms'] as const;

/** Parses the worker's command line; throws a UsageError with a one-line reason for a bad flag. */
export function parseWorkerArgs(argv: string[]): WorkerOptions {
  const f = parseFlags(workerFlags, argv);
  const classicOnly = CLASSIC_ONLY.filter((flag) => f[flag] !== undefined);
  if (f['group-protocol'] === 'consumer' && classicOnly.length) {
    throw new UsageError(`--${classicOnly[0]} is a classic-protocol setting: with --group-protocol consumer the broker decides it`);
  }
  const slowAt = f['slow-at'];
  const failAt = f['fail-at'];
  if (f['commit-on-error'] && failAt === undefined) throw new UsageError('--commit-on-error needs --fail-at (the record that fails)');
  return {
    name: f.name,
    group: f.group,
    topic: f.topic,
    bootstrap: f.bootstrap,
    delayMs: f.delay * 1000,
    commitEvery: f['commit-every'],
    revokeCommit: f['revoke-commit'],
    slow: slowAt === undefined ? undefined : { offset: slowAt, ms: f['slow-sec'] * 1000 },
    fail: failAt === undefined ? undefined : { offset: failAt, commitOnError: f['commit-on-error'] },
    groupProtocol: f['group-protocol'] as WorkerOptions['groupProtocol'],
    strategy: f['group-protocol'] === 'classic' ? ((f.strategy ?? 'range') as WorkerOptions['strategy']) : undefined,
    instanceId: f['instance-id'],
    maxPollIntervalMs: f['max-poll-interval-ms'],
    sessionTimeoutMs: f['session-timeout-ms'],
    heartbeatIntervalMs: f['heartbeat-interval-ms'],
    joinOnSignal: f['join-on-signal'],
    stopAfterIdleMs: f['stop-after-idle'] === undefined ? undefined : f['stop-after-idle'] * 1000,
  };
}

export const workerHelp = () => flagsHelp(WORKER_USAGE, workerFlags);
