import { readFileSync } from 'node:fs';
import { parseWorkerLog, type WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import { describe, expect, it } from 'vitest';
import { countDuplicates, formatReport } from './count.ts';

/** Logs of real runs of the revoke experiment: 400 messages over 2 partitions, a alone, then b joins. */
const fixture = (run: string, worker: string) =>
  parseWorkerLog(readFileSync(new URL(`../fixtures/${run}/${worker}.log`, import.meta.url), 'utf8'));

describe('countDuplicates', () => {
  it('finds the range the new owner re-processed from the last commit when nothing was committed on revoke', () => {
    const report = countDuplicates({
      'nocommit-a': fixture('revoke-nocommit', 'nocommit-a'),
      'nocommit-b': fixture('revoke-nocommit', 'nocommit-b'),
    });
    expect(report).toEqual({
      processed: 437,
      unique: 400,
      duplicates: 37,
      partitions: {
        0: { ranges: [] },
        1: { ranges: [{ from: 100, to: 136, count: 37, times: 2, by: ['nocommit-a', 'nocommit-b'] }] },
      },
    });
  });

  it('finds no duplicates when the revoke committed what was processed', () => {
    const events = [...fixture('revoke-commit', 'revcommit-a'), ...fixture('revoke-commit', 'revcommit-b')];
    expect(countDuplicates(events)).toMatchObject({ processed: 400, unique: 400, duplicates: 0 });
  });

  it('splits ranges where the offsets, the repeat count or the workers change', () => {
    const at = (worker: string, partition: number, offset: number): WorkerEvent => ({
      kind: 'processed', partition, offset, worker, time: '2026-11-29T23:59:01.123Z',
    });
    const events = [
      ...[0, 1, 2, 3, 4, 5, 7].map((o) => at('a', 0, o)),
      ...[0, 1, 2, 3, 7].map((o) => at('b', 0, o)),
      at('c', 0, 3),
      ...[4, 5].map((o) => at('a', 0, o)),
      at('a', 1, 0),
    ];
    expect(countDuplicates(events).partitions).toEqual({
      0: {
        ranges: [
          { from: 0, to: 2, count: 3, times: 2, by: ['a', 'b'] },
          { from: 3, to: 3, count: 1, times: 3, by: ['a', 'b', 'c'] },
          { from: 4, to: 5, count: 2, times: 2, by: ['a'] },
          { from: 7, to: 7, count: 1, times: 2, by: ['a', 'b'] },
        ],
      },
      1: { ranges: [] },
    });
  });

  it('counts only processed lines', () => {
    const stamp = { worker: 'a', time: '2026-11-29T23:59:01.123Z' };
    const events: WorkerEvent[] = [
      { ...stamp, kind: 'commit', offsets: [{ partition: 0, offset: 1 }] },
      { ...stamp, kind: 'slow', partition: 0, offset: 0, sec: 1 },
      { ...stamp, kind: 'processed', partition: 0, offset: 0 },
    ];
    expect(countDuplicates(events)).toEqual({ processed: 1, unique: 1, duplicates: 0, partitions: { 0: { ranges: [] } } });
  });
});

describe('formatReport', () => {
  it('prints the totals, then one line per re-processed range', () => {
    const report = countDuplicates([...fixture('revoke-nocommit', 'nocommit-a'), ...fixture('revoke-nocommit', 'nocommit-b')]);
    expect(formatReport(report)).toBe(
      'processed 437, unique 400, duplicates 37\n  p1: offset 100..136 (37) processed twice by nocommit-a, nocommit-b',
    );
  });

  it('names a single offset and a repeat count above two', () => {
    const report = {
      processed: 4, unique: 2, duplicates: 2,
      partitions: { 0: { ranges: [{ from: 3, to: 3, count: 1, times: 3, by: ['a', 'b'] }] } },
    };
    expect(formatReport(report)).toBe('processed 4, unique 2, duplicates 2\n  p0: offset 3 (1) processed 3 times by a, b');
  });
});
