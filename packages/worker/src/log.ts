// What a worker's log says, without the client: its event lines, parsed and formatted. Graders and the report
// read logs with these, and load no Kafka client for it.
export { WorkerError } from './errors.ts';
export {
  formatOffsets,
  formatPartitions,
  formatWorkerEvent,
  OFFSETS_PATTERN,
  parseOffsets,
  PARTITIONS_PATTERN,
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
