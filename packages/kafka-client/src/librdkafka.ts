import Kafka, { type Assignment, type KafkaConsumer, type LibrdKafkaError, type Metadata, type MetadataOptions } from '@confluentinc/kafka-javascript';
import type { DeliveryError, ProducerLine } from './producer-log-format.ts';
import type { CallFailure, ErrorFlag } from './txn-log-format.ts';

export { Kafka };

/** The HOST listener of the labs' broker, which clients on this machine use directly. */
export const DEFAULT_BOOTSTRAP = 'localhost:9531';

/** librdkafka log lines at this syslog level or more severe reach a program's log (4 = warning). */
export const CLIENT_LOG_LEVEL = 4;

/** The librdkafka error codes the consumers react to (`Kafka.CODES.ERRORS`). */
export const codes = {
  assignPartitions: Kafka.CODES.ERRORS.ERR__ASSIGN_PARTITIONS,
  revokePartitions: Kafka.CODES.ERRORS.ERR__REVOKE_PARTITIONS,
} as const;

const names = new Map<number, string>(
  Object.entries(Kafka.CODES.ERRORS).map(([key, code]) => [code, key.replace(/^ERR_/, '')]),
);

/**
 * librdkafka's name of an error code as rd_kafka_err2name prints it (UNKNOWN_MEMBER_ID, _MAX_POLL_EXCEEDED).
 * The binding throws plain Errors without a code for calls on a closing client; like its own
 * LibrdKafkaError.create, those count as _STATE.
 */
export function errorName(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? Number(error.code) : NaN;
  const name = names.get(code);
  if (name) return name;
  if (error instanceof Error && /disconnected|not connected/i.test(error.message)) return '_STATE';
  return Number.isNaN(code) ? 'UNKNOWN' : `ERR${code}`;
}

/** KafkaConsumer methods that lib/kafka-consumer.js of 1.10.1 has and its rdkafka.d.ts does not declare. */
export interface RebalancingConsumer extends KafkaConsumer {
  /** NONE before the first join, then EAGER or COOPERATIVE. */
  rebalanceProtocol(): 'NONE' | 'EAGER' | 'COOPERATIVE';
  /**
   * Inside a revoke: true when the partitions were lost (session or max.poll.interval expired), not handed over.
   * Ask through `revokeIsLost`: this one does not check that the client is still open.
   */
  assignmentLost(): boolean;
  incrementalAssign(assignments: Assignment[]): this;
  incrementalUnassign(assignments: Assignment[]): this;
}

/**
 * Inside a revoke: whether its partitions were lost (the session or max.poll.interval.ms expired) rather than handed
 * over; false once the consumer's close has begun. The binding (1.10.1) can run a revoke queued before disconnect()
 * after the close has freed its client, and its assignmentLost() calls the freed client without checking: the
 * process dies with SIGSEGV (03-zombie-fencing's stalled worker exited 139 when stopped, 2 runs in 20).
 * rebalanceProtocol() checks the client, and answers NONE from the moment the close begins.
 */
export function revokeIsLost(consumer: RebalancingConsumer): boolean {
  return consumer.rebalanceProtocol() !== 'NONE' && consumer.assignmentLost();
}

/** Error codes that mean another producer epoch owns the transactional.id now: _FENCED, PRODUCER_FENCED, INVALID_PRODUCER_EPOCH. */
export const FENCED_CODES = new Set([Kafka.CODES.ERRORS.ERR__FENCED, 90, 47]);

/** A callback-API call as a promise that rejects with the client's own error (whose flags a program reads). */
export const call = <T = void>(run: (cb: (error: LibrdKafkaError | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

/** How often `topicPartitions` asks again while the broker does not list the topic. */
const TOPIC_RETRY_MS = 200;

/**
 * The partition ids of `topic`, sorted, as the broker's metadata lists them through `client`; [] when it still does
 * not list the topic after `timeoutMs`. A topic just created can be missing from a broker's metadata for a moment
 * (the controller has committed it, the broker has not applied it yet), and a consumer that subscribes in that moment
 * waits for librdkafka's next metadata refresh, topic.metadata.refresh.interval.ms (5 min by default), before it sees
 * the topic: asking here first also puts the topic in the client's metadata cache.
 */
export async function topicPartitions(
  client: { getMetadata(options: MetadataOptions, cb: (error: LibrdKafkaError, data: Metadata) => unknown): unknown },
  topic: string,
  timeoutMs: number,
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const metadata = await call<Metadata>((cb) => client.getMetadata({ topic, timeout: Math.max(1, deadline - Date.now()) }, cb));
    const partitions = (metadata.topics.find((t) => t.name === topic)?.partitions ?? []).map((p) => p.id).sort((a, b) => a - b);
    if (partitions.length > 0 || Date.now() + TOPIC_RETRY_MS > deadline) return partitions;
    await new Promise((resolve) => setTimeout(resolve, TOPIC_RETRY_MS));
  }
}

/** What a failed call says: its code, name, message and the callback API's flags (correct there, unlike the KafkaJS-style API's). */
export function callFailure(callName: string, error: unknown): CallFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Partial<LibrdKafkaError> & { isTxnRequiresAbort?: boolean };
  const flag: ErrorFlag = e.isFatal ? 'fatal' : e.isTxnRequiresAbort ? 'abortable' : e.isRetriable ? 'retriable' : '-';
  const code = Number(e.code);
  return { call: callName, error: errorName(error), code: Number.isFinite(code) ? code : 0, flag, message: e.message ?? String(error) };
}

/** A failure that means the producer was fenced: its log line is `fenced`, not `failed`. */
export const isFenced = (failure: CallFailure) => FENCED_CODES.has(failure.code);

/** A librdkafka error as a producer's delivery error: its code and name. */
export const deliveryError = (error: { code?: number }): DeliveryError & { code: number } => ({ code: Number(error.code), name: errorName(error) });

/** librdkafka's log event: `message` starts with `[thrd:<thread>]: ` for most lines. */
export interface LogEvent {
  severity: number;
  fac: string;
  message: string;
}

/** A librdkafka log event as a producer's client line. */
export function clientLine({ severity, fac, message }: LogEvent): ProducerLine {
  const match = /^\[thrd:([^\]]*)\]: (.*)$/s.exec(message);
  return { kind: 'client', severity, facility: fac, thread: match ? match[1]! : null, text: match ? match[2]! : message };
}
