import { GradeError } from '@kafka-labs/grader';
import type { Database, Queryable } from './database.ts';
import { DatabaseError } from './errors.ts';
import type { Dump, DumpRow } from './dump.ts';

/** An order event as the sinks apply it; `eventId` identifies the event, not the order. */
export interface OrderEvent {
  eventId: string;
  orderId: string;
  status: string;
  /** The event's place in its order's history (event_version: CREATED 1, PAID 2, ...); absent for an unversioned event. */
  version?: number;
  /** When the event happened (the projection's updated_at); default: when it is applied. */
  at?: Date | string;
}

/**
 * The article's projection and inbox, plus `order_events`: one row per application and no key on
 * event_id, so an event applied twice shows as two rows (and as `applied` counted twice). The projection's
 * `version` is the event_version of the event that set its status (null for unversioned events).
 */
export const SINK_SCHEMA = `
CREATE TABLE IF NOT EXISTS order_projection (
  order_id text PRIMARY KEY,
  status text NOT NULL,
  updated_at timestamptz NOT NULL,
  applied integer NOT NULL,
  version integer
);
CREATE TABLE IF NOT EXISTS inbox (
  event_id text PRIMARY KEY,
  processed_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS order_events (
  seq integer GENERATED ALWAYS AS IDENTITY,
  event_id text NOT NULL,
  order_id text NOT NULL,
  status text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
`;

/** The tables a sink lab dumps for its grader. */
export const SINK_TABLES = ['order_events', 'order_projection', 'inbox'] as const;

/** The unique index on order_events.event_id that the unique-index and on-conflict sinks rely on. */
export const UNIQUE_EVENT_ID = 'CREATE UNIQUE INDEX IF NOT EXISTS order_events_event_id ON order_events (event_id)';

/**
 * Creates the sink tables where missing; `uniqueEventId`: with UNIQUE_EVENT_ID (a second row of an event_id is
 * refused). A database that refuses them is a DatabaseError (one line, an environment fault).
 */
export async function createSinkTables(db: Queryable, { uniqueEventId = false }: { uniqueEventId?: boolean } = {}): Promise<void> {
  try {
    await db.exec(SINK_SCHEMA);
    if (uniqueEventId) await db.exec(UNIQUE_EVENT_ID);
  } catch (error) {
    throw new DatabaseError(`the database refused the sink tables: ${(error as Error).message.split('\n')[0]}`, { cause: error });
  }
}

/** PostgreSQL's unique_violation (SQLSTATE 23505), as PGlite and pg both report it. */
export const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

/** The event's time as a timestamptz parameter (null: the database's now()). */
const atOf = (event: OrderEvent) => (event.at instanceof Date ? event.at.toISOString() : (event.at ?? null));

/**
 * Records one application in order_events and upserts the order's projection row by order_id (the last write wins);
 * `guarded`: only while the row's version is older than the event's (the event_version guard). False when the guard
 * kept the row as it was.
 */

async function applyEvent(tx: Queryable, event: OrderEvent, guarded = false): Promise<boolean> {
  const { affectedRows } = await tx.query(
    `INSERT INTO order_projection (order_id, status, updated_at, applied, version) VALUES ($1, $2, coalesce($3::timestamptz, now()), 1, $4)
     ON CONFLICT (order_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at,
       applied = order_projection.applied + 1, version = excluded.version
     ${guarded ? 'WHERE order_projection.version < excluded.version' : ''}`,
    [event.orderId, event.status, atOf(event), event.version ?? null],
  );
  if (affectedRows === 0) return false;
  await tx.query('INSERT INTO order_events (event_id, order_id, status) VALUES ($1, $2, $3)', [event.eventId, event.orderId, event.status]);
  return true;
}

/** The non-idempotent sink: applies the event every time it is delivered (plain INSERT, one transaction per event). */
export async function applyPlain(db: Database, event: OrderEvent): Promise<void> {
  await db.transaction((tx) => applyEvent(tx, event));
}

/**
 * The inbox sink: records event_id in the inbox and applies the event in the same transaction, or
 * applies nothing when the inbox already holds it (`skipped`).
 */
export async function applyWithInbox(db: Database, event: OrderEvent): Promise<'applied' | 'skipped'> {
  return db.transaction(async (tx) => {
    const { affectedRows } = await tx.query('INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING', [event.eventId]);
    if (affectedRows === 0) return 'skipped';
    await applyEvent(tx, event);
    return 'applied';
  });
}

/**
 * The unique index remedy (needs `uniqueEventId`): the event applied as the plain sink applies it, in one transaction;
 * a redelivered event's INSERT fails with unique_violation (23505), the transaction is rolled back, and the
 * application catches that one error and treats the event as done (`duplicate`), so its offset can be committed.
 * Any other error is thrown.
 */
