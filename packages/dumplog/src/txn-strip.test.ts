import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDumpLog } from './parse-dump-log.ts';
import { txnStrip } from './txn-strip.ts';

const fixture = (name: string) => parseDumpLog(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('txnStrip', () => {
  it('gives each data batch its writer and fate, and each marker the writer of the transaction it ends', () => {
    const strip = txnStrip(fixture('transactions.txt'), { writerOf: (b) => (b.baseOffset === 0 ? 'p1' : 'p2'), unknown: '?' });
    expect(strip).toEqual([
      { baseOffset: 0, lastOffset: 2, epoch: 0, writer: 'p1', marker: null, fate: 'committed', ids: ['debit 100 won', 'credit 100 won', ''] },
      { baseOffset: 3, lastOffset: 3, epoch: 0, writer: 'p1', marker: 'COMMIT', fate: 'committed', ids: [] },
      { baseOffset: 4, lastOffset: 4, epoch: 0, writer: 'p2', marker: null, fate: 'aborted', ids: ['rolled back'] },
      { baseOffset: 5, lastOffset: 5, epoch: 0, writer: 'p2', marker: 'ABORT', fate: 'aborted', ids: [] },
    ]);
  });

  it('names a record by idOf, a plain batch plain, and a marker with no data batch before it unknown', () => {
    const dump = fixture('transactions.txt');
    const markersOnly = { ...dump, batches: dump.batches.filter((b) => b.isControl) };
    expect(txnStrip(markersOnly, { writerOf: () => 'p', unknown: 'someone' }).map((b) => b.writer)).toEqual(['someone', 'someone']);
    const plain = txnStrip(fixture('non-idempotent.txt'), { writerOf: () => 'p', idOf: (payload) => `<${payload}>`, unknown: '?' });
    expect(plain.every((b) => b.fate === 'plain' && b.marker === null)).toBe(true);
    expect(plain[0]!.ids[0]).toMatch(/^<.*>$/);
  });
});
