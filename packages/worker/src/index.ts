export { WorkerError } from './errors.ts';
export {
  formatWorkerEvent,
  parseWorkerLine,
  parseWorkerLog,
  scanWorkerLog,
  WORKER_NAME,
  type MalformedLine,
  type PartitionOffset,
  type WorkerEvent,
  type WorkerEventBody,
  type WorkerEventKind,
} from './log-format.ts';
export { DEFAULT_BOOTSTRAP, JOIN_SIGNAL, parseWorkerArgs, STRATEGIES, type WorkerOptions } from './options.ts';
export { FILL_CLI, WORKER_CLI } from './paths.ts';
export { formatSpreadResult, produceSpread, spreadValue, type SpreadOptions, type SpreadResult } from './produce-spread.ts';
export { runWorker, type WorkerIo } from './worker.ts';
export { errorName, codes, Kafka, type RebalancingConsumer } from './kafka.ts';
export { formatOffsets, formatPartitions, OFFSETS_PATTERN, parseOffsets, PARTITIONS_PATTERN } from './log-format.ts';
