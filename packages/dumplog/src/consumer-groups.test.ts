import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parseGroupOffsets, parseGroupTable } from './consumer-groups.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

test('reads the committed and log-end offset of each partition of a group from kafka-consumer-groups --describe', () => {
  const offsets = parseGroupOffsets(fixture('group-offsets.txt'), 'nocommit-mx4iw1s0', 'pay-mx4iw1s0');
  expect([...offsets.values()]).toEqual([
    { partition: 0, committed: 500, logEnd: 500 },
    { partition: 1, committed: 500, logEnd: 500 },
  ]);
});

test('a partition without a committed offset has committed null; rows of another group or topic are left out', () => {
  const text = fixture('group-offsets.txt').replace(/(nocommit-mx4iw1s0 pay-mx4iw1s0 +1 +)500/, '$1-  ');
  expect(parseGroupOffsets(text, 'nocommit-mx4iw1s0', 'pay-mx4iw1s0').get(1)).toEqual({ partition: 1, committed: null, logEnd: 500 });
  expect(parseGroupOffsets(text, 'other', 'pay-mx4iw1s0').size).toBe(0);
  expect(parseGroupOffsets(text, 'nocommit-mx4iw1s0', 'other').size).toBe(0);
});

test('reads the member table of --describe --members by its own headers', () => {
  const rows = parseGroupTable(fixture('group-members.txt'), 'static-mx4iymee');
  expect(rows.map((r) => [r['CLIENT-ID'], r['GROUP-INSTANCE-ID']])).toEqual([
    ['static-a', 'static-a'],
    ['static-b', 'static-b'],
  ]);
});
