import { flagsHelp, LOG_NAME, parseFlags, UsageError } from '@kafka-labs/cli';
import { DEFAULT_BOOTSTRAP } from '@kafka-labs/kafka-client';
import { TRANSFORM_VERSIONS, type TransformVersion } from '@kafka-labs/kafka-client/txn-log';

export { DEFAULT_BOOTSTRAP };

/**
 * How the worker commits its input offsets:
 * `transaction` sendOffsetsToTransaction then commitTransaction (exactly once);
 * `after-txn` commitTransaction then commitSync (a crash between: the batch is processed again);
 * `before-txn` commitSync then commitTransaction (a crash between: the batch is lost);
 * `sync` no transaction, commitSync after each batch (at least once);
 * `auto` no transaction, enable.auto.commit (offsets committed in the background, ahead of the work).
 */
export const COMMIT_MODES = ['transaction', 'after-txn', 'before-txn', 'sync', 'auto'] as const;
export type CommitMode = (typeof COMMIT_MODES)[number];
export const TRANSACTIONAL_MODES: readonly CommitMode[] = ['transaction', 'after-txn', 'before-txn'];

/**
 * The sinks a worker can apply each input order to (`@kafka-labs/database`): every delivery (the projection upserted
 * by order_id), once per event_id (inbox), once per event_id and never over a newer event_version (versioned); with
 * a unique index on event_id, a redelivery refused and caught (unique-index) or written to the same rows (on-conflict).
 */
export const SINKS = ['plain', 'inbox', 'versioned', 'unique-index', 'on-conflict'] as const;
export type Sink = (typeof SINKS)[number];

/**
 * The log events after which a worker can pause (`--pause-after KIND[:N]`): the points of its loop, and `started`
 * (connected, before initTransactions: a restart that a lab lets go at a moment of its choosing).
 */
export const PAUSE_POINTS = ['started', 'consumed', 'processed', 'applied', 'produced', 'sent-offsets', 'committed', 'offsets-committed'] as const;
export type PausePoint = (typeof PAUSE_POINTS)[number];

/** A paused worker goes on when it receives this signal (SIGUSR1 belongs to Node's inspector). */
export const RESUME_SIGNAL = 'SIGUSR2';

/** The CLI's exit code when a fatal client error (the producer was fenced) ended the run. */
export const FATAL_EXIT_CODE = 3;

/** The txn-worker's command-line flags. */
export const txnWorkerFlags = {
  name: { kind: 'string', required: true, pattern: LOG_NAME, help: 'worker name in every log line and its client.id (letters, digits, _ . -)' },
  group: { kind: 'string', required: true, help: 'consumer group id (offsets are committed for it in every mode)' },
  input: { kind: 'string', required: true, help: 'topic to consume (order events)' },
  output: { kind: 'string', help: 'topic to write each enriched order to, same partition number as its input' },
  'transform-version': {
    kind: 'choice',
    choices: TRANSFORM_VERSIONS,
    help: 'record this enrichment version in each output order (v2 adds its region); an input order that already carries one is written as it is',
  },
  bootstrap: { kind: 'string', default: DEFAULT_BOOTSTRAP, help: 'bootstrap.servers' },
  commit: { kind: 'choice', choices: COMMIT_MODES, default: 'transaction', help: 'how input offsets are committed (see the README)' },
  'transactional-id': { kind: 'string', pattern: /^[\w.-]+$/, help: 'transactional.id (required by the transaction, after-txn and before-txn modes)' },
  'random-id': { kind: 'boolean', help: 'append a random suffix to --transactional-id at every start (the anti-pattern)' },
  assign: { kind: 'boolean', help: "assign() every partition of --input at the group's committed offsets instead of subscribe()" },
  batch: { kind: 'number', min: 1, integer: true, default: 5, help: 'messages per consume call: one transaction or commit per batch' },
  delay: { kind: 'number', min: 0, default: 0, help: 'seconds of work per message (no poll meanwhile)' },
  'pause-after': { kind: 'string', help: `KIND[:N][,...]: after the Nth KIND line (${PAUSE_POINTS.join(', ')}) log 'paused' and wait for ${RESUME_SIGNAL}` },
  'transaction-timeout-ms': { kind: 'number', min: 1000, integer: true, help: 'transaction.timeout.ms (librdkafka default 60000)' },
  'max-poll-interval-ms': { kind: 'number', min: 1, integer: true, help: 'max.poll.interval.ms (librdkafka default 300000)' },
  'session-timeout-ms': { kind: 'number', min: 1, integer: true, help: 'session.timeout.ms (librdkafka default 45000)' },
  'auto-commit-interval-ms': { kind: 'number', min: 1, integer: true, help: 'auto.commit.interval.ms with --commit auto (librdkafka default 5000)' },
  sink: { kind: 'choice', choices: SINKS, help: `apply each order to the database at --database: ${SINKS.join(', ')} (see the README)` },
  database: { kind: 'string', help: "the database folder (@kafka-labs/database's openDatabase dir) for --sink" },
  'sink-delay': { kind: 'number', min: 0, default: 0, help: 'seconds each sink write takes before it reaches the database (a slow sink)' },
  'sink-unawaited': { kind: 'boolean', help: 'start each sink write and do not wait for it: the offsets are committed before it lands' },
} as const;

