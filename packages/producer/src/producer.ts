import type { DeliveryReport, LibrdKafkaError } from '@confluentinc/kafka-javascript';
import { oneLine } from '@kafka-labs/cli';
import { call, clientLine, deliveryError, Kafka, type LogEvent, topicPartitions } from '@kafka-labs/kafka-client';
import { formatProducerLine, ProducerError, type ProducerLine } from '@kafka-labs/kafka-client/producer-log';
import type { ProducerOptions } from './options.ts';
import { runMode, type Report, type SendingClient } from './plan.ts';

const CONNECT_TIMEOUT_MS = 30_000;
const TRANSACTION_TIMEOUT_MS = 30_000;

/** The callback API's Producer as a SendingClient: one delivery report per produce call, matched by opaque. */
function rdkafkaClient(producer: Kafka.Producer, transactional: boolean): SendingClient {
  const pending = new Map<number, (report: Report) => void>();
  producer.on('delivery-report', (error: LibrdKafkaError | null, report: DeliveryReport) => {
    const settle = pending.get(report.opaque as number);
    pending.delete(report.opaque as number);
    const partition = report.partition >= 0 ? report.partition : null;
    settle?.(error ? { offset: null, error: deliveryError(error), partition } : { offset: report.offset, error: null, partition });
  });
  let nextOpaque = 0;
  return {
    transactional,
    send: (record) =>
      new Promise<Report>((resolve) => {
        const opaque = ++nextOpaque;
        pending.set(opaque, resolve);
        try {
          producer.produce(record.topic, record.partition, Buffer.from(record.value), record.key, null, opaque);
        } catch (error) {
          pending.delete(opaque);
          resolve({ offset: null, error: { ...deliveryError(error as LibrdKafkaError), text: oneLine(error) }, partition: record.partition });
        }
      }),
    loadTopic: (topic) => topicPartitions(producer, topic, CONNECT_TIMEOUT_MS).then(() => {}),
    transaction: (action) =>
      call((done) =>
        action === 'begin'
          ? producer.beginTransaction(done)
          : action === 'commit'
            ? producer.commitTransaction(TRANSACTION_TIMEOUT_MS, done)
            : producer.abortTransaction(TRANSACTION_TIMEOUT_MS, done),
      ),
    setPollInterval: (ms) => producer.setPollInterval(ms),
  };
}

/**
 * Runs the mode with librdkafka's callback Producer (stdin mode: on the lines of `io.input`) and writes one line per
 * delivery report and per client log line; resolves once every record has its report (and a fan-out's transaction
 * has ended).
 */
export async function runProducer(options: ProducerOptions, io: { write(line: string): void; input?: AsyncIterable<string> }): Promise<void> {
  const write = (line: ProducerLine) => io.write(formatProducerLine(line));
  let producer: Kafka.Producer;
  try {
    producer = new Kafka.Producer({ ...options.config, dr_cb: true });
  } catch (cause) {
    throw new ProducerError('config', `librdkafka rejected the configuration: ${oneLine(cause)}`, { cause });
  }
  write({ kind: 'start', topic: options.topic, mode: options.mode, config: options.config });
  producer.on('event.log', (event: LogEvent) => write(clientLine(event)));
  producer.on('event.error', (error: LibrdKafkaError) => write({ kind: 'client-error', ...deliveryError(error), text: error.message }));
  const transactional = options.config['transactional.id'] !== undefined;
  const client = rdkafkaClient(producer, transactional);

  await call<unknown>((done) => producer.connect({ timeout: CONNECT_TIMEOUT_MS }, done)).catch((error: unknown) => {
    throw new ProducerError('client', `cannot reach ${options.config['bootstrap.servers']}: ${oneLine(error)}`, { cause: error });
  });
  producer.setPollInterval(20);
  if (transactional) {
    await call((done) => producer.initTransactions(TRANSACTION_TIMEOUT_MS, done)).catch((error: unknown) => {
      throw new ProducerError('client', `initTransactions failed: ${oneLine(error)}`, { cause: error });
    });
  }
  await runMode(options.topic, options.mode, options.modeOptions, client, 'librdkafka', write, io.input);
  // Every report is in: a poll timer still firing while the client is destroyed crashed the process (SIGSEGV, 1 run in about 50).
  producer.setPollInterval(0);
  await new Promise<void>((resolve) => producer.disconnect(CONNECT_TIMEOUT_MS, () => resolve()));
  write({ kind: 'done' });
}
