import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDumpLog } from './parse-dump-log.ts';
import { dataBatches, recordsWithPayload, txnOutcome } from './select.ts';

const fixture = (name: string) => parseDumpLog(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('dataBatches', () => {
  it('leaves out the control batches of transaction markers', () => {
    expect(dataBatches(fixture('transactions.txt')).map((batch) => batch.baseOffset)).toEqual([0, 4]);
  });
});

describe('recordsWithPayload', () => {
  it('finds the records with exactly that payload, aborted ones included', () => {
    const dump = fixture('transactions.txt');
    expect(recordsWithPayload(dump, 'rolled back').map((record) => record.offset)).toEqual([4]);
    expect(recordsWithPayload(dump, 'debit 100')).toEqual([]);
    expect(recordsWithPayload(fixture('idempotent.txt'), 'E-42').map((record) => record.offset)).toEqual([1]);
  });
});

describe('txnOutcome', () => {
  it('finds COMMIT and ABORT for a librdkafka producer whose markers keep the epoch', () => {
    const dump = fixture('transactions.txt');
    expect(dataBatches(dump).map((batch) => txnOutcome(dump, batch))).toEqual(['COMMIT', 'ABORT']);
  });

  it('finds COMMIT and ABORT for a Java producer whose markers carry the bumped epoch', () => {
    const dump = fixture('transactions-java.txt');
    expect(dataBatches(dump).map((batch) => txnOutcome(dump, batch))).toEqual(['COMMIT', 'ABORT']);
  });

  it('is null for a non-transactional batch, an open transaction and a dump without records', () => {
    const idempotent = fixture('idempotent.txt');
    expect(txnOutcome(idempotent, idempotent.batches[0]!)).toBeNull();
    const transactions = fixture('transactions.txt');
    const open = { ...transactions, batches: transactions.batches.slice(0, 1) };
    expect(txnOutcome(open, open.batches[0]!)).toBeNull();
    const noData = fixture('transactions-no-data.txt');
    expect(txnOutcome(noData, noData.batches[0]!)).toBeNull();
  });
});
