import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tryLockFile } from '@kafka-labs/broker';
import { dumpTables } from './dump.ts';
import type { Dump } from './dump.ts';
import { DatabaseError } from './errors.ts';
import { openPglite } from './pglite.ts';
import { openPostgres, redactUrl } from './postgres.ts';

export type Row = Record<string, unknown>;

export interface QueryResult<R = Row> {
  rows: R[];
  /** Rows inserted, updated or deleted by the statement (0 for a SELECT): 0 after `ON CONFLICT DO NOTHING` marks a duplicate. */
  affectedRows: number;
}

/** What runs SQL: the database itself, or the transaction handed to `transaction(fn)`. */
export interface Queryable {
  /** Runs one statement with `$1, $2, ...` parameters. */
  query<R = Row>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs one or more statements without parameters (schema set-up). */
  exec(sql: string): Promise<void>;
}

export type Backend = 'pglite' | 'postgres';

/** An open database of one run; `close()` (or `await using`) releases it, and only one process may hold it at a time. */
export interface Database extends Queryable, AsyncDisposable {
  readonly backend: Backend;
  /** The database folder: PGlite's data (`pgdata/`), `database.json`, and the lock while it is open. */
  readonly dir: string;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Writes every row of `tables` to `file` in the dump format that `parseDump` reads, and returns them. */
  dump(file: string, tables: readonly string[]): Promise<Dump>;
  /** Closes the connection and releases the folder; safe to call more than once. */
  close(): Promise<void>;
}

/** What a backend gives `openDatabase`: SQL access and its own close. */
export interface Connection extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** The run's database folder (made if missing); opening it again later reaches the same data. */
  dir: string;
  /** A PostgreSQL URL to use instead of PGlite; default `KAFKA_LABS_PG_URL`. */
  url?: string;
  /** Progress lines (the one-time PGlite template); default stderr. */
  log?: (line: string) => void;
}

/** database.json: what a folder holds, so that it is reopened with the backend that made it. */
type FolderInfo = { backend: 'pglite'; pglite: string } | { backend: 'postgres'; url: string; schema: string };

/**
 * Opens the database of `dir`: PGlite in `dir/pgdata` (copied from a per-machine template the first
 * time), or, with a URL, a schema of its own on that PostgreSQL server. One process at a time per folder.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const dir = resolve(options.dir);
  const url = options.url ?? process.env.KAFKA_LABS_PG_URL ?? '';
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  mkdirSync(dir, { recursive: true });
  const lock = tryLockFile(join(dir, 'lock'), 'database');
  if ('holder' in lock) {
    throw new DatabaseError(`the database in ${dir} is open in process ${lock.holder.pid}: one process at a time`);
  }
  const backend: Backend = url ? 'postgres' : 'pglite';
  let connection: Connection;
  try {
    const known = readFolderInfo(dir);
    if (known && known.backend !== backend) {
      throw new DatabaseError(`${dir} holds a ${known.backend} database; open it ${known.backend === 'postgres' ? `with KAFKA_LABS_PG_URL=${known.url}` : 'without KAFKA_LABS_PG_URL'}`);
    }
    if (backend === 'postgres') {
      const schema = known?.backend === 'postgres' ? known.schema : undefined;
      const opened = await openPostgres(url, schema);
      connection = opened.connection;
      writeFolderInfo(dir, { backend, url: redactUrl(url), schema: opened.schema });
    } else {
      const opened = await openPglite(join(dir, 'pgdata'), log);
      connection = opened.connection;
      writeFolderInfo(dir, { backend, pglite: opened.version });
    }
  } catch (err) {
    lock.release();
    throw err;
  }
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= connection.close().finally(lock.release));
  return {
    backend,
    dir,
    query: (sql, params) => connection.query(sql, params),
    exec: (sql) => connection.exec(sql),
    transaction: (fn) => connection.transaction(fn),
    dump: (file, tables) => dumpTables(connection, backend, file, tables),
    close,
    [Symbol.asyncDispose]: close,
  };
}

function readFolderInfo(dir: string): FolderInfo | undefined {
  const file = join(dir, 'database.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FolderInfo;
  } catch {
    throw new DatabaseError(`${file} is not valid JSON: remove the folder to start afresh`);
  }
}

function writeFolderInfo(dir: string, info: FolderInfo): void {
  writeFileSync(join(dir, 'database.json'), `${JSON.stringify(info)}\n`);
}
