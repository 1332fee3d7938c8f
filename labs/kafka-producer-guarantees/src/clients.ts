// What the single-node run scripts of this track share: each client's producer program as a child process, Kafka's
// console producer, and topics read back and partitions dumped into the run folder. The graders read what these write.
import { BOOTSTRAP } from '@kafka-labs/broker';
import { compactView, parseDumpLog } from '@kafka-labs/dumplog';
import type { Lab } from '@kafka-labs/lab-kit';
import { KAFKAJS_PRODUCER_CLI, PRODUCER_CLI } from '@kafka-labs/producer';
import { scanProducerLog, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { parsePlaced } from './read-back.ts';

/** The lab producer programs, by client, with the setting that names the bootstrap server (the HOST listener: direct). */
export const CLIENTS = {
  librdkafka: { cli: PRODUCER_CLI, flags: [], bootstrap: (at: string) => `bootstrap.servers=${at}`, about: 'librdkafka, callback API, flat config' },
  kafkajs: { cli: KAFKAJS_PRODUCER_CLI, flags: [], bootstrap: (at: string) => `brokers=${at}`, about: 'kafkajs 2.2.4' },
  confluent: {
    cli: KAFKAJS_PRODUCER_CLI,
    flags: ['--library', 'confluent'],
    bootstrap: (at: string) => `brokers=${at}`,
    about: "@confluentinc/kafka-javascript, KafkaJS API with its kafkaJS config block",
  },
} as const;

export type NodeClient = keyof typeof CLIENTS;

/** Longest one producer program of this track may take: a 3 s request time-out and its retry, and the JVM-free start. */
const PRODUCER_DONE_MS = 90_000;

/**
 * Runs a client's producer program as `<name>.log` (`args`: TOPIC IDEMPOTENCE MODE [settings] [flags]), bootstrapping
 * from `bootstrap` (default the HOST listener; a lab's fault proxy gives its own, `proxy.bootstrap`), and returns its
 * log once it printed `producer: done` and exited 0; throws otherwise.
 */
export async function produce(lab: Lab, name: string, client: NodeClient, args: string[], { bootstrap = BOOTSTRAP.host as string } = {}): Promise<ProducerLog> {
  const { cli, flags } = CLIENTS[client];
  const child = lab.spawnTs(name, cli, [...args, CLIENTS[client].bootstrap(bootstrap), ...flags]);
  await child.waitForLine(/^producer: done$/, { timeoutMs: PRODUCER_DONE_MS });
  const code = await child.exited;
  if (code !== 0) throw new Error(`${name} exited with code ${code}; see ${name}.log`);
  return scanProducerLog(child.lines.join('\n'));
}

/**
 * Produces `lines` with Kafka's console producer (the Java client); `key:value` lines with `keyed`; `flags` are the
 * console producer's own (e.g. `--batch-size 1024 --compression-codec gzip`).
 */
export async function javaProduce(lab: Lab, topic: string, lines: string[], { keyed, flags = [] }: { keyed: boolean; flags?: string[] }): Promise<void> {
  const keyProperties = keyed ? ['--reader-property', 'parse.key=true', '--reader-property', 'key.separator=:'] : [];
  await lab.kafka({ input: `${lines.join('\n')}\n` })`kafka-console-producer --bootstrap-server ${BOOTSTRAP.tools} --topic ${topic} ${keyProperties} ${flags}`;
}

/**
 * Reads every record of `topic` with kafka-console-consumer (partition, offset and key printed) into `file`:
 * `expected` records, or what arrives before 5 s pass without one. Without a group when the topic has one partition.
 */
export async function readTopic(
  lab: Lab,
  topic: string,
  file: string,
  { expected, isolation = 'read_uncommitted', partitions = 1 }: { expected: number; isolation?: 'read_committed' | 'read_uncommitted'; partitions?: number },
) {
  const where = partitions === 1 ? ['--partition', '0', '--offset', 'earliest'] : ['--from-beginning'];
  const limit = expected > 0 ? ['--max-messages', String(expected)] : [];
  const { stdout } = await lab.kafka({ saveAs: file })`kafka-console-consumer --bootstrap-server ${BOOTSTRAP.tools} --topic ${topic} \
    ${where} ${limit} --timeout-ms 5000 --isolation-level ${isolation} \
    --formatter-property print.partition=true --formatter-property print.offset=true --formatter-property print.key=true`;
  return parsePlaced(stdout, file);
}

/** Dumps partition `partition` of `topic` into `file` (with its records when `records`) and returns its batches' compact view. */
export async function dumpPartition(lab: Lab, topic: string, file: string, { partition = 0, records = true } = {}): Promise<string[]> {
  const segment = lab.broker.segmentPath(topic, partition);
  const printRecords = records ? ['--print-data-log'] : [];
  const { stdout } = await lab.kafka({ saveAs: file })`kafka-dump-log --files ${segment} ${printRecords}`;
  return compactView(parseDumpLog(stdout).batches);
}
