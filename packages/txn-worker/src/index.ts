export { TxnWorkerError } from './errors.ts';
export {
  ERROR_FLAGS,
  formatTxnEvent,
  parseTxnLine,
  parseTxnLog,
  scanTxnLog,
  type CallFailure,
  type ErrorFlag,
  type TxnEvent,
  type TxnEventBody,
  type TxnEventKind,
  type TxnEventOf,
} from './log-format.ts';
export {
  COMMIT_MODES,
  FATAL_EXIT_CODE,
  PAUSE_POINTS,
  parseTxnWorkerArgs,
  RESUME_SIGNAL,
  SINKS,
  TRANSACTIONAL_MODES,
  type CommitMode,
  type PausePoint,
  type PauseSpec,
  type Sink,
  type TxnWorkerOptions,
} from './options.ts';
export { enrichedValue, orderEvent, orderMessage, parseOrder, produceOrders } from './orders.ts';
export { ORDERS_CLI, TXN_PRODUCER_CLI, TXN_WORKER_CLI } from './paths.ts';
export { OUTCOMES, parseTxnProducerArgs, runTxnProducer, type Outcome, type TxnProducerOptions } from './txn-producer.ts';
export { formatRead, parseRead, READ_LIMIT } from './read-format.ts';
export { ISOLATION_LEVELS, readTopic, type IsolationLevel, type ReadOptions, type TopicRead, type TopicRecord } from './read-topic.ts';
export { callFailure } from './client.ts';
export { runTxnWorker, type TxnWorkerIo, type TxnWorkerOutcome } from './worker.ts';
export { readTxnLog } from './run-files.ts';
