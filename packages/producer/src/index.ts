export { MODE_FLAGS, MODES, type Mode, type ModeOptions } from './modes.ts';
export { DEFAULT_CONFIG, parseProducerArgs, producerHelp, type ProducerOptions } from './options.ts';
export { KAFKAJS_PRODUCER_CLI, PRODUCER_CLI } from './paths.ts';
export { runProducer } from './producer.ts';
export { LIBRARIES, parseKafkajsArgs, runKafkajsProducer, type KafkajsOptions, type Library } from './kafkajs-producer.ts';
