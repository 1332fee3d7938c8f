import type { Assignment, LibrdKafkaError, Message } from '@confluentinc/kafka-javascript';
import { CLIENT_LOG_LEVEL, codes, errorName, Kafka, type LogEvent, type RebalancingConsumer, revokeIsLost, topicPartitions } from '@kafka-labs/kafka-client';
import { formatWorkerEvent, WorkerError, type PartitionOffset, type WorkerEventBody } from '@kafka-labs/kafka-client/worker-log';
import type { WorkerOptions } from './options.ts';

/** How long one consume call waits for a message; bounds how late a stop request or the idle check is noticed. */
const POLL_TIMEOUT_MS = 250;
/** Pause after a poll error so a persistent error does not spin. */
const ERROR_BACKOFF_MS = 100;
const CONNECT_TIMEOUT_MS = 15_000;
const CLOSE_TIMEOUT_MS = 30_000;

/** How a run ended: stopped on request or when idle, or at a record whose processing failed (`--fail-at`). */
export type WorkerOutcome = 'stopped' | 'failed';

export interface WorkerIo {
  /** Receives each log line, without a newline. */
  write(line: string): void;
  /** Aborting it stops the worker after the message in hand; its reason (e.g. `SIGTERM`) goes into the `stopping` line. */
  stop: AbortSignal;
  /** With `joinOnSignal`: the worker connects, logs `ready`, and subscribes once this resolves. */
  join?: Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const aborted = (signal: AbortSignal) =>
  signal.aborted ? Promise.resolve() : new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

/**
 * Runs one manual-commit consumer until `io.stop` is aborted or it has been idle for `stopAfterIdleMs`:
 * it consumes one message at a time, works on it without polling, logs one line per event, commits the
 * next offsets after every `commitEvery` processed messages and leaves the group before it resolves; a failed
 * record (`fail`) that it does not commit past stops it too, and it resolves 'failed' instead of 'stopped'.
 */
export async function runWorker(options: WorkerOptions, io: WorkerIo): Promise<WorkerOutcome> {
  const log = (body: WorkerEventBody) =>
    io.write(formatWorkerEvent({ ...body, time: new Date().toISOString(), worker: options.name }));
  /** Next offset to commit per partition, for messages processed since that partition's last commit. */
  const uncommitted = new Map<number, number>();
  let processedSinceCommit = 0;
  let lastActivity = Date.now();

  const commit = (partitions?: number[]) => {
    const offsets: PartitionOffset[] = [...uncommitted]
      .filter(([partition]) => !partitions || partitions.includes(partition))
      .sort(([a], [b]) => a - b)
      .map(([partition, offset]) => ({ partition, offset }));
    if (offsets.length === 0) return;
    try {
      consumer.commitSync(offsets.map((o) => ({ topic: options.topic, ...o })));
      log({ kind: 'commit', offsets });
      for (const { partition, offset } of offsets) {
        if (uncommitted.get(partition) === offset) uncommitted.delete(partition);
      }
    } catch (error) {
      log({ kind: 'commit-failed', error: errorName(error), offsets });
    }
  };

  const onRebalance = (err: LibrdKafkaError, assignment: Assignment[]) => {
    const partitions = assignment.map((tp) => tp.partition).sort((a, b) => a - b);
    const cooperative = consumer.rebalanceProtocol() === 'COOPERATIVE';
    try {
      if (err.code === codes.assignPartitions) {
        lastActivity = Date.now();
        log({ kind: 'assigned', partitions });
        if (cooperative) consumer.incrementalAssign(assignment);
        else consumer.assign(assignment);
        return;
      }
      // librdkafka calls rebalance_cb with either ASSIGN or REVOKE; everything else is a revoke.
      const lost = revokeIsLost(consumer);
      log({ kind: lost ? 'lost' : 'revoked', partitions });
      if (options.revokeCommit && !lost) commit(partitions);
      for (const partition of partitions) uncommitted.delete(partition);
      if (uncommitted.size === 0) processedSinceCommit = 0;
      if (cooperative) consumer.incrementalUnassign(assignment);
      else consumer.unassign();
    } catch (error) {
      log({ kind: 'client', text: `rebalance failed: ${errorName(error)} ${(error as Error).message}` });
    }
  };

  const consumer = new Kafka.KafkaConsumer(
    {
      'bootstrap.servers': options.bootstrap,
      'group.id': options.group,
      'client.id': options.name,
      'group.protocol': options.groupProtocol,
      'enable.auto.commit': false,
      ...(options.strategy !== undefined && { 'partition.assignment.strategy': options.strategy }),
      log_level: CLIENT_LOG_LEVEL,
      rebalance_cb: onRebalance,
      ...(options.instanceId !== undefined && { 'group.instance.id': options.instanceId }),
      ...(options.maxPollIntervalMs !== undefined && { 'max.poll.interval.ms': options.maxPollIntervalMs }),
      ...(options.sessionTimeoutMs !== undefined && { 'session.timeout.ms': options.sessionTimeoutMs }),
      ...(options.heartbeatIntervalMs !== undefined && { 'heartbeat.interval.ms': options.heartbeatIntervalMs }),
    },
    { 'auto.offset.reset': 'earliest' },
  ) as RebalancingConsumer;
  consumer.on('event.log', (event: LogEvent) => {
    if (event.severity <= CLIENT_LOG_LEVEL) log({ kind: 'client', text: `${event.fac} ${event.message}` });
  });
  consumer.on('event.error', (error: LibrdKafkaError) => log({ kind: 'client', text: `error: ${error.message}` }));

  await new Promise<void>((resolve, reject) => {
    consumer.connect({ timeout: CONNECT_TIMEOUT_MS }, (error) =>
      error
        ? reject(new WorkerError(`cannot connect to ${options.bootstrap}: ${error.message}`, { cause: error }))
        : resolve(),
    );
  });
  consumer.setDefaultConsumeTimeout(POLL_TIMEOUT_MS);
  if ((await topicPartitions(consumer, options.topic, CONNECT_TIMEOUT_MS)).length === 0) {
    throw new WorkerError(`topic ${options.topic} does not exist (${options.bootstrap} did not list it within ${CONNECT_TIMEOUT_MS / 1000} s)`);
  }
  if (options.joinOnSignal) {
    log({ kind: 'ready' });
    await Promise.race([io.join, aborted(io.stop)]);
  }
  if (!io.stop.aborted) {
    consumer.subscribe([options.topic]);
    log({ kind: 'started' });
  }
  lastActivity = Date.now();

  const consumeOne = () =>
    new Promise<{ error?: LibrdKafkaError; message?: Message }>((resolve) =>
      consumer.consume(1, (error, messages) => resolve(error ? { error } : { message: messages[0] })),
    );
  // The work on a message is a sleep between two consume calls: librdkafka sees no poll meanwhile (the
  // max.poll.interval clock runs, no rebalance is served), while the event loop stays free so that client
  // log lines such as MAXPOLL are written when librdkafka emits them, not after the work.
  /** Works on one message; resolves with the reason to stop when its processing failed and the worker does not commit past it. */
  const handle = async (message: Message): Promise<string | undefined> => {
    const { partition, offset } = message;
    if (options.slow && offset === options.slow.offset) {
      log({ kind: 'slow', partition, offset, sec: options.slow.ms / 1000 });
      await sleep(options.slow.ms);
    } else {
      await sleep(options.delayMs);
    }
    if (options.fail && offset === options.fail.offset) {
      log({ kind: 'failed', partition, offset });
      if (!options.fail.commitOnError) return `failed p${partition} offset ${offset}`;
      // The handler's error path commits anyway: the failed record's offset + 1 goes out with the rest.
      uncommitted.set(partition, offset + 1);
      processedSinceCommit = 0;
      commit();
      log({ kind: 'skipped', partition, offset });
      return undefined;
    }
    log({ kind: 'processed', partition, offset });
    uncommitted.set(partition, offset + 1);
    processedSinceCommit += 1;
    if (processedSinceCommit >= options.commitEvery) {
      processedSinceCommit = 0;
      commit();
    }
    return undefined;
  };

  let reason: string;
  let failure: string | undefined;
  for (;;) {
    if (io.stop.aborted) {
      reason = String(io.stop.reason ?? 'stop requested');
      break;
    }
    if (options.stopAfterIdleMs !== undefined && Date.now() - lastActivity >= options.stopAfterIdleMs) {
      reason = `idle ${options.stopAfterIdleMs / 1000}s`;
      break;
    }
    const { error, message } = await consumeOne();
    if (error) {
      log({ kind: 'poll-error', error: errorName(error) });
      await sleep(ERROR_BACKOFF_MS);
    } else if (message && !io.stop.aborted) {
      // A message that arrives after the stop request is not in hand yet: it is left for the next owner.
      failure = await handle(message);
      lastActivity = Date.now();
      if (failure) {
        reason = failure;
        break;
      }
    }
  }

  log({ kind: 'stopping', reason });
  // The binding refuses commits while close() runs, so the revoke that close() triggers could not commit:
  // with --revoke-commit the worker commits its progress here, just before it gives its partitions up.
  if (options.revokeCommit) commit();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new WorkerError(`leaving the group took longer than ${CLOSE_TIMEOUT_MS / 1000} s`)),
      CLOSE_TIMEOUT_MS,
    );
    consumer.disconnect(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  log({ kind: 'stopped' });
  return failure ? 'failed' : 'stopped';
}
