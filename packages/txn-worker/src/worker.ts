import { randomUUID } from 'node:crypto';
import type { Assignment, LibrdKafkaError, Message, Producer, TopicPartitionOffset } from '@confluentinc/kafka-javascript';
import { applyOnConflict, applyPlain, applyUnique, applyVersioned, applyWithInbox, createSinkTables, DatabaseError, openDatabase, type Database } from '@kafka-labs/database';
import { call, callFailure, CLIENT_LOG_LEVEL, codes, errorName, isFenced, Kafka, type LogEvent, type PartitionOffset, type RebalancingConsumer, revokeIsLost, topicPartitions } from '@kafka-labs/kafka-client';
import { enrichedValue, formatTxnEvent, parseOrder, TxnWorkerError, type CallFailure, type TxnEventBody, type TxnEventKind } from '@kafka-labs/kafka-client/txn-log';
import type { OrderEvent } from '@kafka-labs/database/dump';
import { trackDeliveries } from './deliveries.ts';
import { TRANSACTIONAL_MODES, type PausePoint, type TxnWorkerOptions } from './options.ts';

/** How a run ended: stopped on request, or a fatal client error (fenced) made it give up. */
export type TxnWorkerOutcome = 'stopped' | 'fatal';

export interface TxnWorkerIo {
  /** Receives each log line, without a newline. */
  write(line: string): void;
  /** Aborting it stops the worker at its next step (an open transaction is aborted); its reason goes into `stopping`. */
  stop: AbortSignal;
  /** A promise of the next resume request (the CLI: RESUME_SIGNAL); a paused worker waits for it. */
  resumed(): Promise<void>;
}

const POLL_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 15_000;
const CALL_TIMEOUT_MS = 30_000;
const CLOSE_TIMEOUT_MS = 30_000;
/** How often a retriable commitTransaction is tried before the transaction is aborted. */
const COMMIT_ATTEMPTS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const aborted = (signal: AbortSignal) =>
  signal.aborted ? Promise.resolve() : new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

/** Thrown inside a cycle to leave it: the worker was asked to stop, or a fatal error ends the run. */
class Leave extends Error {
  constructor(readonly outcome: TxnWorkerOutcome) {
    super(outcome);
  }
}

/**
 * Runs one consume-transform-produce worker until `io.stop` is aborted or a fatal error (fenced): each consume call's
 * batch is one cycle (a transaction in the transactional modes) that writes each order enriched to the output
 * partition of the same number and/or applies it to the sink, then commits the input offsets as `commit` says.
 * A failed transaction is aborted and the consumer rewound to the batch's first offsets, so nothing is skipped.
 */
