export * from './log.ts';
export { DEFAULT_BOOTSTRAP, JOIN_SIGNAL, parseWorkerArgs, STRATEGIES, type WorkerOptions } from './options.ts';
export { FILL_CLI, WORKER_CLI } from './paths.ts';
export { formatSpreadResult, produceSpread, spreadValue, type SpreadOptions, type SpreadResult } from './produce-spread.ts';
export { runWorker, type WorkerIo } from './worker.ts';
export { errorName, codes, Kafka, type RebalancingConsumer } from './kafka.ts';
