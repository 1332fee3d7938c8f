export { openDatabase } from './database.ts';
export type { Backend, Database, OpenOptions, Queryable, QueryResult, Row } from './database.ts';
export { DUMP_LIMITS, formatDump, parseDump } from './dump.ts';
export type { Dump, DumpRow, Value } from './dump.ts';
export { DatabaseError } from './errors.ts';
export { PGLITE_VERSION, ensureTemplate, templateDir } from './pglite.ts';
export { SINK_SCHEMA, SINK_TABLES, applyPlain, applyWithInbox, createSinkTables, sinkFigures, sinkState } from './sinks.ts';
export type { OrderEvent, SinkFigures, SinkState } from './sinks.ts';
