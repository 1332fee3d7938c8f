// What a grader imports (types only) to return a view for the report: `checks.view({ kind: ..., ... } satisfies XView)`.
export type { ReportView } from './index.ts';
export type { BatchBar, BatchesView } from './batches.ts';
export type { ClusterView, NodeAction, ReplicaState } from './cluster.ts';
export type { ConsumerGroupView } from './consumer-group.ts';
export type { GroupWorker } from './consumer-group-model.ts';
export type { DumpBatchesView } from './dump-batches.ts';
export type { PartitionRecord, PartitionRecordsView } from './partition-records.ts';
export type { PartitionsView } from './partitions.ts';
export type { SequenceView } from './sequence.ts';
export type { ProducerLines } from './sequence-model.ts';
export type { SinkMark, SinkView, SinkWorker } from './sink.ts';
export type { ExerciseStep, StepsView } from './steps.ts';
export type { TransactionsView, TxnFate, TxnInstance, TxnLogBatch, TxnRead, TxnStall, TxnStrip } from './transactions.ts';
export type { VersionCell, VersionsView } from './versions.ts';
