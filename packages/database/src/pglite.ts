import { constants, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { isAlive, labsHome } from '@kafka-labs/broker';
import type { Connection, Queryable } from './database.ts';
import { DatabaseError } from './errors.ts';

/** The installed PGlite's version: a template is made by, and only used with, one version. */
export const PGLITE_VERSION: string = JSON.parse(
  readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8'),
).version;

/** The per-machine template data folder: initdb'd once, then copied for every run. */
export function templateDir(): string {
  return join(labsHome(), 'pglite', PGLITE_VERSION, 'template');
}

const BUILD = /^template\.(\d+)\.[a-z0-9]+\.tmp$/;

/**
 * Makes the template once per machine (initdb: seconds, and most of a GB of memory); concurrent first
 * uses each build a folder of their own and the first rename wins, so a template is always whole.
 */
export async function ensureTemplate(log: (line: string) => void): Promise<string> {
  const template = templateDir();
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const root = dirname(template);
  mkdirSync(root, { recursive: true });
  for (const name of readdirSync(root)) {
    const pid = BUILD.exec(name)?.[1];
    if (pid && !isAlive(Number(pid))) rmSync(join(root, name), { recursive: true, force: true });
  }
  const build = join(root, `template.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`);
  log(`database: making the PGlite ${PGLITE_VERSION} template, once for this machine (initdb: 5-10 s) in ${template}`);
  const started = performance.now();
  try {
    await (await PGlite.create({ dataDir: build })).close();
    renameSync(build, template);
    log(`database: template ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (err) {
    rmSync(build, { recursive: true, force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || !existsSync(join(template, 'PG_VERSION'))) throw err;
  }
  return template;
}

/** Opens PGlite on `dataDir`, first copying the template there (atomically) when it holds no database yet. */
export async function openPglite(dataDir: string, log: (line: string) => void): Promise<{ connection: Connection; version: string }> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const template = await ensureTemplate(log);
    const copy = `${dataDir}.tmp`;
    rmSync(copy, { recursive: true, force: true });
    cpSync(template, copy, { recursive: true, mode: constants.COPYFILE_FICLONE });
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(copy, dataDir);
  }
  const db = await PGlite.create({ dataDir }).catch((err: Error) => {
    throw new DatabaseError(`PGlite cannot open ${dataDir}: ${err.message}`, { cause: err });
  });
  const connection: Connection = {
    ...queryable(db),
    transaction: (fn) => db.transaction((tx) => fn(queryable(tx))),
    close: () => db.close(),
  };
  return { connection, version: PGLITE_VERSION };
}

function queryable(db: PGlite | Transaction): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]) {
      const result = await db.query<R>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}