/** A pause of the worker: after the `count`th line of `kind`. */
export interface PauseSpec {
  kind: PausePoint;
  count: number;
}

/** Everything a txn-worker run needs, in the units the code uses. */
export interface TxnWorkerOptions {
  name: string;
  group: string;
  input: string;
  output?: string;
  /** The enrichment version recorded in each output order; absent: none recorded (the plain enrichment). */
  transformVersion?: TransformVersion;
  bootstrap: string;
  commit: CommitMode;
  /** The transactional.id as configured (before any random suffix); set exactly in the transactional modes. */
  transactionalId?: string;
  randomId: boolean;
  assign: boolean;
  batch: number;
  delayMs: number;
  pauses: PauseSpec[];
  transactionTimeoutMs?: number;
  maxPollIntervalMs?: number;
  sessionTimeoutMs?: number;
  autoCommitIntervalMs?: number;
  /** The sink: which, where, how long a write takes before it reaches the database, and whether the loop awaits it. */
  sink?: { kind: Sink; database: string; delayMs: number; awaited: boolean };
}

const USAGE = 'txn-worker --name NAME --group GROUP --input TOPIC [--output TOPIC] [--commit MODE --transactional-id ID] [flags]';

/** Reads `--pause-after`: `KIND[:N]` items separated by commas; throws a UsageError for anything else. */
export function parsePauses(text: string | undefined): PauseSpec[] {
  if (text === undefined) return [];
  return text.split(',').map((item) => {
    const match = /^([a-z-]+)(?::(\d+))?$/.exec(item);
    const kind = match?.[1] as PausePoint | undefined;
    const count = Number(match?.[2] ?? 1);
    if (!kind || !PAUSE_POINTS.includes(kind) || count < 1) {
      throw new UsageError(`--pause-after '${item}' is not KIND[:N] with KIND one of ${PAUSE_POINTS.join(', ')} and N >= 1`);
    }
    return { kind, count };
  });
}

/** Parses the txn-worker's command line; throws a UsageError with a one-line reason for a bad or conflicting flag. */
export function parseTxnWorkerArgs(argv: string[]): TxnWorkerOptions {
  const f = parseFlags(txnWorkerFlags, argv);
  const commit = f.commit as CommitMode;
  const transactional = TRANSACTIONAL_MODES.includes(commit);
  if (transactional && !f['transactional-id']) throw new UsageError(`--commit ${commit} needs --transactional-id`);
  if (!transactional && f['transactional-id']) throw new UsageError(`--commit ${commit} uses no transaction: leave out --transactional-id`);
  if (f['random-id'] && !f['transactional-id']) throw new UsageError('--random-id needs --transactional-id (the prefix)');
  if (f['auto-commit-interval-ms'] !== undefined && commit !== 'auto') throw new UsageError('--auto-commit-interval-ms needs --commit auto');
  if ((f.sink === undefined) !== (f.database === undefined)) throw new UsageError('--sink and --database go together');
  if (!f.sink && (f['sink-unawaited'] || f['sink-delay'] > 0)) throw new UsageError(`--${f['sink-unawaited'] ? 'sink-unawaited' : 'sink-delay'} needs --sink`);
  if (f['transform-version'] && !f.output) throw new UsageError('--transform-version needs --output');
  if (!f.output && !f.sink && transactional) throw new UsageError(`--commit ${commit} needs --output or --sink: a transaction with nothing in it`);
  return {
    name: f.name,
    group: f.group,
    input: f.input,
    output: f.output,
    transformVersion: f['transform-version'] as TransformVersion | undefined,
    bootstrap: f.bootstrap,
    commit,
    transactionalId: f['transactional-id'],
    randomId: f['random-id'],
    assign: f.assign,
    batch: f.batch,
    delayMs: f.delay * 1000,
    pauses: parsePauses(f['pause-after']),
    transactionTimeoutMs: f['transaction-timeout-ms'],
    maxPollIntervalMs: f['max-poll-interval-ms'],
    sessionTimeoutMs: f['session-timeout-ms'],
    autoCommitIntervalMs: f['auto-commit-interval-ms'],
    sink: f.sink && f.database ? { kind: f.sink as Sink, database: f.database, delayMs: f['sink-delay'] * 1000, awaited: !f['sink-unawaited'] } : undefined,
  };
}

export const txnWorkerHelp = () => flagsHelp(USAGE, txnWorkerFlags);
