import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONNECT_TIMEOUT_MS, openDatabase } from './index.ts';
import { startPostgres, type PostgresServer } from './testing.ts';

// KAFKA_LABS_PG_URL pointing at a server that refuses the login or never answers: the open fails within a bound,
// with one line that shows the URL with its password replaced, and nothing in the folder holds the password.
const PASSWORD = 'right-Pa55word';
const WRONG = 'wrong-Pa55word';
const BOUND_MS = CONNECT_TIMEOUT_MS + 5_000;

const root = mkdtempSync(join(tmpdir(), 'kafka-labs-pg-faults-'));
let folders = 0;
const newDir = () => join(root, `db-${++folders}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Opens `url` expecting a failure; returns its message and how long it took. */
async function failedOpen(dir: string, url: string): Promise<{ message: string; ms: number }> {
  const started = performance.now();
  const error = await openDatabase({ dir, url, log: () => {} }).then(
    async (db) => (await db.close(), new Error('opened')),
    (err: Error) => err,
  );
  return { message: error.message, ms: performance.now() - started };
}

/** Every file the folder holds, read as text. */
const folderText = (dir: string) => (existsSync(dir) ? readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8')).join('\n') : '');

describe('a server that needs a password', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres({ password: PASSWORD });
  });
  afterAll(() => server.stop());

  test('opens with the right one, and database.json keeps the URL without it', async () => {
    const dir = newDir();
    await using db = await openDatabase({ dir, url: server.url, log: () => {} });
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(readFileSync(join(dir, 'database.json'), 'utf8')).toMatch(/"url":"postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres"/);
    expect(folderText(dir)).not.toContain(PASSWORD);
  });

  test('refuses a wrong one with one line that shows neither password, in bounded time', async () => {
    const dir = newDir();
    const { message, ms } = await failedOpen(dir, server.url.replace(PASSWORD, WRONG));
    expect(message).toMatch(/^cannot use PostgreSQL at postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres: password authentication failed for user "postgres"$/);
    expect(message).not.toContain(WRONG);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(folderText(dir)).not.toContain(WRONG);
    expect(existsSync(join(dir, 'lock'))).toBe(false);
  });
});

describe('a server that accepts and never answers', () => {
  let stall: Server;
  const sockets = new Set<Socket>();
  let port = 0;
  beforeAll(async () => {
    stall = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
    port = (stall.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => stall.close(resolve));
  });

  test('ends the open within the connect timeout with one line, and leaves the folder unlocked', async () => {
    const dir = newDir();
    const { message, ms } = await failedOpen(dir, `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`);
    expect(message).toMatch(new RegExp(`^cannot use PostgreSQL at postgresql://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${port}/postgres: .*timeout`));
    expect(message).not.toContain('\n');
    expect(message).not.toContain(PASSWORD);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(existsSync(join(dir, 'lock'))).toBe(false);
  }, BOUND_MS + 5_000);
});

test('a URL that does not parse is one line that does not repeat it', async () => {
  const dir = newDir();
  const { message } = await failedOpen(dir, `postgresql://postgres:${PASSWORD}@127.0.0.1:port/postgres`);
  expect(message).toMatch(/^cannot use PostgreSQL at \(a URL that does not parse\): /);
  expect(message).not.toContain(PASSWORD);
  expect(message).not.toContain('\n');
});
