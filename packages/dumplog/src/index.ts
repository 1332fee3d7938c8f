export { parseDumpLog, readDumpLog, PARSE_ERRORS } from './parse-dump-log.ts';
export type { DumpLog, DumpBatch, DumpRecord, DumpLogError, ParseErrorReason, TimestampType, EndTxnMarker } from './parse-dump-log.ts';
export { readRunDump } from './run-folder.ts';
export { compactView } from './compact-view.ts';
export { dataBatches, recordsWithPayload, txnOutcome } from './select.ts';
export { parseGroupOffsets, parseGroupTable } from './consumer-groups.ts';
export type { GroupOffset } from './consumer-groups.ts';
export { parseConsoleRecords, parseTransactionStates } from './tool-output.ts';
export type { ConsoleRecord, TransactionState } from './tool-output.ts';
