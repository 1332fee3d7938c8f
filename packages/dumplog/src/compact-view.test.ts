import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compactView } from './compact-view.ts';
import { parseDumpLog } from './parse-dump-log.ts';

const fixture = (name: string) => parseDumpLog(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('compactView', () => {
  it('prints the batch of a non-idempotent producer with -1 ids and its payloads', () => {
    expect(compactView(fixture('non-idempotent.txt').batches)).toEqual([
      'baseOffset: 0 lastOffset: 1 count: 2 producerId: -1 producerEpoch: -1 baseSequence: -1 isTransactional: false isControl: false CreateTime: 1795995873334 crc: 837503673 payload: E-41 payload: E-42',
    ]);
  });

  it('prints transaction markers, a null value as payload: null and payloads with spaces as they are', () => {
    expect(compactView(fixture('transactions.txt').batches)).toEqual([
      'baseOffset: 0 lastOffset: 2 count: 3 producerId: 3 producerEpoch: 0 baseSequence: 0 isTransactional: true isControl: false CreateTime: 1795995942206 crc: 783495230 payload: debit 100 won payload: credit 100 won payload: null',
      'baseOffset: 3 lastOffset: 3 count: 1 producerId: 3 producerEpoch: 0 baseSequence: -1 isTransactional: true isControl: true CreateTime: 1795995942361 crc: 622587925 endTxnMarker: COMMIT',
      'baseOffset: 4 lastOffset: 4 count: 1 producerId: 3 producerEpoch: 0 baseSequence: 3 isTransactional: true isControl: false CreateTime: 1795995942346 crc: 36737994 payload: rolled back',
      'baseOffset: 5 lastOffset: 5 count: 1 producerId: 3 producerEpoch: 0 baseSequence: -1 isTransactional: true isControl: true CreateTime: 1795995942456 crc: 2510033117 endTxnMarker: ABORT',
    ]);
  });

  it('keeps one line per batch when a value holds newlines', () => {
    expect(compactView(fixture('multiline.txt').batches)).toEqual([
      'baseOffset: 0 lastOffset: 1 count: 2 producerId: -1 producerEpoch: -1 baseSequence: -1 isTransactional: false isControl: false CreateTime: 1795996054967 crc: 3958981035 payload: line one\\nline two\\n payload: after',
    ]);
  });

  it('prints batches without payloads for a dump made without --print-data-log', () => {
    expect(compactView(fixture('transactions-no-data.txt').batches)[0]).toBe(
      'baseOffset: 0 lastOffset: 2 count: 3 producerId: 3 producerEpoch: 0 baseSequence: 0 isTransactional: true isControl: false CreateTime: 1795995942206 crc: 783495230',
    );
  });
});
