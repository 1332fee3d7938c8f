import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  applyOnConflict,
  applyPlain,
  applyUnique,
  applyVersioned,
  applyWithInbox,
  createSinkTables,
  DatabaseError,
  openDatabase,
  parseDump,
  SINK_TABLES,
  sinkFigures,
  sinkState,
  type Database,
  type OrderEvent,
} from './index.ts';
import { startPostgres, type PostgresServer } from './testing.ts';

const EVENTS = 40;
/** A consumer that restarts from its last Kafka commit gets the events after that commit again. */
const REDELIVERED_FROM = 25;
const event = (i: number): OrderEvent => ({ eventId: `E-${i}`, orderId: `O-${i % 7}`, status: i % 2 ? 'PAID' : 'SHIPPED' });
const firstDelivery = Array.from({ length: EVENTS }, (_, i) => event(i));
const redelivery = firstDelivery.slice(REDELIVERED_FROM);

const root = mkdtempSync(join(tmpdir(), 'kafka-labs-db-test-'));
let folders = 0;
const newDir = () => join(root, `db-${++folders}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

let server: PostgresServer | undefined;
const backends = [
  { backend: 'pglite', url: () => '' },
  { backend: 'postgres', url: () => server!.url },
] as const;

describe.each(backends)('$backend', ({ backend, url }) => {
  beforeAll(async () => {
    if (backend === 'postgres') server = await startPostgres();
  });
  afterAll(async () => {
    if (backend === 'postgres') await server?.stop();
  });
  const open = (dir = newDir()) => openDatabase({ dir, url: url(), log: () => {} });
  const withSinkTables = async () => {
    const db = await open();
    await createSinkTables(db);
    return db;
  };
  const figuresOf = async (db: Database) => {
    const file = join(db.dir, 'dump.jsonl');
    await db.dump(file, SINK_TABLES);
    return sinkFigures(sinkState(parseDump(readFileSync(file, 'utf8'))));
  };

  test('a database that refuses the sink tables is one DatabaseError line', async () => {
    await using db = await open();
    await db.exec('SET default_transaction_read_only = on');
    const error = await createSinkTables(db).catch((e: Error) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as Error).message).toMatch(/^the database refused the sink tables: cannot execute CREATE TABLE in a read-only transaction$/);
  });

  test('a plain INSERT sink stores a redelivered event again: the excess rows are exactly the redelivered events', async () => {
    await using db = await withSinkTables();
    for (const e of [...firstDelivery, ...redelivery]) await applyPlain(db, e);
    const figures = await figuresOf(db);
    expect(db.backend).toBe(backend);
    expect(figures.eventRows).toBe(EVENTS + redelivery.length);
    expect(figures.distinctEvents).toBe(EVENTS);
    expect(figures.excessRows).toBe(redelivery.length);
    expect(figures.duplicated.map((d) => d.eventId)).toEqual(redelivery.map((e) => e.eventId));
    expect(figures.appliedTotal).toBe(EVENTS + redelivery.length);
    expect(figures.inboxRows).toBe(0);
  });

  test('the inbox sink applies each event once and reports every redelivered one as skipped', async () => {
    await using db = await withSinkTables();
    const outcomes: string[] = [];
    for (const e of [...firstDelivery, ...redelivery]) outcomes.push(await applyWithInbox(db, e));
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(EVENTS);
    expect(outcomes.slice(EVENTS)).toEqual(redelivery.map(() => 'skipped'));
    const figures = await figuresOf(db);
    expect(figures).toMatchObject({ eventRows: EVENTS, distinctEvents: EVENTS, excessRows: 0, duplicated: [], inboxRows: EVENTS, orders: 7 });
    expect(figures.appliedTotal).toBe(EVENTS);
  });

  test('with a unique index on event_id, a redelivered event is refused (caught as duplicate, nothing applied) or written again to the same rows (ON CONFLICT)', async () => {
    const withUniqueIndex = async () => {
      const db = await open();
      await createSinkTables(db, { uniqueEventId: true });
      return db;
    };
    {
      await using db = await withUniqueIndex();
      const outcomes: string[] = [];
      for (const e of [...firstDelivery, ...redelivery]) outcomes.push(await applyUnique(db, e));
      expect(outcomes.slice(EVENTS)).toEqual(redelivery.map(() => 'duplicate'));
      expect(await figuresOf(db)).toMatchObject({ eventRows: EVENTS, excessRows: 0, inboxRows: 0, orders: 7, appliedTotal: EVENTS });
    }
    await using db = await withUniqueIndex();
    for (const e of [...firstDelivery, ...redelivery]) await applyOnConflict(db, e);
    expect(await figuresOf(db)).toMatchObject({ eventRows: EVENTS, excessRows: 0, inboxRows: 0, orders: 7, appliedTotal: 7 });
    const { rows } = await db.query<{ order_id: string; status: string }>('SELECT order_id, status FROM order_projection ORDER BY order_id');
    expect(rows).toEqual([...new Map(firstDelivery.map((e) => [e.orderId, e.status]))].sort().map(([order_id, status]) => ({ order_id, status })));
  });

  test('the business key is not the idempotency key: upsert by order_id keeps the last delivery, the inbox skips only a known event_id, the version guard keeps the newest version', async () => {
    const history = (id: number, status: string, version: number): OrderEvent => ({ eventId: `E-${id}`, orderId: 'O-1', status, version });
    // CREATED, PAID, SHIPPED, then PAID redelivered (a known event_id), then a PAID of an older version with a new event_id.
    const arrivals = [history(1, 'CREATED', 1), history(2, 'PAID', 2), history(3, 'SHIPPED', 3), history(2, 'PAID', 2), history(4, 'PAID', 2)];
    const finalOf = async (apply: (db: Database, e: OrderEvent) => Promise<unknown>) => {
      await using db = await withSinkTables();
      const outcomes = [];
      for (const e of arrivals) outcomes.push(await apply(db, e));
      const { rows } = await db.query<{ status: string; version: number }>('SELECT status, version FROM order_projection');
      return { outcomes, rows };
    };
    expect((await finalOf(applyPlain)).rows).toEqual([{ status: 'PAID', version: 2 }]);
    expect(await finalOf(applyWithInbox)).toEqual({ outcomes: ['applied', 'applied', 'applied', 'skipped', 'applied'], rows: [{ status: 'PAID', version: 2 }] });
    expect(await finalOf(applyVersioned)).toEqual({ outcomes: ['applied', 'applied', 'applied', 'skipped', 'stale'], rows: [{ status: 'SHIPPED', version: 3 }] });
    await using db = await withSinkTables();
    await expect(applyVersioned(db, event(1))).rejects.toThrow(/E-1 has no version/);
  });

  test('affectedRows counts inserted rows, is 0 for ON CONFLICT DO NOTHING on a duplicate, and 0 for a SELECT', async () => {
    await using db = await open();
    await db.exec('CREATE TABLE seen (id text PRIMARY KEY); CREATE TABLE other (n integer)');
    expect((await db.query('INSERT INTO seen VALUES ($1), ($2)', ['a', 'b'])).affectedRows).toBe(2);
    expect((await db.query('INSERT INTO seen VALUES ($1) ON CONFLICT DO NOTHING', ['a'])).affectedRows).toBe(0);
    const select = await db.query<{ n: number }>('SELECT count(*) AS n FROM seen');
    expect(select).toEqual({ rows: [{ n: 2 }], affectedRows: 0 });
  });

  test('a transaction that throws is rolled back, and one that resolves is committed', async () => {
    await using db = await open();
    await db.exec('CREATE TABLE t (n integer)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        throw new Error('in the middle');
      }),
    ).rejects.toThrow('in the middle');
    expect(await db.transaction(async (tx) => (await tx.query('INSERT INTO t VALUES (2)')).affectedRows)).toBe(1);
    expect((await db.query('SELECT n FROM t')).rows).toEqual([{ n: 2 }]);
  });

  test('a folder reopened after close reaches the same data, and is not open twice at once', async () => {
    const dir = newDir();
    {
      await using db = await open(dir);
      await db.exec('CREATE TABLE kept (n integer); INSERT INTO kept VALUES (7)');
      await expect(open(dir)).rejects.toThrow(/is open in process \d+: one process at a time/);
    }
    expect(existsSync(join(dir, 'lock'))).toBe(false);
    await using again = await open(dir);
    expect((await again.query('SELECT n FROM kept')).rows).toEqual([{ n: 7 }]);
  });

  test('a dump holds every row of the tables it names, as parseDump reads it back', async () => {
    await using db = await withSinkTables();
    await applyWithInbox(db, { ...event(1), at: '2026-01-02T03:04:05.678Z' });
    const file = join(db.dir, 'dump.jsonl');
    const written = await db.dump(file, SINK_TABLES);
    const read = parseDump(readFileSync(file, 'utf8'));
    expect(read).toEqual(written);
    expect(read.backend).toBe(backend);
    expect(read.tables.order_projection).toEqual([{ order_id: 'O-1', status: 'PAID', updated_at: '2026-01-02T03:04:05.678Z', applied: 1, version: null }]);
    expect(Object.keys(read.tables.order_events![0]!)).toEqual(['seq', 'event_id', 'order_id', 'status', 'applied_at']);
  });
});

describe('a lock left in the folder', () => {
  const lockedWith = (text: string) => {
    const dir = newDir();
    mkdirSync(dir);
    writeFileSync(join(dir, 'lock'), text);
    return dir;
  };
  const opens = async (dir: string) => {
    await using db = await openDatabase({ dir, url: '', log: () => {} });
    expect(readFileSync(join(dir, 'lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} start=\\d+ database\n$`));
    return (await db.query('SELECT 1 AS one')).rows;
  };

  test.each([
    ['empty', ''],
    ['not a pid', 'hello\n'],
    ['pid 0', '0 database\n'],
    ['a dead pid', '2147483646 database\n'],
  ])('%s names no holder: the lock is taken over', async (_, text) => {
    expect(await opens(lockedWith(text))).toEqual([{ one: 1 }]);
  });

  test("a live pid with another process's start time (the pid reused since) is taken over", async () => {
    expect(await opens(lockedWith(`${process.ppid} start=1 database\n`))).toEqual([{ one: 1 }]);
  });

  test('a live holder with its own start time is one error naming its pid, and its lock stays', async () => {
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const dir = lockedWith(`${process.ppid} start=${started} database\n`);
    await expect(openDatabase({ dir, url: '', log: () => {} })).rejects.toThrow(`is open in process ${process.ppid}: one process at a time`);
    expect(readFileSync(join(dir, 'lock'), 'utf8')).toBe(`${process.ppid} start=${started} database\n`);
  });
});

