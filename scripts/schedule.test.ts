import { describe, expect, test } from 'vitest';
import { nextRun, scheduleRuns, type SchedLab } from './schedule.ts';

const lab = (id: string, extra: Partial<SchedLab> = {}): SchedLab => ({ id, brokers: 1, ...extra });
const FAST = { 'group.consumer.session.timeout.ms': '6000' };
const shape = (labs: SchedLab[], repeat: number, parallel: number) =>
  scheduleRuns(labs, repeat, parallel).map((b) => ({ key: b.key, width: b.width, runs: b.runs.map((r) => `${r.lab.id}#${r.run}`) }));

describe('the --parallel schedule', () => {
  test('groups runs by the broker they need, in the order of each group first lab, so the broker restarts once per group', () => {
    const labs = [lab('a'), lab('b', { brokers: 3 }), lab('c'), lab('d', { brokerConfig: FAST }), lab('e', { brokers: 3 })];
    expect(shape(labs, 1, 2)).toEqual([
      { key: '1', width: 2, runs: ['a#1', 'c#1'] },
      { key: '3', width: 2, runs: ['b#1', 'e#1'] },
      { key: `1 ${JSON.stringify(FAST)}`, width: 2, runs: ['d#1'] },
    ]);
  });

  test('labs that cannot share run one at a time after the shared ones of their broker', () => {
    const labs = [lab('a', { alone: 'its proxy listens on the fixed port 9532' }), lab('b'), lab('c', { brokers: 3, alone: 'stops broker nodes' }), lab('d', { brokers: 3, alone: 'stops broker nodes' })];
    expect(shape(labs, 1, 3)).toEqual([
      { key: '1', width: 3, runs: ['b#1'] },
      { key: '1', width: 1, runs: ['a#1'] },
      { key: '3', width: 1, runs: ['c#1', 'd#1'] },
    ]);
  });

  test('repeats are queued round by round, and overrides are one key whatever their order', () => {
    const labs = [lab('a', { brokerConfig: { x: '1', y: '2' } }), lab('b', { brokerConfig: { y: '2', x: '1' } })];
    expect(shape(labs, 3, 2)).toEqual([{ key: '1 {"x":"1","y":"2"}', width: 2, runs: ['a#1', 'b#1', 'a#2', 'b#2', 'a#3', 'b#3'] }]);
  });

  test('the next run is the first whose lab is not running: two runs of one lab never overlap', () => {
    const [batch] = scheduleRuns([lab('a'), lab('b')], 2, 2);
    expect(nextRun(batch!.runs, new Set())).toBe(0);
    expect(nextRun(batch!.runs, new Set(['a']))).toBe(1);
    const onlyA = batch!.runs.filter((r) => r.lab.id === 'a');
    expect(nextRun(onlyA, new Set(['a']))).toBe(-1);
  });
});
