// Lab 07-atomic-topics: its setup, which the run script records in run.json, and the files its grader reads.

/**
 * One event per variant to partition 0 of the three topics, in this order, by a librdkafka producer: in a
 * transaction that commits, in one the application aborts when it fails before the last topic, and without a
 * transaction through the same failure, once without idempotence and once with it. A transactional producer is
 * idempotent.
 */
export const ATOMIC_TOPICS = {
  topics: ['orders', 'order-analytics', 'order-notifications'],
  variants: [
    { name: 'committed', event: 'O-1', transactional: true, idempotent: true, failBefore: null },
    { name: 'aborted', event: 'O-2', transactional: true, idempotent: true, failBefore: 'order-notifications' },
    { name: 'plain', event: 'O-3', transactional: false, idempotent: false, failBefore: 'order-notifications' },
    { name: 'idempotent', event: 'O-4', transactional: false, idempotent: true, failBefore: 'order-notifications' },
  ],
} as const;

export type AtomicVariant = { name: string; event: string; transactional: boolean; idempotent: boolean; failBefore: string | null };

/** The files of a topic, by its base name: what a read_committed consumer got, and its partition's dump. */
export const topicFiles = (topic: string) => ({ committed: `${topic}-read-committed.txt`, dump: `${topic}-dump.txt` });

/** The topics an event reaches when the application fails before `failBefore` (all of them when it does not fail). */
export const topicsBefore = (topics: readonly string[], failBefore: string | null) =>
  failBefore === null ? [...topics] : topics.slice(0, topics.indexOf(failBefore));