export async function applyUnique(db: Database, event: OrderEvent): Promise<'applied' | 'duplicate'> {
  try {
    await db.transaction((tx) => applyEvent(tx, event));
    return 'applied';
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

/**
 * The idempotent write remedy (needs `uniqueEventId`): every delivery runs the same statements, and a second one
 * leaves the same rows: `INSERT ... ON CONFLICT (event_id) DO NOTHING` for the event, and the projection set to the
 * event's status (`ON CONFLICT (order_id) DO UPDATE SET status = excluded.status`, no counter added).
 */
export async function applyOnConflict(db: Database, event: OrderEvent): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO order_events (event_id, order_id, status) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING', [event.eventId, event.orderId, event.status]);
    await tx.query(
      `INSERT INTO order_projection (order_id, status, updated_at, applied, version) VALUES ($1, $2, coalesce($3::timestamptz, now()), 1, $4)
       ON CONFLICT (order_id) DO UPDATE SET status = excluded.status`,
      [event.orderId, event.status, atOf(event), event.version ?? null],
    );
  });
}

/**
 * The inbox plus the event_version guard (the article's trap 2: the idempotency key is the event, the order of a
 * business key's changes is its version): a known event_id applies nothing (`skipped`); a new event older than the
 * version its order's row already has is recorded in the inbox and changes nothing (`stale`). Needs `version`.
 */
export async function applyVersioned(db: Database, event: OrderEvent): Promise<'applied' | 'skipped' | 'stale'> {
  if (event.version === undefined) throw new TypeError(`event ${event.eventId} has no version: the version guard needs one`);
  return db.transaction(async (tx) => {
    const { affectedRows } = await tx.query('INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING', [event.eventId]);
    if (affectedRows === 0) return 'skipped';
    return (await applyEvent(tx, event, true)) ? 'applied' : 'stale';
  });
}

export interface SinkState {
  events: { seq: number; eventId: string; orderId: string; status: string; appliedAt: string }[];
  /** `version`: null for an unversioned row, and in dumps made before the column existed. */
  projection: { orderId: string; status: string; updatedAt: string; applied: number; version: number | null }[];
  inbox: { eventId: string; processedAt: string }[];
}

/** The sink tables of a parsed dump, typed; a table missing from it or a cell of the wrong type is a GradeError. */
export function sinkState(dump: Dump): SinkState {
  const table = (name: (typeof SINK_TABLES)[number]) => {
    const rows = dump.tables[name];
    if (!rows) throw new GradeError(`the database dump has no ${name} table`);
    return rows;
  };
  const cell = <K extends 'string' | 'number'>(row: DumpRow, column: string, kind: K, name: string) => {
    const value = row[column];
    if (typeof value !== kind || (kind === 'number' && !Number.isInteger(value))) {
      throw new GradeError(`the database dump's ${name} has ${column} ${JSON.stringify(value)}, expected ${kind === 'number' ? 'an integer' : 'a string'}`);
    }
    return value as K extends 'string' ? string : number;
  };
  return {
    events: table('order_events').map((r) => ({
      seq: cell(r, 'seq', 'number', 'order_events'),
      eventId: cell(r, 'event_id', 'string', 'order_events'),
      orderId: cell(r, 'order_id', 'string', 'order_events'),
      status: cell(r, 'status', 'string', 'order_events'),
      appliedAt: cell(r, 'applied_at', 'string', 'order_events'),
    })),
    projection: table('order_projection').map((r) => ({
      orderId: cell(r, 'order_id', 'string', 'order_projection'),
      status: cell(r, 'status', 'string', 'order_projection'),
      updatedAt: cell(r, 'updated_at', 'string', 'order_projection'),
      applied: cell(r, 'applied', 'number', 'order_projection'),
      version: r.version === undefined || r.version === null ? null : cell(r, 'version', 'number', 'order_projection'),
    })),
    inbox: table('inbox').map((r) => ({
      eventId: cell(r, 'event_id', 'string', 'inbox'),
      processedAt: cell(r, 'processed_at', 'string', 'inbox'),
    })),
  };
}

export interface SinkFigures {
  /** Rows of order_events: one per application. */
  eventRows: number;
  distinctEvents: number;
  /** eventRows - distinctEvents: the applications of events that were already applied. */
  excessRows: number;
  /** Each event applied more than once, with its rows' seq numbers, in the order of its first application. */
  duplicated: { eventId: string; rows: number; seqs: number[] }[];
  inboxRows: number;
  orders: number;
  /** Sum of order_projection.applied: equals eventRows when every application reached the projection. */
  appliedTotal: number;
}

/** What a sink grader compares: how often events were applied, and which were applied more than once. */
export function sinkFigures(state: SinkState): SinkFigures {
  const seqsOf = new Map<string, number[]>();
  for (const e of state.events) {
    const seqs = seqsOf.get(e.eventId) ?? [];
    seqs.push(e.seq);
    seqsOf.set(e.eventId, seqs);
  }
  return {
    eventRows: state.events.length,
    distinctEvents: seqsOf.size,
    excessRows: state.events.length - seqsOf.size,
    duplicated: [...seqsOf].filter(([, seqs]) => seqs.length > 1).map(([eventId, seqs]) => ({ eventId, rows: seqs.length, seqs })),
    inboxRows: state.inbox.length,
    orders: state.projection.length,
    appliedTotal: state.projection.reduce((sum, p) => sum + p.applied, 0),
  };
}
