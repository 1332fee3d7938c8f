// The kinds of picture a report draws, each from a typed view a grader returned (see View in @kafka-labs/grader):
// one file per kind with its view type and its drawer; this table is the only place that lists them.
import type { View } from '@kafka-labs/grader';
import type { Lang } from '@kafka-labs/i18n';
import type { Section } from '../page.ts';
import { drawBatches, type BatchesView } from './batches.ts';
import { drawCluster, type ClusterView } from './cluster.ts';
import { drawConsumerGroup, type ConsumerGroupView } from './consumer-group.ts';
import { drawDumpBatches, type DumpBatchesView } from './dump-batches.ts';
import { drawPartitionRecords, type PartitionRecordsView } from './partition-records.ts';
import { drawPartitions, type PartitionsView } from './partitions.ts';
import { drawSequence, type SequenceView } from './sequence.ts';
import { drawSink, type SinkView } from './sink.ts';
import { drawSteps, type StepsView } from './steps.ts';
import { drawTransactions, type TransactionsView } from './transactions.ts';
import { drawVersions, type VersionsView } from './versions.ts';

/** Every view a report can draw. */
export type ReportView =
  | BatchesView
  | ClusterView
  | ConsumerGroupView
  | DumpBatchesView
  | PartitionRecordsView
  | PartitionsView
  | SequenceView
  | SinkView
  | StepsView
  | TransactionsView
  | VersionsView;

type Drawers = { [K in ReportView['kind']]: (view: Extract<ReportView, { kind: K }>, lang: Lang) => Section[] };

const DRAWERS: Drawers = {
  batches: drawBatches,
  cluster: drawCluster,
  'consumer-group': drawConsumerGroup,
  'dump-batches': drawDumpBatches,
  'partition-records': drawPartitionRecords,
  partitions: drawPartitions,
  sequence: drawSequence,
  sink: drawSink,
  steps: drawSteps,
  transactions: drawTransactions,
  versions: drawVersions,
};

const isKnown = (view: View): view is ReportView => Object.hasOwn(DRAWERS, view.kind);

/** The sections of the views, in order; a view of a kind no drawer knows is a defect of its grader (thrown). */
export function drawViews(views: readonly View[], lang: Lang): Section[] {
  return views.flatMap((view) => {
    if (!isKnown(view)) throw new Error(`no picture is drawn for views of kind "${view.kind}"`);
    return (DRAWERS[view.kind] as (view: ReportView, lang: Lang) => Section[])(view, lang);
  });
}
