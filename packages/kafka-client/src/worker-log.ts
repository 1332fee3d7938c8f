// What a rebalance worker's log says, without the client: its event lines, parsed and formatted. Graders and the
// report read logs with these, and load no Kafka client for it.
export { WorkerError } from './errors.ts';
export { formatOffsets, formatPartitions, OFFSETS_PATTERN, parseOffsets, PARTITIONS_PATTERN, type PartitionOffset } from './offsets.ts';
export {
  formatWorkerEvent,
  parseWorkerLine,
  parseWorkerLog,
  scanWorkerLog,
  WORKER_NAME,
  type MalformedLine,
  type WorkerEvent,
  type WorkerEventBody,
  type WorkerEventKind,
} from './worker-log-format.ts';
