import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tryLockFile } from '@kafka-labs/broker';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { LIVE_RUN_FILE, olderRunNames } from './older-runs.ts';

beforeEach(() => {
  process.env.KAFKA_LABS_RUNS = mkdtempSync(join(tmpdir(), 'runs-'));
});
afterEach(() => {
  delete process.env.KAFKA_LABS_RUNS;
});

const run = (folder: string, names: Record<string, string>) => {
  const dir = join(process.env.KAFKA_LABS_RUNS!, '01-x', folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ names }));
  return dir;
};

test("a run still running (its live file names a live process) keeps its names; a dead one's are older", async () => {
  run('a', { topic: 'orders-a' });
  const live = run('b', { topic: 'orders-b' });
  const held = tryLockFile(join(live, LIVE_RUN_FILE), 'lab 01-x');
  const dead = run('c', { topic: 'orders-c' });
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('close', r));
  writeFileSync(join(dead, LIVE_RUN_FILE), `${child.pid} lab 01-x\n`);
  const current = run('d', { topic: 'orders-d' });
  expect([...olderRunNames('01-x', current)].sort()).toEqual(['orders-a', 'orders-c']);
  if ('release' in held) held.release();
  expect([...olderRunNames('01-x', current)].sort()).toEqual(['orders-a', 'orders-b', 'orders-c']);
});
