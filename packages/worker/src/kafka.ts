import Kafka, { type Assignment, type KafkaConsumer } from '@confluentinc/kafka-javascript';

export { Kafka };

/** The librdkafka error codes the worker reacts to (`Kafka.CODES.ERRORS`). */
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
  /** Inside a revoke: true when the partitions were lost (session or max.poll.interval expired), not handed over. */
  assignmentLost(): boolean;
  incrementalAssign(assignments: Assignment[]): this;
  incrementalUnassign(assignments: Assignment[]): this;
}
