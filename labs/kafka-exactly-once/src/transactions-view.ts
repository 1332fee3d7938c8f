// The transactions picture's parts as this track's graders build them from what they already read (see
// @kafka-labs/report's TransactionsView): the dump's batches with their writers and fates, and the reads.
import { txnStrip, type DumpBatch, type DumpLog } from '@kafka-labs/dumplog';
import type { TopicRead } from '@kafka-labs/kafka-client/txn-log';
import type { TxnLogBatch, TxnRead } from '@kafka-labs/report/views';
import { copies, eventIdOf } from './evidence.ts';

/** A process of the run and the output offsets its log says it produced. */
export interface Writer {
  name: string;
  offsets: Iterable<number>;
}

/**
 * The dump's batches for the picture: a data batch's writer is the process whose `produced` offsets it holds (`other`
 * when none), its fate the marker that ends its transaction; a marker is the writer's of the data batches it ends.
 */
export function logBatches(dump: DumpLog, writers: Writer[], other: string): TxnLogBatch[] {
  const owners = writers.map((w) => ({ name: w.name, offsets: new Set(w.offsets) }));
  const writerOf = (b: DumpBatch) => owners.find((w) => b.records.some((r) => w.offsets.has(r.offset)))?.name ?? other;
  return txnStrip(dump, { writerOf, idOf: eventIdOf, unknown: other });
}

/** A reader's records (offset and value) for the picture, with the order ids it returned more than once. */
export function readOf(isolation: TxnRead['isolation'], reader: string, records: { offset: number; value: string | null }[], end: number | null): TxnRead {
  const ids = records.map((r) => ({ offset: r.offset, id: eventIdOf(r.value) }));
  return { isolation, reader, records: ids, end, twice: [...copies(ids.map((r) => r.id))].filter(([, n]) => n > 1).map(([id]) => id) };
}

/** A saved read of partition 0 (the lab's librdkafka reader) for the picture, ending where the read did. */
export const topicRead = (read: TopicRead): TxnRead =>
  readOf(read.isolation, 'librdkafka', read.records, read.ends.find((e) => e.partition === 0)?.offset ?? null);
