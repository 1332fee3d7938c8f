export * from './dump-file.ts';
export { openDatabase } from './database.ts';
export { CONNECT_TIMEOUT_MS } from './postgres.ts';
export type { Backend, Database, OpenOptions, Queryable, QueryResult, Row } from './database.ts';
export { formatDump } from './dump.ts';
export { PGLITE_VERSION, ensureTemplate, templateDir } from './pglite.ts';
export { SINK_SCHEMA, applyPlain, applyVersioned, applyWithInbox, createSinkTables } from './sinks.ts';
