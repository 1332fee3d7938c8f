import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readRunFile } from '@kafka-labs/grader';
import { parseWorkerLog } from '@kafka-labs/kafka-client/worker-log';
import { duplicateLabel, groupModel } from './consumer-group-model.ts';

// The logs of a real 02-maxpoll run: a works 15 s on offset 3, leaves the group, b takes p0 and redoes offset 3.
const MAXPOLL = fileURLToPath(new URL('../fixtures/02-maxpoll/', import.meta.url));

const readWorkers = (workers: string[]) =>
  Promise.all(workers.map(async (worker) => ({ worker, events: parseWorkerLog(await readRunFile(MAXPOLL, `${worker}.log`)) })));

describe('groupModel', () => {
  test('the offset both workers processed is one duplicate, labelled like the graders write ranges', async () => {
    const model = groupModel('slow', await readWorkers(['slow-a', 'slow-b']));
    expect(model.duplicates.map((d) => [d.label, d.by])).toEqual([['p0 3 processed twice', ['slow-a', 'slow-b']]]);
    const d = model.duplicates[0]!;
    expect(d.start).toBeLessThan(d.end);
  });

  test('a loses p0 after leaving the group and b owns it from its assignment on', async () => {
    const model = groupModel('slow', await readWorkers(['slow-a', 'slow-b']));
    const [a, b] = model.lanes;
    expect(a!.ownership.map((o) => o.end)).toEqual(['revoked', 'lost', 'revoked']);
    expect(a!.marks.filter((m) => m.bad).map((m) => m.kind)).toEqual(['left', 'commit-failed', 'poll-error', 'lost']);
    expect(a!.slow).toHaveLength(1);
    expect(a!.slow[0]!.to - a!.slow[0]!.from).toBeGreaterThan(10_000);
    expect(b!.ownership.filter((o) => o.partition === 0 && o.to - o.from > 1000)).toHaveLength(1);
  });

  test('the committed offset only moves forward and the focus is around the duplicate', async () => {
    const model = groupModel('slow', await readWorkers(['slow-a', 'slow-b']));
    const offsets = model.committed.get(0)!.map((c) => c.offset);
    expect(offsets).toEqual([...offsets].sort((x, y) => x - y));
    expect(model.focus!.from).toBeLessThanOrEqual(model.duplicates[0]!.start);
    expect(model.focus!.to).toBeGreaterThanOrEqual(model.duplicates[0]!.end);
  });
});

test('duplicateLabel writes a range as from..to and says how often', () => {
  expect(duplicateLabel({ partition: 1, from: 300, to: 349, times: 2 })).toBe('p1 300..349 processed twice');
  expect(duplicateLabel({ partition: 0, from: 7, to: 9, times: 3 })).toBe('p0 7..9 processed 3 times');
});

test('in Korean the same range reads in Korean, the range itself as the figures write it', async () => {
  expect(duplicateLabel({ partition: 1, from: 300, to: 349, times: 2 }, 'ko')).toBe('p1 300..349 두 번 처리됨');
  const model = groupModel('slow', await readWorkers(['slow-a', 'slow-b']), 'ko');
  expect(model.duplicates.map((d) => d.label)).toEqual(['p0 3 두 번 처리됨']);
  expect(model.lanes[0]!.marks.find((m) => m.kind === 'left')?.label).toBe('max.poll.interval.ms 초과: 그룹을 떠남');
});
