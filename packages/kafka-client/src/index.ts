// The Kafka client layer the programs share: librdkafka and kafkajs wrappers, error names, the topic filler, and
// every program's log grammar. The grammars alone (no client loaded) are the subpaths worker-log, txn-log, producer-log.
export * from './worker-log.ts';
export * from './txn-log.ts';
export * from './producer-log.ts';
export {
  call,
  callFailure,
  CLIENT_LOG_LEVEL,
  clientLine,
  codes,
  DEFAULT_BOOTSTRAP,
  deliveryError,
  errorName,
  FENCED_CODES,
  isFenced,
  Kafka,
  type LogEvent,
  type RebalancingConsumer,
  revokeIsLost,
  topicPartitions,
} from './librdkafka.ts';
export { formatSpreadResult, produceSpread, spreadValue, type SpreadOptions, type SpreadResult } from './produce-spread.ts';
