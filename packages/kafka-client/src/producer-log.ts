// What a producer's log says, without the clients: the line format, the librdkafka debug events, the message
// keys and values. Graders and the report read logs with these, and load no Kafka client for it.
export { ERROR_KINDS, ProducerError, type ProducerErrorKind } from './errors.ts';
export { keyNames, orderValue } from './producer-records.ts';
export {
  formatProducerLine,
  parseProducerLine,
  parseProducerLog,
  scanProducerLog,
  type Delivery,
  type DeliveryError,
  type ProducerLine,
  type ProducerLineKind,
  type ProducerLog,
  type RecordFields,
  type TransactionAction,
} from './producer-log-format.ts';
export { formatPid, parseClientEvent, type ClientEvent, type ClientEventKind, type Pid } from './client-events.ts';
