import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { spawnHolder } from './fixtures/spawn-holder.ts';
import { openDatabase } from './index.ts';

const root = mkdtempSync(join(tmpdir(), 'kafka-labs-db-exit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const holdersIn = async (dir: string) => {
  await using db = await openDatabase({ dir, url: '', log: () => {} });
  return (await db.query<{ pid: number; n: number }>('SELECT pid, n FROM holders ORDER BY n')).rows;
};

test('a holder stopped with SIGTERM closes its database: no lock is left and the next open sees its row', async () => {
  const dir = join(root, 'sigterm');
  const holder = spawnHolder(dir, '--wait');
  await holder.waitFor(/^ready/);
  expect(readFileSync(join(dir, 'lock'), 'utf8')).toMatch(new RegExp(`^${holder.pid} `));
  process.kill(holder.pid, 'SIGTERM');
  expect(await holder.exited).toBe(0);
  expect(holder.lines.at(-1)).toBe('closed');
  expect(existsSync(join(dir, 'lock'))).toBe(false);
  // PGlite removes its postmaster.pid only when it shuts down cleanly.
  expect(existsSync(join(dir, 'pgdata', 'postmaster.pid'))).toBe(false);
  expect(await holdersIn(dir)).toEqual([{ pid: holder.pid, n: 0 }]);
});

test('a holder killed with SIGKILL leaves a dead lock that the next open takes over, with every row it had committed', async () => {
  const dir = join(root, 'sigkill');
  const holder = spawnHolder(dir, '--stream');
  await holder.waitFor(/^committed 20$/);
  process.kill(holder.pid, 'SIGKILL');
  expect(await holder.exited).toBe('SIGKILL');
  expect(existsSync(join(dir, 'lock'))).toBe(true);
  expect(existsSync(join(dir, 'pgdata', 'postmaster.pid'))).toBe(true);
  const committed = holder.lines.filter((l) => l.startsWith('committed ')).length;
  const rows = await holdersIn(dir);
  // Every commit the holder reported survives; at most the one it was writing when killed may too.
  expect(rows.length - 1).toBeGreaterThanOrEqual(committed);
  expect(rows.length - 1).toBeLessThanOrEqual(committed + 1);
  expect(rows.map((r) => r.n)).toEqual(rows.map((_, i) => i));
});

test('a throw inside an await using scope closes the database', async () => {
  const dir = join(root, 'throw');
  await expect(
    (async () => {
      await using db = await openDatabase({ dir, url: '', log: () => {} });
      await db.exec('CREATE TABLE holders (pid integer NOT NULL, n integer NOT NULL); INSERT INTO holders VALUES (1, 0)');
      throw new Error('the lab failed');
    })(),
  ).rejects.toThrow('the lab failed');
  expect(existsSync(join(dir, 'lock'))).toBe(false);
  expect(await holdersIn(dir)).toEqual([{ pid: 1, n: 0 }]);
});
