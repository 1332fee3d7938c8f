export { ERROR_KINDS, ProducerError, type ProducerErrorKind } from './errors.ts';
export { MODE_FLAGS, MODES, keyNames, orderValue, type Mode, type ModeOptions } from './modes.ts';
export { DEFAULT_CONFIG, parseProducerArgs, producerHelp, type ProducerOptions } from './options.ts';
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
} from './output-format.ts';
export { formatPid, parseClientEvent, type ClientEvent, type ClientEventKind, type Pid } from './client-events.ts';
export { KAFKAJS_PRODUCER_CLI, PRODUCER_CLI } from './paths.ts';
export { runProducer } from './producer.ts';
export { LIBRARIES, parseKafkajsArgs, runKafkajsProducer, type KafkajsOptions, type Library } from './kafkajs-producer.ts';
