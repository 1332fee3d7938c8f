import type { DeliveryReport, LibrdKafkaError, Producer } from '@confluentinc/kafka-javascript';
import { WorkerError } from './errors.ts';
import { DEFAULT_BOOTSTRAP, errorName, Kafka } from './librdkafka.ts';

const CONNECT_TIMEOUT_MS = 15_000;
/** librdkafka gives up on a message after this long, so a missing topic or broker ends the run with an error. */
const MESSAGE_TIMEOUT_MS = 30_000;

export interface SpreadOptions {
  bootstrap?: string;
  topic: string;
  count: number;
  partitions: number;
  /** Seconds to wait between two sends; 0 sends as fast as the producer takes them. */
  intervalSec?: number;
  /** Message i's key and value; default: no key, value `m-<i>` (spreadValue). */
  message?: (i: number) => { key?: string; value: string };
}

export interface SpreadResult {
  topic: string;
  sent: number;
  /** Per partition: how many messages landed there and their first and last offsets. */
  partitions: { partition: number; count: number; firstOffset: number; lastOffset: number }[];
}

/** The value of message i: `m-<i>`. */
export const spreadValue = (i: number) => `m-${i}`;

/**
 * Sends `count` messages (value `m-<i>` unless `message` says otherwise) to partition `i % partitions` and resolves once every delivery
 * report arrived; rejects with a WorkerError naming the first failed delivery.
 */
export async function produceSpread(options: SpreadOptions): Promise<SpreadResult> {
  const bootstrap = options.bootstrap ?? DEFAULT_BOOTSTRAP;
  const producer: Producer = new Kafka.Producer({
    'bootstrap.servers': bootstrap,
    'client.id': `fill-${options.topic}`,
    dr_cb: true,
    'message.timeout.ms': MESSAGE_TIMEOUT_MS,
  });
  await new Promise<void>((resolve, reject) =>
    producer.connect({ timeout: CONNECT_TIMEOUT_MS }, (error) =>
      error ? reject(new WorkerError(`cannot connect to ${bootstrap}: ${error.message}`, { cause: error })) : resolve(),
    ),
  );

  const reports: DeliveryReport[] = [];
  const failures: LibrdKafkaError[] = [];
  let settle: () => void = () => {};
  const allReported = new Promise<void>((resolve) => (settle = resolve));
  producer.on('delivery-report', (error, report) => {
    if (error) failures.push(error);
    else reports.push(report);
    if (reports.length + failures.length === options.count) settle();
  });
  producer.setPollInterval(20);
  if (options.count === 0) settle();

  try {
    for (let i = 0; i < options.count; i++) {
      const { key, value } = options.message?.(i) ?? { value: spreadValue(i) };
      producer.produce(options.topic, i % options.partitions, Buffer.from(value), key);
      if (options.intervalSec) await new Promise((resolve) => setTimeout(resolve, options.intervalSec! * 1000));
    }
    await allReported;
  } catch (error) {
    throw new WorkerError(`cannot send to ${options.topic}: ${errorName(error)} ${(error as Error).message}`, { cause: error });
  } finally {
    await new Promise<void>((resolve) => producer.disconnect(() => resolve()));
  }
  const failure = failures[0];
  if (failure) {
    throw new WorkerError(`${failures.length} of ${options.count} messages to ${options.topic} failed, first: ${errorName(failure)} ${failure.message}`);
  }

  const byPartition = new Map<number, SpreadResult['partitions'][number]>();
  for (const { partition, offset } of reports) {
    const entry = byPartition.get(partition) ?? { partition, count: 0, firstOffset: offset, lastOffset: offset };
    entry.count += 1;
    entry.firstOffset = Math.min(entry.firstOffset, offset);
    entry.lastOffset = Math.max(entry.lastOffset, offset);
    byPartition.set(partition, entry);
  }
  return {
    topic: options.topic,
    sent: reports.length,
    partitions: [...byPartition.values()].sort((a, b) => a.partition - b.partition),
  };
}

/** One line: `sent N messages to T (p0: 500 at 0..499, p1: ...)`. */
export function formatSpreadResult(result: SpreadResult): string {
  const parts = result.partitions.map((p) => `p${p.partition}: ${p.count} at ${p.firstOffset}..${p.lastOffset}`);
  return `sent ${result.sent} messages to ${result.topic}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}
