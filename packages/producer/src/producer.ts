import Kafka, { type DeliveryReport, type LibrdKafkaError } from '@confluentinc/kafka-javascript';
import { oneLine } from '@kafka-labs/cli';
import { ProducerError } from './errors.ts';
import { MODES, type ProducerOptions } from './options.ts';
import { formatProducerLine, type Delivery, type ProducerLine } from './output-format.ts';

const CONNECT_TIMEOUT_MS = 30_000;

/** librdkafka's error names by code, as rd_kafka_err2name prints them (`_MSG_TIMED_OUT`). */
const ERROR_NAMES = new Map<number, string>(
  Object.entries(Kafka.CODES.ERRORS).map(([key, code]) => [code, key.replace(/^ERR_/, '')]),
);

const errorOf = (error: { code?: number }) => {
  const code = Number(error.code);
  return { code, name: ERROR_NAMES.get(code) ?? `ERR${code}` };
};

async function* emptyInput(): AsyncIterable<string> {}

/** librdkafka's log event: `message` starts with `[thrd:<thread>]: ` for most lines. */
interface LogEvent {
  severity: number;
  fac: string;
  message: string;
}

function clientLine({ severity, fac, message }: LogEvent): ProducerLine {
  const match = /^\[thrd:([^\]]*)\]: (.*)$/s.exec(message);
  return { kind: 'client', severity, facility: fac, thread: match ? match[1]! : null, text: match ? match[2]! : message };
}

/**
 * Produces the mode's events (in `stdin` mode the lines of `io.input`) to partition 0 of the topic, one at a time,
 * each after the previous delivery report, and writes one line per delivery report and per client log line; resolves
 * once every event has its report.
 */
export async function runProducer(
  options: ProducerOptions,
  io: { write(line: string): void; input?: AsyncIterable<string> },
): Promise<void> {
  const write = (line: ProducerLine) => io.write(formatProducerLine(line));
  const mode = MODES[options.mode];
  let producer: Kafka.Producer;
  try {
    producer = new Kafka.Producer({ ...options.config, dr_cb: true });
  } catch (cause) {
    throw new ProducerError('config', `librdkafka rejected the configuration: ${oneLine(cause)}`, { cause });
  }
  write({ kind: 'start', topic: options.topic, mode: options.mode, config: options.config });
  producer.on('event.log', (event: LogEvent) => write(clientLine(event)));
  producer.on('event.error', (error: LibrdKafkaError) => write({ kind: 'client-error', ...errorOf(error), text: error.message }));

  const pending = new Map<number, (delivery: Delivery) => void>();
  producer.on('delivery-report', (error: LibrdKafkaError | null, report: DeliveryReport) => {
    const settle = pending.get(report.opaque as number);
    pending.delete(report.opaque as number);
    settle?.(error ? { offset: null, error: errorOf(error) } : { offset: report.offset, error: null });
  });

  await new Promise<void>((resolve, reject) =>
    producer.connect({ timeout: CONNECT_TIMEOUT_MS }, (error) =>
      error
        ? reject(new ProducerError('client', `cannot reach ${options.config['bootstrap.servers']}: ${oneLine(error)}`, { cause: error }))
        : resolve(),
    ),
  );
  producer.setPollInterval(20);
  const readyAt = performance.now();
  let nextOpaque = 0;
  const deliver = (event: string) =>
    new Promise<Delivery>((resolve) => {
      const opaque = ++nextOpaque;
      pending.set(opaque, resolve);
      producer.produce(options.topic, 0, Buffer.from(event), null, null, opaque);
    });

  const events = mode.events === 'stdin' ? (io.input ?? emptyInput()) : mode.events;
  for await (const event of events) {
    if (event === '') continue;
    let delivery = await deliver(event);
    write({ kind: 'result', sec: (performance.now() - readyAt) / 1000, event, ...delivery });
    if (delivery.error && mode.retryOnFailure) {
      delivery = await deliver(event);
      write({ kind: 'result', sec: (performance.now() - readyAt) / 1000, event, ...delivery });
    }
  }
  await new Promise<void>((resolve) => producer.disconnect(CONNECT_TIMEOUT_MS, () => resolve()));
  write({ kind: 'done' });
}
