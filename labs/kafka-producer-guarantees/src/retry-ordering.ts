// Lab 05-retry-ordering: its setup, which the run script records in run.json, and what its grader and report read.
import { parseClientEvent, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';

/**
 * W first (an idempotent producer must not lose its first request), then E-1 ... E-5 in one tick, one record per
 * request; the proxy answers Produce request `failedProduce` (E-2's) with NOT_LEADER_OR_FOLLOWER instead of
 * forwarding it, and holds every Produce request (`delayMinBytes` and more; Metadata requests are smaller) for
 * `delayMs`, so that the client has sent all it may before the error comes back. Each variant is one librdkafka
 * producer on its own topic.
 */
export const RETRY_ORDERING = {
  events: 5,
  failedProduce: 3,
  delayMinBytes: 100,
  delayMs: 200,
  variants: [
    { name: 'plain', idempotent: false, maxInFlight: 5 },
    { name: 'idempotent', idempotent: true, maxInFlight: 5 },
    { name: 'one-in-flight', idempotent: false, maxInFlight: 1 },
  ],
} as const;

export type OrderingVariant = { name: string; idempotent: boolean; maxInFlight: number };

/** The files of a variant's run: its producer log, and its partition dumped with kafka-dump-log. */
export const orderingFiles = (variant: string) => ({ producer: `${variant}.log`, dump: `${variant}-dump.txt` });

/** The topic's base name for a variant (run.json's `names` maps it to the run's topic). */
export const orderingTopic = (variant: string) => `order-${variant}`;

/** The values in the order they were sent: W, E-1 ... E-n. */
export const sentOrder = (events: number) => ['W', ...Array.from({ length: events }, (_, i) => `E-${i + 1}`)];

/** The value of the Nth Produce request (from 1), one record per request. */
export const failedValue = (events: number, failedProduce: number) => sentOrder(events)[failedProduce - 1]!;

/**
 * Whether every record sent behind the failed one was in flight when its error came back (more requests allowed in
 * flight than records behind it): on one connection the broker then stores them all before the retry, without
 * idempotence.
 */
export const allInFlight = (v: OrderingVariant, s: { events: number; failedProduce: number }) =>
  v.maxInFlight > sentOrder(s.events).length - s.failedProduce;

/** How many records sent behind the failed one a partition's `stored` values hold before it. */
export function overtakenIn(stored: readonly string[], s: { events: number; failedProduce: number }): number {
  const failedAt = stored.indexOf(failedValue(s.events, s.failedProduce));
  return sentOrder(s.events)
    .slice(s.failedProduce)
    .filter((value) => stored.indexOf(value) < failedAt).length;
}

/** The client a producer log names in librdkafka's INIT line (`librdkafka 2.15.1`), or `librdkafka` when it has none. */
export function clientOf(log: ProducerLog): string {
  const version = log.client.map(parseClientEvent).find((e) => e?.kind === 'client-version');
  return version?.kind === 'client-version' ? `librdkafka ${version.version}` : 'librdkafka';
}

/** A variant's name in a figure's: `one-in-flight` → `oneInFlight`. */
export const figureName = (variant: string, figure: string) =>
  `${variant.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}${figure[0]!.toUpperCase()}${figure.slice(1)}`;
