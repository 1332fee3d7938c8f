import { oneLine } from '@kafka-labs/cli';
import { logLevel, type logCreator } from 'kafkajs';
import type { DeliveryError, ProducerLine } from './producer-log-format.ts';

/** A KafkaJS error as a delivery error: its name, the Kafka error code of a protocol error (also as a cause), its message. */
export function kafkajsError(error: unknown): DeliveryError {
  const e = error as { name?: string; code?: unknown; message?: string; cause?: { code?: unknown } };
  const code = [e.code, e.cause?.code].find((c): c is number => typeof c === 'number' && c >= 0) ?? null;
  return { code, name: e.name ?? 'Error', text: oneLine(error) };
}

const SEVERITY = { [logLevel.ERROR]: 3, [logLevel.WARN]: 4, [logLevel.INFO]: 6, [logLevel.DEBUG]: 7 } as Record<number, number>;

/** A kafkajs logCreator that writes each entry as a producer's client line (syslog severity, namespace, message and its extra fields). */
export const kafkajsLogCreator =
  (write: (line: ProducerLine) => void): logCreator =>
  () =>
  (entry) => {
    const { message, timestamp, logger, stack, ...extra } = entry.log;
    const detail = Object.keys(extra).length ? ` ${JSON.stringify(extra)}` : '';
    write({ kind: 'client', library: 'kafkajs', severity: SEVERITY[entry.level] ?? 6, facility: entry.namespace || 'kafkajs', thread: null, text: `${message}${detail}` });
  };
