import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { spawnHolder } from './fixtures/spawn-holder.ts';
import { openDatabase, templateDir } from './index.ts';

// A machine that has never made the template: a KAFKA_LABS_HOME of this file's own.
const home = mkdtempSync(join(tmpdir(), 'kafka-labs-db-home-'));
const previousHome = process.env.KAFKA_LABS_HOME;
beforeAll(() => {
  process.env.KAFKA_LABS_HOME = home;
});
afterAll(() => {
  if (previousHome === undefined) delete process.env.KAFKA_LABS_HOME;
  else process.env.KAFKA_LABS_HOME = previousHome;
  rmSync(home, { recursive: true, force: true });
});

test.each(['SIGKILL', 'SIGINT'] as const)('%s while the first use makes the template leaves no template, and the next use makes a whole one', async (signal) => {
  const interrupted = spawnHolder(join(home, 'runs', `killed-${signal}`), '', { KAFKA_LABS_HOME: home });
  for (let i = 0; i < 600 && !interrupted.stderr.some((l) => /making the PGlite .* template/.test(l)); i++) await new Promise((r) => setTimeout(r, 50));
  // initdb runs for seconds after the progress line: the signal lands in the middle of it.
  await new Promise((r) => setTimeout(r, 500));
  process.kill(interrupted.pid, signal);
  expect(await interrupted.exited).not.toBe(0);
  expect(interrupted.lines).not.toContain(`ready ${interrupted.pid}`);
  expect(existsSync(templateDir())).toBe(false);

  const next = spawnHolder(join(home, 'runs', `after-${signal}`), '', { KAFKA_LABS_HOME: home });
  expect(await next.exited).toBe(0);
  expect(next.lines).toEqual([`ready ${next.pid}`, 'closed']);
  expect(existsSync(join(templateDir(), 'PG_VERSION'))).toBe(true);
  expect(readdirSync(dirname(templateDir()))).toEqual(['template']);
  rmSync(dirname(templateDir()), { recursive: true, force: true });
});

test('two first uses at once make one whole template, each saying so, and leave no half-made folder', async () => {
  const holders = ['a', 'b'].map((name) => spawnHolder(join(home, 'runs', name), '', { KAFKA_LABS_HOME: home }));
  expect(await Promise.all(holders.map((h) => h.exited))).toEqual([0, 0]);
  for (const holder of holders) {
    expect(holder.stderr.join('\n')).toMatch(/database: making the PGlite .* template, once for this machine/);
    expect(holder.lines).toEqual([`ready ${holder.pid}`, 'closed']);
  }
  expect(existsSync(join(templateDir(), 'PG_VERSION'))).toBe(true);
  expect(readdirSync(dirname(templateDir()))).toEqual(['template']);
});

test('a later open copies the template instead of running initdb, and says nothing', async () => {
  writeFileSync(join(templateDir(), 'copied-from-template'), '');
  const lines: string[] = [];
  const dir = join(home, 'runs', 'c');
  await using db = await openDatabase({ dir, url: '', log: (line) => lines.push(line) });
  expect(existsSync(join(dir, 'pgdata', 'copied-from-template'))).toBe(true);
  expect(lines).toEqual([]);
  expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
});
