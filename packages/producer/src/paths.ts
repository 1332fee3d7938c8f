import { fileURLToPath } from 'node:url';

/** Absolute path of the librdkafka producer's CLI entry file, for a lab to start (`lab.spawnTs`: compiled when fresh, see @kafka-labs/build). */
export const PRODUCER_CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** Absolute path of the KafkaJS-API producer's CLI entry file (kafkajs, or the confluent KafkaJS layer). */
export const KAFKAJS_PRODUCER_CLI = fileURLToPath(new URL('./kafkajs-cli.ts', import.meta.url));
