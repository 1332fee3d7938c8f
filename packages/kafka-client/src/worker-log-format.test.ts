import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WorkerError } from './errors.ts';
import { formatWorkerEvent, parseWorkerLine, parseWorkerLog, scanWorkerLog } from './worker-log-format.ts';

/** Logs of a real run of the max-poll experiment (a slow at offset 3 for 9 s, max.poll.interval.ms 6000). */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/maxpoll/${name}`, import.meta.url), 'utf8');
const a = fixture('a.log');
const b = fixture('b.log');

describe('parseWorkerLog', () => {
  it('parses every line of real worker logs, covering every event kind but ready', () => {
    const events = [...parseWorkerLog(a), ...parseWorkerLog(b)];
    expect(events).toHaveLength(a.trim().split('\n').length + b.trim().split('\n').length);
    expect(new Set(events.map((e) => e.kind))).toEqual(
      new Set(['started', 'assigned', 'revoked', 'lost', 'slow', 'processed', 'commit', 'commit-failed', 'poll-error', 'client', 'stopping', 'stopped']),
    );
  });

  it('reads the fields of the lines that tell the max-poll story', () => {
    const events = parseWorkerLog(a);
    expect(events.filter((e) => ['slow', 'commit-failed', 'poll-error', 'lost'].includes(e.kind))).toEqual([
      { kind: 'slow', partition: 0, offset: 3, sec: 9, time: '2026-11-29T23:52:38.123Z', worker: 'a' },
      { kind: 'commit-failed', error: 'UNKNOWN_MEMBER_ID', offsets: [{ partition: 0, offset: 4 }], time: '2026-11-29T23:52:47.130Z', worker: 'a' },
      { kind: 'poll-error', error: '_MAX_POLL_EXCEEDED', time: '2026-11-29T23:52:47.130Z', worker: 'a' },
      { kind: 'lost', partitions: [0], time: '2026-11-29T23:52:47.232Z', worker: 'a' },
    ]);
    expect(events.find((e) => e.kind === 'client')).toMatchObject({
      text: expect.stringMatching(/^MAXPOLL \[thrd:main\]: Application maximum poll interval \(6000ms\) exceeded by \d+ms/),
    });
    expect(parseWorkerLog(b).find((e) => e.kind === 'assigned')).toMatchObject({ worker: 'b', partitions: [] });
  });

  it('formats every parsed line back to the same text', () => {
    for (const line of `${a}${b}`.trim().split('\n')) {
      expect(formatWorkerEvent(parseWorkerLine(line)!)).toBe(line);
    }
  });

  it('formats several partitions in one list and one commit line', () => {
    const stamp = { time: '2026-11-29T23:59:01.123Z', worker: 'a' };
    expect(formatWorkerEvent({ ...stamp, kind: 'revoked', partitions: [0, 1] })).toBe(`${stamp.time} a revoked [p0,p1]`);
    expect(parseWorkerLine(`${stamp.time} a ready`)).toEqual({ ...stamp, kind: 'ready' });
    expect(formatWorkerEvent({ ...stamp, kind: 'commit', offsets: [{ partition: 0, offset: 100 }, { partition: 1, offset: 490 }] })).toBe(
      `${stamp.time} a commit p0=100 p1=490`,
    );
  });

  it('writes and reads the failure modes: a failed record, and one committed past', () => {
    const stamp = { time: '2026-11-29T23:59:01.123Z', worker: 'a' };
    expect(formatWorkerEvent({ ...stamp, kind: 'failed', partition: 0, offset: 3 })).toBe(`${stamp.time} a failed p0 offset 3`);
    expect(parseWorkerLine(`${stamp.time} a skipped p1 offset 7`)).toEqual({ ...stamp, kind: 'skipped', partition: 1, offset: 7 });
  });

  it('names the first line that is not a worker log line', () => {
    const text = `${a}garbage\n2026-11-29T23:53:05.000Z a processed p0 off\n`;
    expect(() => parseWorkerLog(text)).toThrow(WorkerError);
    expect(() => parseWorkerLog(text)).toThrow(`line ${a.split('\n').length} is not a worker log line: "garbage" (and 1 more)`);
  });
});

describe('scanWorkerLog', () => {
  it('keeps the good lines and reports the malformed ones with their line numbers', () => {
    const lines = a.trim().split('\n');
    const text = [lines[0], 'Traceback (most recent call last):', lines[1], '', '2026-11-29T23:52:26Z a started', lines[2]].join('\n');
    const { events, malformed } = scanWorkerLog(text);
    expect(events.map((e) => e.kind)).toEqual(['started', 'assigned', 'revoked']);
    expect(malformed).toEqual([
      { line: 2, text: 'Traceback (most recent call last):' },
      { line: 5, text: '2026-11-29T23:52:26Z a started' },
    ]);
  });
});
