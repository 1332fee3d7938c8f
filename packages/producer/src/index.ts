export { ERROR_KINDS, ProducerError, type ProducerErrorKind } from './errors.ts';
export { DEFAULT_CONFIG, MODES, parseProducerArgs, producerHelp, type Mode, type ProducerOptions } from './options.ts';
export {
  formatProducerLine,
  parseProducerLine,
  parseProducerLog,
  scanProducerLog,
  type Delivery,
  type ProducerLine,
  type ProducerLineKind,
  type ProducerLog,
} from './output-format.ts';
export { formatPid, parseClientEvent, type ClientEvent, type ClientEventKind, type Pid } from './client-events.ts';
export { PRODUCER_CLI } from './paths.ts';
export { runProducer } from './producer.ts';
