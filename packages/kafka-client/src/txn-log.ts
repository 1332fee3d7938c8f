// What a transactional worker's run leaves behind, without the clients: its event log, saved topic reads and
// the order events. Graders read them with these, and load no Kafka client for it.
export { TxnWorkerError } from './errors.ts';
export {
  ERROR_FLAGS,
  formatTxnEvent,
  parseTxnLine,
  parseTxnLog,
  scanTxnLog,
  type CallFailure,
  type ErrorFlag,
  type TxnEvent,
  type TxnEventBody,
  type TxnEventKind,
  type TxnEventOf,
} from './txn-log-format.ts';
export { enrichedValue, orderEvent, orderMessage, parseOrder, regionOf, TRANSFORM_VERSIONS, type Enrichment, type TransformVersion } from './orders.ts';
export { formatRead, ISOLATION_LEVELS, parseRead, READ_LIMIT, type IsolationLevel, type TopicRead, type TopicRecord } from './read-format.ts';
export { readTxnLog } from './run-files.ts';
