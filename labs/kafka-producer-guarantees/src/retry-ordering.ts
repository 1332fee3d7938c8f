// Lab 05-retry-ordering: its setup, which the run script records in run.json, and what its grader and report read.

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
 * Whether a variant reorders under the error: without idempotence the broker has no sequence numbers to check, and
 * librdkafka 2.15.1 sends the next queued request before the retry even with one request in flight.
 */
export const mayReorder = (v: OrderingVariant) => !v.idempotent;

/** A variant's name in a figure's: `one-in-flight` → `oneInFlight`. */
export const figureName = (variant: string, figure: string) =>
  `${variant.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}${figure[0]!.toUpperCase()}${figure.slice(1)}`;
