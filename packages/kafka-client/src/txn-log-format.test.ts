import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TxnWorkerError } from './errors.ts';
import { formatTxnEvent, parseTxnLine, parseTxnLog, scanTxnLog, type TxnEvent } from './txn-log-format.ts';

/** Logs of real runs: a stable transactional.id fencing a stalled instance, a random one with subscribe(), an inbox sink. */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/txn/${name}.log`, import.meta.url), 'utf8');
const FIXTURES = ['stable-a1', 'stable-a2', 'random-subscribe-a1', 'random-subscribe-a2', 'sink-sync-a1', 'sink-sync-a2'];
const logs = Object.fromEntries(FIXTURES.map((name) => [name, fixture(name)]));
const stamp = { time: '2026-12-01T12:00:00.123Z', worker: 'a1' };

describe('parseTxnLog', () => {
  it('parses every line of real logs', () => {
    for (const [name, text] of Object.entries(logs)) {
      expect(parseTxnLog(text), name).toHaveLength(text.trim().split('\n').length);
    }
  });

  it('reads the lines that tell the fencing story', () => {
    const a1 = parseTxnLog(logs['stable-a1']!);
    expect(a1.find((e) => e.kind === 'started')).toMatchObject({ settings: { commit: 'transaction', consume: 'assign', batch: '5' } });
    expect(a1.find((e) => e.kind === 'paused')).toMatchObject({ after: 'produced:5' });
    expect(a1.find((e) => e.kind === 'fenced')).toMatchObject({
      call: 'sendOffsetsToTransaction',
      error: '_FENCED',
      code: -144,
      flag: 'fatal',
      message: expect.stringContaining('fenced by a newer instance'),
    });
    const a2 = parseTxnLog(logs['stable-a2']!);
    expect(a2.filter((e) => e.kind === 'sent-offsets')).toMatchObject([
      { txn: 1, offsets: [{ partition: 0, offset: 5 }] },
      { txn: 2, offsets: [{ partition: 0, offset: 10 }] },
    ]);
  });

  it('reads group fencing as an abortable UNKNOWN_MEMBER_ID, then the abort and the rewind', () => {
    const a1 = parseTxnLog(logs['random-subscribe-a1']!);
    const from = a1.findIndex((e) => e.kind === 'failed' && e.call === 'sendOffsetsToTransaction');
    expect(a1.slice(from, from + 3)).toMatchObject([
      { kind: 'failed', error: 'UNKNOWN_MEMBER_ID', code: 25, flag: 'abortable' },
      { kind: 'aborted', txn: 1 },
      { kind: 'rewound', offsets: [{ partition: 0, offset: 0 }] },
    ]);
  });

  it('reads what the inbox sink applied and skipped', () => {
    const a2 = parseTxnLog(logs['sink-sync-a2']!);
    expect(a2.filter((e) => e.kind === 'skipped').map((e) => (e as TxnEvent & { id: string }).id)).toEqual(['E-0001', 'E-0002', 'E-0003']);
    expect(a2.filter((e) => e.kind === 'applied')).toHaveLength(7);
  });

  it('formats every parsed line back to the same text', () => {
    for (const line of Object.values(logs).join('').trim().split('\n')) expect(formatTxnEvent(parseTxnLine(line)!)).toBe(line);
  });

  it('formats and reads back the kinds the fixtures lack', () => {
    const events: TxnEvent[] = [
      { ...stamp, kind: 'lost', partitions: [0, 2] },
      { ...stamp, kind: 'auto-committed', offsets: [{ partition: 0, offset: 10 }, { partition: 1, offset: 3 }] },
      { ...stamp, kind: 'committed', txn: 12 },
      { ...stamp, kind: 'failed', call: 'commitSync', error: 'REBALANCE_IN_PROGRESS', code: 27, flag: 'retriable', message: 'Broker: Group rebalance in progress' },
      { ...stamp, kind: 'started', settings: {} },
      { ...stamp, kind: 'unawaited', id: 'E-0004' },
      { ...stamp, kind: 'stale', id: 'E-0005' },
      { ...stamp, kind: 'duplicate', id: 'E-0006' },
    ];
    for (const event of events) expect(parseTxnLine(formatTxnEvent(event))).toEqual(event);
    expect(formatTxnEvent({ ...stamp, kind: 'client', text: 'a\n  b' })).toBe(`${stamp.time} a1 client: a b`);
  });

  it('names the first line that is not a txn-worker line', () => {
    const text = `${logs['stable-a1']}Segmentation fault\n${stamp.time} a1 committed transaction x\n`;
    expect(() => parseTxnLog(text)).toThrow(TxnWorkerError);
    expect(() => parseTxnLog(text)).toThrow(`line ${logs['stable-a1']!.split('\n').length} is not a txn-worker log line: "Segmentation fault" (and 1 more)`);
    expect(scanTxnLog(text).malformed).toHaveLength(2);
  });
});
