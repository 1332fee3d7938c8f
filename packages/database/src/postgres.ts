import pg from 'pg';
import type { Connection, Queryable } from './database.ts';
import { DatabaseError } from './errors.ts';

/** How long a connection to the server may take (TCP, TLS and login) before the open or query fails. */
export const CONNECT_TIMEOUT_MS = 10_000;

const INT8 = 20;
/** int8 (count(*), bigint) as a number, as PGlite returns it, so that both backends give the same rows. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 && format !== 'binary' ? Number : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** `url` with its password replaced by `***`, for messages and database.json. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a URL that does not parse)';
  }
}

/**
 * Connects to the PostgreSQL server at `url` with `search_path` set to the folder's own schema:
 * `schema` when the folder already has one, otherwise a new one.
 */
export async function openPostgres(url: string, schema?: string): Promise<{ connection: Connection; schema: string }> {
  const name = schema ?? `kafka_labs_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new DatabaseError(`"${name}" is not a schema name this package makes`);
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${name}`, types, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client that loses its server emits 'error'; the next query reports it instead.
  pool.on('error', () => {});
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${name}`);
  } catch (err) {
    await pool.end();
    throw new DatabaseError(`cannot use PostgreSQL at ${redactUrl(url)}: ${(err as Error).message}`, { cause: err });
  }
  const connection: Connection = {
    ...queryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw err;
      } finally {
        // A client whose ROLLBACK failed is discarded rather than returned to the pool.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
  return { connection, schema: name };
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

function queryable(db: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]) {
      const result = await db.query(sql, params);
      return { rows: result.rows as R[], affectedRows: WRITES.has(result.command) ? (result.rowCount ?? 0) : 0 };
    },
    async exec(sql: string) {
      await db.query(sql);
    },
  };
}