test('a folder made by one backend is not opened by the other', async () => {
  const dir = newDir();
  await (await openDatabase({ dir, url: '', log: () => {} })).close();
  await expect(openDatabase({ dir, url: 'postgresql://postgres@127.0.0.1:1/postgres' })).rejects.toThrow(/holds a pglite database; open it without KAFKA_LABS_PG_URL/);
  expect(existsSync(join(dir, 'lock'))).toBe(false);
});

test('a PGlite folder whose data is damaged is one error naming it, and leaves the folder unlocked', async () => {
  const dir = newDir();
  await (await openDatabase({ dir, url: '', log: () => {} })).close();
  rmSync(join(dir, 'pgdata', 'global', 'pg_control'));
  await expect(openDatabase({ dir, url: '' })).rejects.toThrow(`PGlite cannot open ${join(dir, 'pgdata')}: `);
  expect(existsSync(join(dir, 'lock'))).toBe(false);
});

test('an unreachable PostgreSQL URL is one error naming the server, and leaves the folder unlocked', async () => {
  const dir = newDir();
  await expect(openDatabase({ dir, url: 'postgresql://postgres:secret@127.0.0.1:1/postgres' })).rejects.toThrow(
    /cannot use PostgreSQL at postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/postgres: .*ECONNREFUSED/,
  );
  expect(existsSync(join(dir, 'lock'))).toBe(false);
});
