import { writeFileSync } from 'node:fs';
import { GradeError } from '@kafka-labs/grader';
import type { Backend, Queryable } from './database.ts';

/** A cell of a dump: timestamps are ISO strings, anything structured is its JSON text. */
export type Value = string | number | boolean | null;
export type DumpRow = Record<string, Value>;

/** The rows of some tables, in the order of each table's first column. */
export interface Dump {
  backend: Backend;
  tables: Record<string, DumpRow[]>;
}

const FORMAT = 'kafka-labs-database';
const VERSION = 1;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const BACKENDS: readonly Backend[] = ['pglite', 'postgres'];
/** Bounds of what `parseDump` reads: far above any lab's dump, far below what could hurt a grader. */
export const DUMP_LIMITS = { chars: 16 * 1024 * 1024, rows: 200_000, lineChars: 64 * 1024 } as const;

/** Selects every row of `tables` (ordered by their first column), writes them to `file` and returns them. */
export async function dumpTables(db: Queryable, backend: Backend, file: string, tables: readonly string[]): Promise<Dump> {
  const dump: Dump = { backend, tables: {} };
  for (const table of tables) {
    if (!IDENTIFIER.test(table)) throw new TypeError(`"${table}" is not a plain table name`);
    const { rows } = await db.query(`SELECT * FROM ${table} ORDER BY 1`);
    dump.tables[table] = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, toValue(v)])));
  }
  writeFileSync(file, formatDump(dump));
  return dump;
}

function toValue(value: unknown): Value {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The dump as JSON lines: a header naming the tables, then one line per row (`{"table":...,"row":{...}}`), grep-friendly. */
export function formatDump(dump: Dump): string {
  const lines = [JSON.stringify({ dump: FORMAT, version: VERSION, backend: dump.backend, tables: Object.keys(dump.tables) })];
  for (const [table, rows] of Object.entries(dump.tables)) {
    for (const row of rows) lines.push(JSON.stringify({ table, row }));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Parses a dump file's text for a grader: pure and bounded (DUMP_LIMITS). Anything that is not a whole,
 * well-formed dump (a cut line, an unknown table, a row whose columns differ from its table's) is a
 * GradeError that names `name` and the line.
 */
export function parseDump(text: string, name = 'the database dump'): Dump {
  const fail = (line: number, problem: string): never => {
    throw new GradeError(`${name}${line ? ` line ${line}` : ''}: ${problem}`);
  };
  if (text.length > DUMP_LIMITS.chars) fail(0, `longer than ${DUMP_LIMITS.chars} characters`);
  if (!text.endsWith('\n')) fail(0, 'does not end with a newline (cut short?)');
  const lines = text.slice(0, -1).split('\n');
  if (lines.length > DUMP_LIMITS.rows + 1) fail(0, `more than ${DUMP_LIMITS.rows} rows`);
  const parsed = lines.map((line, i) => {
    if (line.length > DUMP_LIMITS.lineChars) fail(i + 1, `longer than ${DUMP_LIMITS.lineChars} characters`);
    try {
      return JSON.parse(line) as unknown;
    } catch {
      return fail(i + 1, 'is not JSON');
    }
  });
  const header = parsed[0];
  if (!isObject(header) || header.dump !== FORMAT) fail(1, `is not a ${FORMAT} dump header`);
  const { version, backend, tables } = header as Record<string, unknown>;
  if (version !== VERSION) fail(1, `has version ${JSON.stringify(version)}, expected ${VERSION}`);
  if (!BACKENDS.includes(backend as Backend)) fail(1, `names backend ${JSON.stringify(backend)}`);
  if (!Array.isArray(tables) || !tables.every((t) => typeof t === 'string' && IDENTIFIER.test(t)) || new Set(tables).size !== tables.length) {
    fail(1, 'does not list its tables as distinct plain names');
  }
  const dump: Dump = { backend: backend as Backend, tables: Object.fromEntries((tables as string[]).map((t) => [t, []])) };
  const columnsOf = new Map<string, string>();
  parsed.slice(1).forEach((entry, i) => {
    const at = i + 2;
    if (!isObject(entry) || typeof entry.table !== 'string' || !isObject(entry.row)) fail(at, 'is not a {"table", "row"} line');
    const { table, row } = entry as { table: string; row: Record<string, unknown> };
    const rows = Object.hasOwn(dump.tables, table) ? dump.tables[table] : undefined;
    if (!rows) return fail(at, `is a row of "${table}", which the header does not list`);
    if (!Object.values(row).every(isValue)) fail(at, 'has a value that is not a string, number, boolean or null');
    const columns = Object.keys(row).join(',');
    if ((columnsOf.get(table) ?? columns) !== columns) fail(at, `has columns ${columns}, other rows of ${table} have ${columnsOf.get(table)}`);
    columnsOf.set(table, columns);
    rows.push(row as DumpRow);
  });
  return dump;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isValue(value: unknown): value is Value {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
