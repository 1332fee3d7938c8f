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
export { produceOrders } from './produce-orders.ts';
export { ORDERS_CLI, TXN_PRODUCER_CLI, TXN_WORKER_CLI } from './paths.ts';
export { OUTCOMES, parseTxnProducerArgs, runTxnProducer, type Outcome, type TxnProducerOptions } from './txn-producer.ts';
export { readTopic, type ReadOptions } from './read-topic.ts';
export { runTxnWorker, type TxnWorkerIo, type TxnWorkerOutcome } from './worker.ts';
