// Lab 09-buffer-full: its setup, which the run script records in run.json, and what its run script and grader both
// read of a variant: the records a producer was refused, and the Produce requests of its topic in the proxy's events.
import { orderValue, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import type { ProxyEvent } from '@kafka-labs/proxy';

/**
 * Each variant: the proxy swallows every Produce request (the broker is unreachable for writes), a producer with a
 * small buffer produces `count` orders in one tick through it; once every record was produced (librdkafka: its first
 * refusal is logged; kafkajs: the proxy swallowed requests carrying all of them) the proxy forwards again (the broker
 * is back) and the producer's timed-out requests are retried. A request times out after `requestTimeoutMs`.
 */
export const BUFFER_FULL = {
  count: 40,
  requestTimeoutMs: 3000,
  variants: [
    { name: 'max-messages', client: 'librdkafka', settings: ['queue.buffering.max.messages=5'], maxMessages: 5, maxBytes: 0 },
    { name: 'max-kbytes', client: 'librdkafka', settings: ['queue.buffering.max.kbytes=1'], maxMessages: 0, maxBytes: 1024 },
    { name: 'kafkajs', client: 'kafkajs', settings: [], maxMessages: 0, maxBytes: 0 },
  ],
} as const;

/** How many Produce requests the proxy swallows while the broker is away: more than any variant sends. */
export const SWALLOWED_UP_TO = 200;

/** The name librdkafka gives the refusal of a record its queue has no room for (produce() throws it). */
export const QUEUE_FULL = '_QUEUE_FULL';

/** A variant's topic base name (run.json's `names` maps it to the run's topic) and its files. */
export const bufferTopic = (variant: string) => `buffer-${variant}`;
export const bufferFiles = (variant: string) => ({ producer: `${variant}.log`, dump: `${variant}-dump.txt` });

/** What the producer's results say: the values it was refused (QUEUE_FULL), accepted (an offset) or failed otherwise. */
export function outcomes(log: ProducerLog) {
  const value = (event: string) => orderValue(Number(event.slice(2)));
  const refused = log.results.filter((r) => r.error?.name === QUEUE_FULL);
  const accepted = log.results.filter((r) => r.error === null && r.offset !== null);
  const failed = log.results.filter((r) => r.error !== null && r.error.name !== QUEUE_FULL);
  return { refused, accepted, failed, value };
}

/** The Produce requests of `topic` in the proxy's events: those it swallowed and those it forwarded, in order. */
export function produceRequests(events: readonly ProxyEvent[], topic: string) {
  const own = events.filter((e) => e.apiName === 'Produce' && e.direction === 'request' && e.produce?.partitions.some((p) => p.topic === topic));
  const records = (e: ProxyEvent) => e.produce!.partitions.reduce((n, p) => n + p.records, 0);
  const swallowed = own.filter((e) => e.action === 'swallowed');
  const forwarded = own.filter((e) => e.action === 'forwarded');
  return {
    swallowed,
    forwarded,
    swallowedRecords: swallowed.reduce((n, e) => n + records(e), 0),
    forwardedRecords: forwarded.reduce((n, e) => n + records(e), 0),
    /** True when no request of the topic reached the broker before the last one the proxy swallowed. */
    forwardedAfter: swallowed.length > 0 && forwarded.every((f) => f.seq > swallowed.at(-1)!.seq),
  };
}

/** The order ids (`O-n`) of stored payloads, in log order; `?` for a payload that is not one of the stream's orders. */
export const orderIds = (payloads: readonly string[]) => payloads.map((p) => /^\{"order":"(O-\d+)"/.exec(p)?.[1] ?? '?');

/** How many stored orders come after an order produced later than them (0 when the log keeps the send order). */
export function overtaken(ids: readonly string[]): number {
  let highest = 0;
  let late = 0;
  for (const n of ids.map((id) => Number(id.slice(2)))) {
    if (n < highest) late++;
    highest = Math.max(highest, n);
  }
  return late;
}
