import type { DumpBatch, DumpRecord } from './parse-dump-log.ts';

/** The batch fields of the compact view, in print order; the timestamp keeps the label the dump used. */
const COMPACT_FIELDS: ReadonlyArray<readonly [label: string | ((batch: DumpBatch) => string), read: (batch: DumpBatch) => unknown]> = [
  ['baseOffset', (b) => b.baseOffset],
  ['lastOffset', (b) => b.lastOffset],
  ['count', (b) => b.count],
  ['producerId', (b) => b.producerId],
  ['producerEpoch', (b) => b.producerEpoch],
  ['baseSequence', (b) => b.baseSequence],
  ['isTransactional', (b) => b.isTransactional],
  ['isControl', (b) => b.isControl],
  [(b) => b.timestampType, (b) => b.createTime],
  ['crc', (b) => b.crc],
];

/** What a record adds to its batch's line: its marker, its payload (newlines as `\n`), `payload: null` for a null value. */
function recordPart(record: DumpRecord): string {
  if (record.endTxnMarker) return ` endTxnMarker: ${record.endTxnMarker}`;
  if (record.valueSize < 0) return ' payload: null';
  if (record.payload === undefined) return '';
  return ` payload: ${record.payload.replace(/\r/g, '\\r').replace(/\n/g, '\\n')}`;
}

/** One line per batch with the fields the idempotence and transactions labs read, then each record's payload or marker. */
export function compactView(batches: readonly DumpBatch[]): string[] {
  return batches.map((batch) => {
    const fields = COMPACT_FIELDS.map(([label, read]) => `${typeof label === 'string' ? label : label(batch)}: ${String(read(batch))}`);
    return fields.join(' ') + batch.records.map(recordPart).join('');
  });
}
