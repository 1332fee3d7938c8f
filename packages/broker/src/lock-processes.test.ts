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
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
  child.stderr.setEncoding('utf8').on('data', (t: string) => (err += t));
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
  return { child, saw, out: () => out, stderr: () => err, release: () => child.stdin.write('release\n') };
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

/** Runs `work` while this process holds the lock of `home` (exclusive, or shared under `share`). */
async function holding(share: string | undefined, work: () => Promise<void>) {
  const before = process.env.KAFKA_LABS_HOME;
  process.env.KAFKA_LABS_HOME = home;
  const release = await lockBroker('broker tests', () => {}, share === undefined ? {} : { share });
  try {
    await work();
  } finally {
    release();
    if (before === undefined) delete process.env.KAFKA_LABS_HOME;
    else process.env.KAFKA_LABS_HOME = before;
  }
}

test('a process started by a holder acts for it (a test that holds the lock runs pnpm broker up): it does not wait', async () => {
  await holding(undefined, async () => {
    const child = holder('pnpm broker up', '-');
    await child.saw(/^held/m);
    expect(child.out()).not.toMatch(/^waiting/m);
    child.release();
    await child.saw(/^released/m);
  });
});

test('under a shared holder, a process it started may take the same key, and is refused another or the broker alone', async () => {
  await holding('1', async () => {
    const same = holder('lab a', '1');
    await same.saw(/^held/m);
    same.release();
    for (const [owner, key, needs] of [['lab b', '3', 'as "3"'], ['pnpm broker up', '-', 'to itself']] as const) {
      const other = holder(owner, key);
      expect(await new Promise((resolve) => other.child.on('close', resolve))).not.toBe(0);
      expect(other.out()).not.toMatch(/^(held|waiting)/m);
      expect(other.stderr()).toContain(`${owner} needs the broker ${needs}, but broker tests (pid ${process.pid}), which started it, holds it shared as "1"`);
    }
  });
});
