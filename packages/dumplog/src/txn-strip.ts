import type { DumpBatch, DumpLog } from './parse-dump-log.ts';
import { txnOutcome } from './select.ts';

/** How a data batch's transaction ended in the log: a COMMIT or ABORT marker after it, none yet, or no transaction at all. */
export type TxnFate = 'committed' | 'aborted' | 'open' | 'plain';

/** One record batch of the partition, as kafka-dump-log shows it, with who wrote it and how its transaction ended. */
export interface TxnLogBatch {
  baseOffset: number;
  lastOffset: number;
  /** The run's process that wrote it ('producer', 'a1', 'w2'; for a marker, the producer whose transaction it ends). */
  writer: string;
  epoch: number;
  /** A control batch's marker; null for data. */
  marker: 'COMMIT' | 'ABORT' | null;
  /** Data: its transaction's fate; a marker: the fate it decides. */
  fate: TxnFate;
  /** The order ids of a data batch's records, by offset. */
  ids: string[];
}

/** How `txnStrip` names a batch's writer and a record's id. */
export interface TxnStripNames {
  /** The process that wrote a data batch. */
  writerOf: (batch: DumpBatch) => string;
  /** A record's id from its payload (default: the payload itself, '' for none). */
  idOf?: (payload: string | null) => string;
  /** The writer of a marker no data batch of its producer id came before. */
  unknown: string;
}

/**
 * A dump's batches as the transactions picture draws them: each data batch under the writer `writerOf` names, with its
 * transaction's fate (the marker that ends it, `txnOutcome`) and its records' ids; a marker under the writer of the
 * data batches it ends (the same producer id).
 */
export function txnStrip(dump: DumpLog, { writerOf, idOf = (payload) => payload ?? '', unknown }: TxnStripNames): TxnLogBatch[] {
  const byProducer = new Map<number, string>();
  return dump.batches.map((b): TxnLogBatch => {
    const base = { baseOffset: b.baseOffset, lastOffset: b.lastOffset, epoch: b.producerEpoch };
    if (b.isControl) {
      const marker = b.records[0]?.endTxnMarker ?? 'ABORT';
      return { ...base, writer: byProducer.get(b.producerId) ?? unknown, marker, fate: marker === 'COMMIT' ? 'committed' : 'aborted', ids: [] };
    }
    const writer = writerOf(b);
    byProducer.set(b.producerId, writer);
    const outcome = txnOutcome(dump, b);
    const fate = !b.isTransactional ? 'plain' : outcome === 'COMMIT' ? 'committed' : outcome === 'ABORT' ? 'aborted' : 'open';
    return { ...base, writer, marker: null, fate, ids: b.records.map((r) => idOf(r.payload ?? null)) };
  });
}
