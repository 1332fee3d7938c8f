import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { cleanRuns } from './clean.ts';

test('removes unfinished runs and all finished ones but latest and the N newest, and leaves a running one', () => {
  const root = mkdtempSync(join(tmpdir(), 'clean-'));
  const lab = join(root, '00-hello');
  const run = (stamp: string, files: Record<string, object>) => {
    mkdirSync(join(lab, stamp), { recursive: true });
    for (const [file, data] of Object.entries(files)) writeFileSync(join(lab, stamp, file), JSON.stringify(data));
    return join(lab, stamp);
  };
  for (const day of ['01', '02', '03', '04', '05']) run(`202601${day}T000000Z`, { 'run.json': {}, 'result.json': { verdict: 'pass' } });
  run('20260106T000000Z', { 'run.json': { failure: 'interrupted by SIGINT' } });
  run('20260107T000000Z', { 'run.json': {}, 'result.json': { verdict: 'unknown' } });
  run('20260108T000000Z', {});
  const running = run('20260109T000000Z', {});
  symlinkSync('20260101T000000Z', join(lab, 'latest'));

  const removed = cleanRuns(root, 2, [`\0PATH=/bin\0KAFKA_LABS_RUN_DIR=${running}\0`]);
  expect(removed).toEqual({ unfinished: 3, old: 2 });
  expect(readdirSync(lab).sort()).toEqual(['20260101T000000Z', '20260104T000000Z', '20260105T000000Z', '20260109T000000Z', 'latest']);
});

test('a runs/ folder that does not exist has nothing to clean', () => {
  expect(cleanRuns(join(tmpdir(), 'no-such-runs'), 5, [])).toEqual({ unfinished: 0, old: 0 });
});