export async function runTxnWorker(options: TxnWorkerOptions, io: TxnWorkerIo): Promise<TxnWorkerOutcome> {
  const counts = new Map<TxnEventKind, number>();
  const log = (body: TxnEventBody) => {
    counts.set(body.kind, (counts.get(body.kind) ?? 0) + 1);
    io.write(formatTxnEvent({ ...body, time: new Date().toISOString(), worker: options.name }));
  };
  /** The pauses that have not happened yet. */
  const pending = new Set<{ kind: PausePoint; count: number }>(options.pauses.map((p) => ({ ...p })));
  const transactional = TRANSACTIONAL_MODES.includes(options.commit);
  const transactionalId =
    options.transactionalId && (options.randomId ? `${options.transactionalId}-${randomUUID().slice(0, 8)}` : options.transactionalId);
  const assigned = new Set<number>();
  /** True while a transaction is open: what a stop or a failed cycle must abort. */
  let open = false;
  const clientLog = (event: LogEvent) => {
    if (event.severity <= CLIENT_LOG_LEVEL) log({ kind: 'client', text: `${event.fac} ${event.message}` });
  };

  const onRebalance = (err: LibrdKafkaError, assignment: Assignment[]) => {
    const partitions = assignment.map((tp) => tp.partition).sort((a, b) => a - b);
    try {
      if (err.code === codes.assignPartitions) {
        log({ kind: 'assigned', partitions });
        for (const p of partitions) assigned.add(p);
        consumer.assign(assignment);
      } else {
        log({ kind: revokeIsLost(consumer) ? 'lost' : 'revoked', partitions });
        assigned.clear();
        consumer.unassign();
      }
    } catch (error) {
      log({ kind: 'client', text: `rebalance failed: ${errorName(error)} ${(error as Error).message}` });
    }
  };
  const consumer = new Kafka.KafkaConsumer(
    {
      'bootstrap.servers': options.bootstrap,
      'group.id': options.group,
      'client.id': options.name,
      'group.protocol': 'classic',
      'isolation.level': 'read_committed',
      'enable.auto.commit': options.commit === 'auto',
      log_level: CLIENT_LOG_LEVEL,
      ...(!options.assign && { rebalance_cb: onRebalance }),
      ...(options.commit === 'auto' && {
        ...(options.autoCommitIntervalMs !== undefined && { 'auto.commit.interval.ms': options.autoCommitIntervalMs }),
        offset_commit_cb: (error: LibrdKafkaError | null, partitions: TopicPartitionOffset[]) => {
          if (error) log({ kind: 'failed', ...callFailure('autoCommit', error) });
          else if (partitions.length) log({ kind: 'auto-committed', offsets: sortedOffsets(partitions) });
        },
      }),
      ...(options.maxPollIntervalMs !== undefined && { 'max.poll.interval.ms': options.maxPollIntervalMs }),
      ...(options.sessionTimeoutMs !== undefined && { 'session.timeout.ms': options.sessionTimeoutMs }),
    },
    { 'auto.offset.reset': 'earliest' },
  ) as RebalancingConsumer;
  consumer.on('event.log', clientLog);
  consumer.on('event.error', (error: LibrdKafkaError) => log({ kind: 'client', text: `consumer error: ${error.message}` }));

  const producer: Producer | null =
    options.output || transactional
      ? new Kafka.Producer({
          'bootstrap.servers': options.bootstrap,
          'client.id': options.name,
          dr_cb: true,
          'enable.idempotence': true,
          acks: -1,
          log_level: CLIENT_LOG_LEVEL,
          ...(transactionalId && { 'transactional.id': transactionalId }),
          ...(options.transactionTimeoutMs !== undefined && { 'transaction.timeout.ms': options.transactionTimeoutMs }),
        })
      : null;
  const deliveries = producer && trackDeliveries(producer, log);
  if (producer) {
    producer.on('event.log', clientLog);
    producer.on('event.error', (error: LibrdKafkaError) => log({ kind: 'client', text: `producer error: ${error.message}` }));
    producer.setPollInterval(20);
  }

  let db: Database | null = null;
  try {
    await call((cb) => consumer.connect({ timeout: CONNECT_TIMEOUT_MS }, (e) => cb(e))).catch((error: Error) => {
      throw new TxnWorkerError(`cannot connect to ${options.bootstrap}: ${error.message}`, { cause: error });
    });
    if (producer) await call((cb) => producer.connect({ timeout: CONNECT_TIMEOUT_MS }, (e) => cb(e)));
    if (options.sink) {
      db = await openDatabase({ dir: options.sink.database, log: (text) => log({ kind: 'client', text: `database: ${text}` }) });
      await createSinkTables(db, { uniqueEventId: options.sink.kind === 'unique-index' || options.sink.kind === 'on-conflict' });
    }
    log({
      kind: 'started',
      settings: {
        commit: options.commit,
        consume: options.assign ? 'assign' : 'subscribe',
        batch: String(options.batch),
        ...(transactionalId && { 'transactional.id': transactionalId }),
        ...(options.output && { output: options.output }),
        ...(options.transformVersion && { transform: options.transformVersion }),
        ...(options.sink && { sink: options.sink.kind }),
        ...(options.sink?.delayMs && { 'sink-delay': `${options.sink.delayMs / 1000}s` }),
        ...(options.sink && !options.sink.awaited && { 'sink-awaited': 'false' }),
      },
    });
    await checkpoint();
    if (producer && transactionalId) {
      await call((cb) => producer.initTransactions(CALL_TIMEOUT_MS, cb));
      log({ kind: 'transactions-ready', transactionalId });
    }
    consumer.setDefaultConsumeTimeout(POLL_TIMEOUT_MS);
    // Asked before subscribe as well: see topicPartitions for why a consumer should not subscribe blind.
    const partitions = await topicPartitions(consumer, options.input, CALL_TIMEOUT_MS);
    if (partitions.length === 0) throw new TxnWorkerError(`topic ${options.input} has no partitions (does it exist?)`);
    if (options.assign) await assignAll(partitions);
    else consumer.subscribe([options.input]);
    return await loop();
  } catch (error) {
    if (error instanceof Leave) return error.outcome;
    if (error instanceof TxnWorkerError) throw error;
    // An unreachable database, or one that refuses the sink tables, says so in its own line (no client error code).
    if (error instanceof DatabaseError) throw new TxnWorkerError(error.message, { cause: error });
    const failure = callFailure('start', error);
    throw new TxnWorkerError(`${failure.error} (${failure.code}): ${failure.message}`, { cause: error });
  } finally {
    await close();
  }

  /** assign() every partition of the input (`partitions`) at the group's committed offsets (the beginning where there is none). */
  async function assignAll(partitions: number[]): Promise<void> {
    // librdkafka 2.15.1 asks with require_stable (read_committed): while a transaction holds offsets for the group,
    // the broker answers UNSTABLE_OFFSET_COMMIT and librdkafka asks again, so this line may come long before `starting-at`.
    log({ kind: 'client', text: `committed offsets of ${options.input}: fetching` });
    const committed = await call<TopicPartitionOffset[]>((cb) =>
      consumer.committed(partitions.map((partition) => ({ topic: options.input, partition })), CALL_TIMEOUT_MS, cb),
    );
    const start: PartitionOffset[] = [];
    for (const partition of partitions) {
      const offset = committed.find((c) => c.partition === partition)?.offset ?? -1;
      if (offset >= 0) start.push({ partition, offset });
      else {
        const marks = await call<{ lowOffset: number }>((cb) => consumer.queryWatermarkOffsets(options.input, partition, CALL_TIMEOUT_MS, cb));
        start.push({ partition, offset: marks.lowOffset });
      }
    }
    consumer.assign(start.map((s) => ({ topic: options.input, ...s })));
    for (const { partition } of start) assigned.add(partition);
    log({ kind: 'starting-at', offsets: start });
  }

  async function loop(): Promise<TxnWorkerOutcome> {
    let txn = 0;
    for (;;) {
      if (io.stop.aborted) return 'stopped';
      const messages = await call<Message[]>((cb) => consumer.consume(options.batch, cb)).catch((error: unknown) => {
        log({ kind: 'failed', ...callFailure('consume', error) });
        return [] as Message[];
      });
      if (messages.length === 0 || io.stop.aborted) continue;
      open = false;
      try {
        for (const m of messages) log({ kind: 'consumed', partition: m.partition, offset: m.offset, id: parseOrder(m.value?.toString())?.eventId ?? '-' });
        await checkpoint();
        if (transactional) {
          txn += 1;
          await txnCall('beginTransaction', (cb) => producer!.beginTransaction(cb));
          open = true;
          log({ kind: 'began', txn });
        }
        for (const m of messages) await handle(m);
        if (options.output) await deliverAll();
        const offsets = nextOffsets(messages);
        const topicOffsets = offsets.map((o) => ({ topic: options.input, ...o }));
        switch (options.commit) {
          case 'transaction':
            await txnCall('sendOffsetsToTransaction', (cb) => producer!.sendOffsetsToTransaction(topicOffsets, consumer, CALL_TIMEOUT_MS, cb));
            log({ kind: 'sent-offsets', txn, offsets });
            await checkpoint();
            await commitTransaction(txn);
            break;
          case 'after-txn':
            await commitTransaction(txn);
            await commitOffsets(topicOffsets, offsets);
            break;
          case 'before-txn':
            await commitOffsets(topicOffsets, offsets);
            await commitTransaction(txn);
            break;
          case 'sync':
            await commitOffsets(topicOffsets, offsets);
            break;
          case 'auto':
            break;
        }
      } catch (error) {
        if (error instanceof Leave) {
          if (open && error.outcome === 'stopped') await abort(txn, messages);
          return error.outcome;
        }
        // An abortable or unexpected failure of the cycle: abort what is open and take the batch again.
        if (open) await abort(txn, messages);
        else if (!transactional) throw error;
      }
    }
  }

  /** Works on one message: the delay, the output record (queued), the sink; then `processed`. */
  async function handle(m: Message): Promise<void> {
    if (options.delayMs > 0) await sleep(options.delayMs);
    const value = m.value?.toString();
    const order = parseOrder(value);
    if (options.output && producer) {
      // A versioned enrichment runs on source events only: an order that already carries a transform version was
      // enriched before (it comes from a processed topic) and is written as it is, its version and fields unchanged.
      const enrichedBefore = options.transformVersion !== undefined && order?.transform !== undefined;
      const out = order && !enrichedBefore ? enrichedValue(order, options.name, m, options.transformVersion) : (value ?? '');
      try {
        deliveries!.expect();
        producer.produce(options.output, m.partition, Buffer.from(out), m.key ?? null, Date.now(), order?.eventId ?? '-');
      } catch (error) {
        deliveries!.refused();
        throw failed(callFailure('produce', error));
      }
    }
    if (db && options.sink) {
      if (!order) log({ kind: 'failed', call: 'sink', error: 'NOT_AN_ORDER', code: 0, flag: '-', message: `p${m.partition} offset ${m.offset} is not an order event` });
      else if (options.sink.awaited) await sinkWrite(db, options.sink, order);
      else {
        // The async sink trap: the write goes on in the background while the loop commits the offsets.
        log({ kind: 'unawaited', id: order.eventId });
        sinkWrite(db, options.sink, order).catch((error: unknown) => log({ kind: 'failed', ...callFailure('sink', error) }));
      }
    }
    log({ kind: 'processed', partition: m.partition, offset: m.offset });
    await checkpoint();
  }

  /**
   * Applies one order to the sink after its delay and logs `applied`, `skipped` (the inbox had it), `stale` (the version
   * guard kept a newer row) or `duplicate` (the unique index refused it, caught and treated as done).
   */
  async function sinkWrite(to: Database, sink: NonNullable<TxnWorkerOptions['sink']>, order: OrderEvent): Promise<void> {
    if (sink.delayMs > 0) await sleep(sink.delayMs);
    if (sink.kind === 'versioned' && order.version === undefined) {
      log({ kind: 'failed', call: 'sink', error: 'NO_VERSION', code: 0, flag: '-', message: `${order.eventId} has no version for the version guard` });
    } else if (sink.kind === 'plain' || sink.kind === 'on-conflict') {
      await (sink.kind === 'plain' ? applyPlain : applyOnConflict)(to, order);
      log({ kind: 'applied', id: order.eventId });
    } else {
      const apply = { inbox: applyWithInbox, versioned: applyVersioned, 'unique-index': applyUnique }[sink.kind];
      log({ kind: await apply(to, order), id: order.eventId });
    }
  }

  /** Flushes the producer and waits for every delivery report of the batch; a failed delivery fails the cycle. */
  async function deliverAll(): Promise<void> {
    const failure = await deliveries!.settle(CALL_TIMEOUT_MS).catch((error: unknown) => {
      throw failed(callFailure('flush', error));
    });
    if (failure) throw failed(failure);
    await checkpoint();
  }

  async function commitTransaction(txn: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await call((cb) => producer!.commitTransaction(CALL_TIMEOUT_MS, cb));
        open = false;
        log({ kind: 'committed', txn });
        await checkpoint();
        return;
      } catch (error) {
        if (error instanceof Leave) throw error;
        const failure = callFailure('commitTransaction', error);
        if (failure.flag !== 'retriable' || attempt === COMMIT_ATTEMPTS) throw failed(failure);
        log({ kind: 'failed', ...failure });
      }
    }
  }

  async function commitOffsets(topicOffsets: TopicPartitionOffset[], offsets: PartitionOffset[]): Promise<void> {
    try {
      consumer.commitSync(topicOffsets);
      log({ kind: 'offsets-committed', offsets });
    } catch (error) {
      log({ kind: 'failed', ...callFailure('commitSync', error) });
    }
    await checkpoint();
  }

  /** Runs a transactional call; a failure is logged and thrown (a Leave when it is fatal). */
  async function txnCall(name: string, run: (cb: (error: LibrdKafkaError | null | undefined) => void) => void): Promise<void> {
    try {
      await call(run);
    } catch (error) {
      throw failed(callFailure(name, error));
    }
  }

  /** Logs a failure (`fenced` for a fencing error, else `failed`) and returns what to throw: a Leave when it is fatal. */
  function failed(failure: CallFailure): Error {
    const fenced = isFenced(failure);
    log({ kind: fenced ? 'fenced' : 'failed', ...failure });
    return failure.flag === 'fatal' || fenced ? new Leave('fatal') : new TxnWorkerError(`${failure.call}: ${failure.message}`);
  }

  /** Aborts the open transaction and seeks the consumer back to the batch's first offsets (abort itself rewinds nothing). */
  async function abort(txn: number, messages: Message[]): Promise<void> {
    try {
      await call((cb) => producer!.abortTransaction(CALL_TIMEOUT_MS, cb));
      log({ kind: 'aborted', txn });
    } catch (error) {
      throw failed(callFailure('abortTransaction', error));
    }
    const firsts = new Map<number, number>();
    for (const m of messages) if (!firsts.has(m.partition)) firsts.set(m.partition, m.offset);
    const rewound: PartitionOffset[] = [];
    for (const [partition, offset] of [...firsts].sort(([a], [b]) => a - b)) {
      if (!assigned.has(partition)) continue;
      try {
        await call((cb) => consumer.seek({ topic: options.input, partition, offset }, CALL_TIMEOUT_MS, cb));
        rewound.push({ partition, offset });
      } catch (error) {
        log({ kind: 'failed', ...callFailure('seek', error) });
      }
    }
    if (rewound.length) log({ kind: 'rewound', offsets: rewound });
  }

  /** Pauses where a `--pause-after` says so: logs `paused`, waits for a resume (or a stop, which leaves the cycle). */
  async function checkpoint(): Promise<void> {
    for (const pause of pending) {
      if ((counts.get(pause.kind) ?? 0) < pause.count) continue;
      pending.delete(pause);
      log({ kind: 'paused', after: `${pause.kind}:${pause.count}` });
      await Promise.race([io.resumed(), aborted(io.stop)]);
      if (io.stop.aborted) throw new Leave('stopped');
      log({ kind: 'resumed' });
    }
    if (io.stop.aborted) throw new Leave('stopped');
  }

  async function close(): Promise<void> {
    log({ kind: 'stopping', reason: io.stop.aborted ? String(io.stop.reason ?? 'stop requested') : 'done' });
    const bounded = (what: string, work: Promise<unknown>) =>
      Promise.race([work, sleep(CLOSE_TIMEOUT_MS).then(() => log({ kind: 'client', text: `${what} took longer than ${CLOSE_TIMEOUT_MS / 1000} s` }))]);
    await bounded('leaving the group', new Promise<void>((resolve) => consumer.disconnect(() => resolve())));
    if (producer) await bounded('closing the producer', new Promise<void>((resolve) => producer.disconnect(() => resolve())));
    await db?.close();
    log({ kind: 'stopped' });
  }
}

/** The next offset of each partition of a batch (its last offset + 1), sorted by partition. */
function nextOffsets(messages: Message[]): PartitionOffset[] {
  const next = new Map<number, number>();
  for (const m of messages) next.set(m.partition, Math.max(next.get(m.partition) ?? 0, m.offset + 1));
  return [...next].sort(([a], [b]) => a - b).map(([partition, offset]) => ({ partition, offset }));
}

const sortedOffsets = (partitions: TopicPartitionOffset[]): PartitionOffset[] =>
  partitions.map(({ partition, offset }) => ({ partition, offset })).sort((a, b) => a.partition - b.partition);
