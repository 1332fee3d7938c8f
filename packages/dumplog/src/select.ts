import type { DumpBatch, DumpLog, DumpRecord, EndTxnMarker } from './parse-dump-log.ts';

/** The batches that carry data, in log order; control batches (transaction markers) are left out. */
export function dataBatches(dump: DumpLog): DumpBatch[] {
  return dump.batches.filter((batch) => !batch.isControl);
}

/** Every data record whose payload equals `payload`, in log order; records of aborted transactions included. */
export function recordsWithPayload(dump: DumpLog, payload: string): DumpRecord[] {
  return dataBatches(dump).flatMap((batch) => batch.records.filter((record) => record.payload === payload));
}

/**
 * The marker that ends a transactional batch's transaction: that of the first later control batch of the same
 * producerId, whatever its epoch (with transactions v2 the marker carries the bumped epoch); null for a batch
 * that is not a transactional data batch of this dump, an open transaction, or a dump without --print-data-log.
 */
export function txnOutcome(dump: DumpLog, batch: DumpBatch): EndTxnMarker | null {
  const index = dump.batches.indexOf(batch);
  if (index === -1 || !batch.isTransactional || batch.isControl) return null;
  const after = dump.batches.slice(index + 1);
  const marker = after.find((b) => b.isControl && b.producerId === batch.producerId);
  return marker?.records[0]?.endTxnMarker ?? null;
}
