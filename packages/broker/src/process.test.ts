import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { isAlive, processStartTime } from './process.ts';

test('a child that exited but is not reaped yet (a zombie) is not alive', () => {
  const child = spawn('sh', ['-c', 'exit 0'], { stdio: 'ignore' });
  // Blocking the event loop keeps node from reaping it, as a parent blocked in execFileSync does.
  const state = () => readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]![0];
  for (let i = 0; i < 100 && state() !== 'Z'; i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  expect(state()).toBe('Z');
  expect(isAlive(child.pid!)).toBe(false);
  expect(isAlive(process.pid)).toBe(true);
});

test("a process's start time is stable and tells it from another process", () => {
  expect(processStartTime(process.pid)).toMatch(/^\d+$/);
  expect(processStartTime(process.pid)).toBe(processStartTime(process.pid));
  expect(processStartTime(1)).not.toBe(processStartTime(process.pid));
  expect(processStartTime(2147483646)).toBeNull();
});
