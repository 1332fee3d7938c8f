import Confluent from '@confluentinc/kafka-javascript';
import { oneLine } from '@kafka-labs/cli';
import { CompressionTypes, Kafka, logLevel, type Producer, type Transaction } from 'kafkajs';
import { clientLine } from '@kafka-labs/kafka-client';
import { kafkajsError, kafkajsLogCreator } from '@kafka-labs/kafka-client/kafkajs';
import { formatProducerLine, ProducerError, type ProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { commonHelp, parseCommonArgs } from './options.ts';
import type { Mode, ModeOptions } from './modes.ts';
import { runMode, type ProduceRecord, type Report, type SendingClient } from './plan.ts';

/** The libraries with a KafkaJS API: kafkajs itself, and @confluentinc/kafka-javascript's KafkaJS-compatible layer over librdkafka. */
export const LIBRARIES = ['kafkajs', 'confluent'] as const;
export type Library = (typeof LIBRARIES)[number];

const CODECS = { none: CompressionTypes.None, gzip: CompressionTypes.GZIP, snappy: CompressionTypes.Snappy, lz4: CompressionTypes.LZ4, zstd: CompressionTypes.ZSTD } as const;
type Codec = keyof typeof CODECS;

/** The KafkaJS options the program takes as `key=value`, with what each sets; the defaults are the libraries' own. */
const SETTINGS = {
  brokers: { about: 'bootstrap brokers, a comma list (default localhost:9532, the fault proxy)', parse: (v: string) => v.split(',') },
  requestTimeout: { about: 'ms a request may wait for its response (kafkajs default 30000)', parse: Number },
  retries: { about: 'retries of a failed request (kafkajs default 5)', parse: Number },
  maxInFlightRequests: { about: 'requests in flight per connection (kafkajs default: no limit)', parse: Number },
  transactionalId: { about: 'makes fan-out run in a transaction', parse: String },
  acks: { about: '-1 (all), 1 or 0 (default -1)', parse: Number },
  compression: { about: `${Object.keys(CODECS).join('|')}: the codec of each send (default none)`, parse: String },
} as const;

type Setting = keyof typeof SETTINGS;
export type KafkajsSettings = { [K in Setting]?: ReturnType<(typeof SETTINGS)[K]['parse']> };

export interface KafkajsOptions {
  library: Library;
  topic: string;
  mode: Mode;
  modeOptions: ModeOptions;
  idempotent: boolean;
  settings: KafkajsSettings;
}

export function kafkajsHelp(): string {
  return [
    'usage: kafkajs-producer TOPIC IDEMPOTENCE MODE [key=value ...] [mode flags] [--library kafkajs|confluent]',
    '',
    'Produces the lab events through the KafkaJS API, one send() per record, with kafkajs 2.2.4 (--library kafkajs,',
    "the default) or with @confluentinc/kafka-javascript's KafkaJS-compatible layer (--library confluent: its kafkaJS",
    'config block), and prints one result line per send (`0.1s E-1 result: offset=0`, or the error it threw:',
    '`0.0s E-1 result: error KafkaJSNotImplemented | Snappy compression not implemented`) and one client line per',
    'warning or error the library logs.',
    '',
    ...commonHelp('a KafkaJS option:'),
    ...Object.entries(SETTINGS).map(([key, s]) => `    ${key.padEnd(20)} ${s.about}`),
    '',
    'exit codes: 0 every send has its result, 1 the client failed, 2 bad arguments',
  ].join('\n');
}

/** Parses the KafkaJS producer's command line; throws a ProducerError naming the bad argument. */
export function parseKafkajsArgs(argv: readonly string[]): KafkajsOptions {
  const args = parseCommonArgs(argv, 'KafkaJS option', {
    library: { kind: 'choice', choices: LIBRARIES, default: 'kafkajs', help: 'the library behind the KafkaJS API' },
  });
  const settings: Record<string, unknown> = {};
  for (const [key, text] of args.settings) {
    if (!Object.hasOwn(SETTINGS, key)) throw new ProducerError('usage', `'${key}' is not an option of this program (${Object.keys(SETTINGS).join(', ')})`);
    const value = SETTINGS[key as Setting].parse(text);
    if (typeof value === 'number' && !Number.isInteger(value)) throw new ProducerError('usage', `${key} must be an integer, not '${text}'`);
    if (key === 'compression' && !Object.hasOwn(CODECS, text)) throw new ProducerError('usage', `compression must be one of ${Object.keys(CODECS).join(', ')}, not '${text}'`);
    if (key === 'acks' && ![-1, 0, 1].includes(value as number)) throw new ProducerError('usage', `acks must be -1, 0 or 1, not '${text}'`);
    settings[key] = value;
  }
  if (settings.transactionalId !== undefined && !args.idempotent) throw new ProducerError('usage', 'transactionalId needs IDEMPOTENCE true');
  return { library: args.extra.library as Library, topic: args.topic, mode: args.mode, modeOptions: args.modeOptions, idempotent: args.idempotent, settings };
}

/** The SendingClient over a KafkaJS-API producer: a send() per record, through the open transaction when there is one. */
function kafkajsClient(producer: Producer, options: KafkajsOptions): SendingClient {
  const { acks, compression } = options.settings;
  // kafkajs takes acks and the codec per send; the confluent layer refuses them there (they are producer config).
  const sendOptions = options.library === 'kafkajs' ? { ...(acks === undefined ? {} : { acks }), ...(compression === undefined ? {} : { compression: CODECS[compression as Codec] }) } : {};
  let transaction: Transaction | null = null;
  return {
    transactional: options.settings.transactionalId !== undefined,
    async send(record: ProduceRecord): Promise<Report> {
      const message = { value: record.value, ...(record.key === null ? {} : { key: record.key }), ...(record.partition === null ? {} : { partition: record.partition }) };
      try {
        const [meta] = await (transaction ?? producer).send({ topic: record.topic, messages: [message], ...sendOptions });
        return { offset: Number(meta!.baseOffset), error: null, partition: meta!.partition };
      } catch (error) {
        return { offset: null, error: kafkajsError(error), partition: record.partition };
      }
    },
    // kafkajs fetches a topic's metadata before it partitions the messages of a send; the confluent layer's
    // dependent admin asks through the producer's own client, whose metadata cache then has the topic.
    async loadTopic(topic) {
      if (options.library === 'kafkajs') return;
      const admin = (producer as unknown as { dependentAdmin(): { connect(): Promise<void>; fetchTopicMetadata(o: { topics: string[] }): Promise<unknown>; disconnect(): Promise<void> } }).dependentAdmin();
      await admin.connect();
      await admin.fetchTopicMetadata({ topics: [topic] });
      await admin.disconnect();
    },
    async transaction(action) {
      if (action === 'begin') transaction = await producer.transaction();
      else {
        const open = transaction!;
        transaction = null;
        await (action === 'commit' ? open.commit() : open.abort());
      }
    },
  };
}

/** Creates the library's producer; its warnings and errors become client lines. */
function createProducer(options: KafkajsOptions, write: (line: ProducerLine) => void): Producer {
  const { brokers = ['localhost:9532'], requestTimeout, retries, maxInFlightRequests, transactionalId, acks, compression } = options.settings;
  const producerConfig = {
    idempotent: options.idempotent,
    ...(maxInFlightRequests === undefined ? {} : { maxInFlightRequests }),
    ...(transactionalId === undefined ? {} : { transactionalId }),
  };
  const clientConfig = { brokers, ...(requestTimeout === undefined ? {} : { requestTimeout }), ...(retries === undefined ? {} : { retry: { retries } }) };
  if (options.library === 'kafkajs') {
    return new Kafka({ ...clientConfig, logLevel: logLevel.WARN, logCreator: kafkajsLogCreator(write) }).producer(producerConfig);
  }
  const log = (severity: number) => (message: string, extra?: { fac?: string }) => {
    write(clientLine({ severity, fac: extra?.fac ?? 'KAFKAJS', message }));
  };
  const logger = { error: log(3), warn: log(4), info: () => {}, debug: () => {}, namespace: () => logger, setLogLevel: () => {} };
  const kafka = new Confluent.KafkaJS.Kafka({ kafkaJS: { ...clientConfig, logger } as never });
  return kafka.producer({
    kafkaJS: { ...producerConfig, ...(acks === undefined ? {} : { acks }), ...(compression === undefined ? {} : { compression }) } as never,
  }) as unknown as Producer;
}

/** Runs the mode through the KafkaJS API (stdin mode: on the lines of `io.input`) and writes one line per send result and per logged warning or error. */
export async function runKafkajsProducer(options: KafkajsOptions, io: { write(line: string): void; input?: AsyncIterable<string> }): Promise<void> {
  const write = (line: ProducerLine) => io.write(formatProducerLine(line));
  let producer: Producer;
  try {
    producer = createProducer(options, write);
  } catch (cause) {
    throw new ProducerError('config', `${options.library} rejected the configuration: ${oneLine(cause)}`, { cause });
  }
  const config = Object.fromEntries([['idempotent', String(options.idempotent)], ...Object.entries(options.settings).map(([k, v]) => [k, String(v)])]);
  write({ kind: 'start', client: options.library, topic: options.topic, mode: options.mode, config });
  try {
    await producer.connect();
  } catch (error) {
    throw new ProducerError('client', `cannot reach ${(options.settings.brokers ?? ['localhost:9532']).join(',')}: ${oneLine(error)}`, { cause: error });
  }
  await runMode(options.topic, options.mode, options.modeOptions, kafkajsClient(producer, options), options.library, write, io.input);
  await producer.disconnect();
  write({ kind: 'done' });
}
