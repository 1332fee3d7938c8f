export * from './dump-file.ts';
export { openDatabase } from './database.ts';
export { CONNECT_TIMEOUT_MS } from './postgres.ts';
export type { Backend, Database, OpenOptions, Queryable, QueryResult, Row } from './database.ts';
export { formatDump } from './dump.ts';
export { PGLITE_VERSION, ensureTemplate, templateDir } from './pglite.ts';
export { SINK_SCHEMA, UNIQUE_EVENT_ID, UNIQUE_VIOLATION, applyOnConflict, applyPlain, applyUnique, applyVersioned, applyWithInbox, createSinkTables } from './sinks.ts';
