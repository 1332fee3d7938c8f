import type { LibrdKafkaError, Producer } from '@confluentinc/kafka-javascript';
import { flagsHelp, LOG_NAME, parseFlags, UsageError } from '@kafka-labs/cli';
import { call, callFailure, CLIENT_LOG_LEVEL, isFenced, Kafka, type LogEvent } from '@kafka-labs/kafka-client';
import { formatTxnEvent, orderEvent, orderMessage, TxnWorkerError, type TxnEventBody } from '@kafka-labs/kafka-client/txn-log';
import { trackDeliveries } from './deliveries.ts';
import { DEFAULT_BOOTSTRAP, RESUME_SIGNAL } from './options.ts';

/** How a transaction of the producer ends. */
export const OUTCOMES = ['commit', 'abort'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface TxnProducerOptions {
  name: string;
  topic: string;
  transactionalId: string;
  /** Orders per transaction: orderMessage(first .. first+count-1), every transaction the same ones. */
  count: number;
  /** The index of the first order (0: E-0001). */
  first: number;
  /** One transaction per entry, ended as it says. */
  outcomes: Outcome[];
  /** After initTransactions: log `paused after transactions-ready:1` and wait for a resume before the first transaction. */
  pauseAfterInit: boolean;
  bootstrap: string;
}

export const txnProducerFlags = {
  name: { kind: 'string', required: true, pattern: LOG_NAME, help: 'producer name in every log line and its client.id' },
  topic: { kind: 'string', required: true, help: 'topic to write to, partition 0 (must exist)' },
  'transactional-id': { kind: 'string', required: true, pattern: /^[\w.-]+$/, help: 'transactional.id' },
  count: { kind: 'number', required: true, min: 1, integer: true, help: 'orders per transaction (E-0001 ... the same in each)' },
  first: { kind: 'number', min: 0, integer: true, default: 0, help: 'index of the first order: 5 writes E-0006 onwards' },
  outcomes: { kind: 'string', required: true, help: 'how each transaction ends, in order: commit|abort[,...], e.g. abort,commit' },
  'pause-after-init': { kind: 'boolean', help: `after initTransactions log 'paused' and wait for ${RESUME_SIGNAL}, so a lab can time the writes` },
  bootstrap: { kind: 'string', default: DEFAULT_BOOTSTRAP, help: 'bootstrap.servers' },
} as const;

export const txnProducerHelp = () => flagsHelp('txn-producer --name NAME --topic T --transactional-id ID --count N [--first I] --outcomes abort,commit [--pause-after-init]', txnProducerFlags);

/** Parses the txn-producer's command line; throws a UsageError with a one-line reason. */
export function parseTxnProducerArgs(argv: string[]): TxnProducerOptions {
  const f = parseFlags(txnProducerFlags, argv);
  const outcomes = f.outcomes.split(',');
  const bad = outcomes.find((o) => !(OUTCOMES as readonly string[]).includes(o));
  if (bad !== undefined) throw new UsageError(`--outcomes '${f.outcomes}' must list commit or abort, separated by commas (not '${bad}')`);
  return { name: f.name, topic: f.topic, transactionalId: f['transactional-id'], count: f.count, first: f.first, outcomes: outcomes as Outcome[], pauseAfterInit: f['pause-after-init'], bootstrap: f.bootstrap };
}

const CALL_TIMEOUT_MS = 30_000;

/**
 * Writes the same `count` orders in one transaction per outcome, each flushed (every record stored and acknowledged)
 * before it is committed or aborted: an abort then leaves its records in the log, behind an ABORT marker. Logs in the
 * txn-worker's grammar; a failed call is logged and thrown as a TxnWorkerError.
 */
export async function runTxnProducer(options: TxnProducerOptions, io: { write(line: string): void; resumed: () => Promise<void> }): Promise<void> {
  const log = (body: TxnEventBody) => io.write(formatTxnEvent({ ...body, time: new Date().toISOString(), worker: options.name }));
  const producer: Producer = new Kafka.Producer({
    'bootstrap.servers': options.bootstrap,
    'client.id': options.name,
    'transactional.id': options.transactionalId,
    dr_cb: true,
    log_level: CLIENT_LOG_LEVEL,
  });
  producer.on('event.log', (e: LogEvent) => {
    if (e.severity <= CLIENT_LOG_LEVEL) log({ kind: 'client', text: `${e.fac} ${e.message}` });
  });
  producer.on('event.error', (error: LibrdKafkaError) => log({ kind: 'client', text: `producer error: ${error.message}` }));
  const deliveries = trackDeliveries(producer, log);
  const step = async (name: string, run: Parameters<typeof call>[0]) => {
    try {
      await call(run);
    } catch (error) {
      const failure = callFailure(name, error);
      log({ kind: isFenced(failure) ? 'fenced' : 'failed', ...failure });
      throw new TxnWorkerError(`${name}: ${failure.error} (${failure.code}) ${failure.message}`, { cause: error });
    }
  };
  await step('connect', (cb) => producer.connect({ timeout: CALL_TIMEOUT_MS }, (e) => cb(e)));
  producer.setPollInterval(20);
  try {
    log({ kind: 'started', settings: { 'transactional.id': options.transactionalId, output: options.topic, outcomes: options.outcomes.join(',') } });
    await step('initTransactions', (cb) => producer.initTransactions(CALL_TIMEOUT_MS, cb));
    log({ kind: 'transactions-ready', transactionalId: options.transactionalId });
    if (options.pauseAfterInit) {
      log({ kind: 'paused', after: 'transactions-ready:1' });
      await io.resumed();
      log({ kind: 'resumed' });
    }
    for (const [index, outcome] of options.outcomes.entries()) {
      const txn = index + 1;
      await step('beginTransaction', (cb) => producer.beginTransaction(cb));
      log({ kind: 'began', txn });
      for (let i = 0; i < options.count; i++) {
        const { key, value } = orderMessage(options.first + i);
        deliveries.expect();
        producer.produce(options.topic, 0, Buffer.from(value), key, Date.now(), orderEvent(options.first + i).eventId);
      }
      const failure = await deliveries.settle(CALL_TIMEOUT_MS);
      if (failure) {
        log({ kind: 'failed', ...failure });
        throw new TxnWorkerError(`a delivery failed: ${failure.error} (${failure.code}) ${failure.message}`);
      }
      if (outcome === 'commit') await step('commitTransaction', (cb) => producer.commitTransaction(CALL_TIMEOUT_MS, cb));
      else await step('abortTransaction', (cb) => producer.abortTransaction(CALL_TIMEOUT_MS, cb));
      log({ kind: outcome === 'commit' ? 'committed' : 'aborted', txn });
    }
  } finally {
    log({ kind: 'stopping', reason: 'done' });
    await new Promise<void>((resolve) => producer.disconnect(() => resolve()));
    log({ kind: 'stopped' });
  }
}
