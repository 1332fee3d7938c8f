import { scanWorkerLog } from '@kafka-labs/kafka-client/worker-log';
import { expect, test } from 'vitest';
import { groupModel } from './consumer-group-model.ts';
import { rebalanceSvg } from './consumer-group-svg.ts';

/** A worker log from `[second, line]` pairs, as the worker writes it. */
const log = (worker: string, lines: [number, string][]) => {
  const text = lines.map(([s, line]) => `${new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString()} ${worker} ${line}`).join('\n');
  return { file: `${worker}.log`, worker, ...scanWorkerLog(text) };
};

test('a partition with nothing in view up close is drawn at its committed offset, without NaN', () => {
  const a = log('g-a', [
    [0, 'started'],
    [1, 'assigned [p0,p1]'],
    ...[0, 1, 2].map((o): [number, string] => [2 + o, `processed p0 offset ${o}`]),
    [5, 'commit p0=3'],
    ...[0, 1, 2, 3].map((o): [number, string] => [20 + o, `processed p1 offset ${o}`]),
    [24, 'revoked [p0,p1]'],
    [25, 'assigned [p0]'],
    [40, 'stopped'],
  ]);
  const b = log('g-b', [
    [10, 'started'],
    [25, 'assigned [p1]'],
    ...[4, 5, 6].map((o): [number, string] => [26 + o, `processed p1 offset ${o}`]),
    [40, 'stopped'],
  ]);
  const model = groupModel('g', [a, b]);
  expect(model.focus).not.toBeNull();
  const svg = rebalanceSvg(model, 'focus').text;
  expect(svg).not.toContain('NaN');
  expect(svg).toContain('committed 3');
});
