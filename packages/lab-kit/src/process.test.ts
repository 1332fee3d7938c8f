import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { $ } from 'zx';
import { ChildError, describeFailure, interruptChildren, runningCount, spawnChild, stopAllChildren, trackProcess } from './process.ts';

const dir = mkdtempSync(join(tmpdir(), 'lab-kit-process-'));
const node = (name: string, code: string) => spawnChild(name, [process.execPath, '-e', code], { logFile: join(dir, `${name}.log`) });
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves once `pid` is gone (a killed orphan lingers until init reaps it), or with false after 10 s. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  return !isAlive(pid);
}

describe('a lab child on zx', () => {
  test('keeps its lines, writes them to its log and resolves a wait on a line already printed', async () => {
    const child = node('echo', 'console.log("ready 1"); console.error("warn 2")');
    expect(await child.exited).toBe(0);
    expect(await child.waitForLine(/^ready/)).toBe('ready 1');
    expect(child.lines.sort()).toEqual(['ready 1', 'warn 2']);
    expect(readFileSync(join(dir, 'echo.log'), 'utf8').split('\n').sort()).toEqual(['', 'ready 1', 'warn 2']);
  });

  test('a child that exits early rejects the wait, naming its exit code, and again at once for a later wait', async () => {
    const child = node('early', 'console.log("starting"); process.exit(3)');
    await expect(child.waitForLine(/^ready$/, { timeoutMs: 60_000 })).rejects.toThrow('early exited with code 3 before printing a line matching /^ready$/: starting');
    await expect(child.waitForLine(/^ready$/)).rejects.toBeInstanceOf(ChildError);
    expect(child.running).toBe(false);
  });

  test('a wait that runs out of time rejects as timed out while the child still runs', async () => {
    const child = node('quiet', 'setTimeout(() => {}, 60_000)');
    const error = await child.waitForLine(/never/, { timeoutMs: 200 }).catch((e: ChildError) => e);
    expect(error).toMatchObject({ name: 'ChildError', timedOut: true, message: 'quiet: no line matching /never/ within 0.2 s' });
    expect(child.running).toBe(true);
    expect(await child.stop()).toBe(128 + 15);
  });

  test('stop escalates to SIGKILL for a child that ignores SIGTERM, and takes the processes it started along', async () => {
    const child = spawnChild('stubborn', ['bash', '-c', 'trap "" TERM; sleep 600 & echo "grandchild $!"; wait'], { logFile: join(dir, 'stubborn.log') });
    const grandchild = Number((await child.waitForLine(/^grandchild \d+$/)).split(' ')[1]);
    expect(isAlive(grandchild)).toBe(true);
    expect(await child.stop({ graceMs: 300 })).toBe(128 + 9);
    expect(await gone(grandchild)).toBe(true);
  });

  test('a tracked command that fails is one line naming it, its exit code and its last line of stderr', async () => {
    const failed = await trackProcess($({ quiet: true })`bash -c ${'echo starting; echo "Error: no such topic" >&2; exit 3'}`, 'kafka-topics').catch((e: unknown) => e);
    expect(describeFailure(failed)).toBe('kafka-topics exited with code 3: Error: no such topic');
    expect(describeFailure(new Error('other'))).toBeNull();
  });

  test('an interrupt rejects every pending wait with its error, and stopAllChildren leaves none running', async () => {
    const children = [node('w1', 'setInterval(() => {}, 1000)'), node('w2', 'setInterval(() => {}, 1000)')];
    const waits = children.map((c) => c.waitForLine(/never/, { timeoutMs: 60_000 }).catch((e: Error) => e));
    const interrupt = new Error('interrupted by SIGINT');
    interruptChildren(interrupt);
    expect(await Promise.all(waits)).toEqual([interrupt, interrupt]);
    await stopAllChildren(1000);
    expect(runningCount()).toBe(0);
    expect(await Promise.all(children.map((c) => gone(c.pid)))).toEqual([true, true]);
    expect(() => node('late', '')).toThrow(interrupt);
  });
});

test('a lab process that exits with children still running takes them along', async () => {
  const fixture = fileURLToPath(new URL('./fixtures/exit-with-children.ts', import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', fixture, join(dir, 'orphan.log')], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status).toBe(0);
  const pid = Number(/^child (\d+)$/m.exec(run.stdout)?.[1]);
  expect(pid).toBeGreaterThan(0);
  expect(await gone(pid)).toBe(true);
});
