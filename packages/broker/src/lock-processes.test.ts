import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { lockBroker } from './lock.ts';

// The broker lock across processes, as labs side by side take it: each holder a process of its own.
const FIXTURE = fileURLToPath(new URL('./lock-holder.fixture.ts', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'broker-lock-processes-'));
const started: ChildProcessWithoutNullStreams[] = [];

function holder(owner: string, key: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, owner, key], { env: { ...process.env, KAFKA_LABS_HOME: home } });
  started.push(child);
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
  const saw = (pattern: RegExp, ms = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${owner}: no ${pattern} within ${ms} ms; output: ${out}`)), ms);
      const check = () => {
        const match = pattern.exec(out);
        if (match) {
          clearTimeout(timer);
          child.stdout.off('data', check);
          resolve(match[0]);
        }
      };
      child.stdout.on('data', check);
      check();
    });
  return { child, saw, out: () => out, release: () => child.stdin.write('release\n') };
}

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

test('two processes of one key hold the broker together; another key waits, naming a holder, and gets it when both release', async () => {
  const a = holder('lab a', '1');
  const b = holder('lab b', '1');
  await Promise.all([a.saw(/^held/m), b.saw(/^held/m)]);
  const c = holder('lab c', '3');
  await c.saw(/^waiting lab [ab] \d+$/m);
  a.release();
  await a.saw(/^released/m);
  await new Promise((r) => setTimeout(r, 600));
  expect(c.out()).not.toMatch(/^held/m);
  b.release();
  await c.saw(/^held/m);
  c.release();
});

test("a holder killed outright is taken over: its claim names a dead process", async () => {
  const a = holder('lab a', '-');
  await a.saw(/^held/m);
  const b = holder('broker tests', '-');
  await b.saw(/^waiting lab a \d+$/m);
  a.child.kill('SIGKILL');
  await b.saw(/^held/m);
  b.release();
});

test('a process started by a holder acts for it (a test that holds the lock runs pnpm broker up): it does not wait', async () => {
  const before = process.env.KAFKA_LABS_HOME;
  process.env.KAFKA_LABS_HOME = home;
  const release = await lockBroker('broker tests', () => {});
  try {
    const child = holder('pnpm broker up', '-');
    await child.saw(/^held/m);
    expect(child.out()).not.toMatch(/^waiting/m);
    child.release();
    await child.saw(/^released/m);
  } finally {
    release();
    if (before === undefined) delete process.env.KAFKA_LABS_HOME;
    else process.env.KAFKA_LABS_HOME = before;
  }
});
