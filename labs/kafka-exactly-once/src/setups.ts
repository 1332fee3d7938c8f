// The experiments of this track as data: what each run script sets up and what its grader holds it to.

/** Lab 01-ghost-reads: the same orders written in a transaction that is aborted, then in one that is committed. */
export const GHOST = {
  orders: 5,
  outcomes: ['abort', 'commit'],
} as const;

/**
 * Lab 02-offsets-in-transaction: a worker killed (SIGKILL) at a line it prints in its second batch, restarted with
 * the same transactional.id, once per way of committing the input offsets.
 */
export const OFFSETS = {
  orders: 10,
  batch: 5,
  variants: [
    { name: 'after', commit: 'after-txn', killAfter: 'committed:2' },
    { name: 'before', commit: 'before-txn', killAfter: 'offsets-committed:2' },
    { name: 'sent', commit: 'transaction', killAfter: 'sent-offsets:2' },
  ],
} as const;

/**
 * Lab 03-zombie-fencing: a worker (a1) stalls inside its first transaction, a second instance (a2) takes over the
 * same input, then a1 resumes: with a stable transactional.id, with a random id and assign(), with a random id and
 * subscribe(); and a1 stalled after sendOffsetsToTransaction with a random id and assign(), where a2's committed-offset
 * fetch is held until a1's transaction ends. `zombie` names what becomes of a1's late transaction.
 */
export const ZOMBIE = {
  orders: 10,
  batch: 5,
  /** Session and max.poll interval of the subscribe() members (the broker's minimum session): how long a1 keeps p0. */
  sessionTimeoutMs: 6000,
  /** How long the run lets a2's committed-offset fetch wait (held) before it resumes a1, in the held variant. */
  holdMs: 3000,
  /** Where a1 stalls: after its batch is produced (before sendOffsetsToTransaction), or after sendOffsetsToTransaction. */
  variants: [
    { name: 'stable', randomId: false, assign: true, stallAfter: 'produced:5', zombie: 'fenced' },
    { name: 'random-assign', randomId: true, assign: true, stallAfter: 'produced:5', zombie: 'committed-late' },
    { name: 'random-subscribe', randomId: true, assign: false, stallAfter: 'produced:5', zombie: 'group-fenced' },
    { name: 'random-after-offsets', randomId: true, assign: true, stallAfter: 'sent-offsets:1', zombie: 'held' },
  ],
} as const;

/**
 * Lab 04-transaction-timeout: a worker stalls inside its transaction for longer than transaction.timeout.ms, the
 * coordinator aborts it; a plain order written to the output meanwhile (`late`, an event index) waits behind it.
 */
export const TIMEOUT = {
  orders: 5,
  batch: 5,
  transactionTimeoutMs: 5000,
  stallAfter: 'sent-offsets:1',
  late: 5,
} as const;

/**
 * Lab 08-diagnose: a pipeline (plain sink) whose database shows duplicates, from one of the article's three causes,
 * chosen by the run's seed: the order producer re-sent orders, the pipeline group re-read offsets after a member
 * died and its partition moved, or a replay re-applied events the sink had.
 */
export const DIAGNOSE = {
  orders: 10,
  batch: 5,
  causes: ['producer', 'rebalance', 'sink'],
} as const;

/** What a seed plants: the cause, and how many events end up applied twice (2-4). */
export function diagnoseIncident(seed: number): { cause: (typeof DIAGNOSE.causes)[number]; copies: number } {
  return { cause: DIAGNOSE.causes[seed % DIAGNOSE.causes.length]!, copies: 2 + (Math.floor(seed / DIAGNOSE.causes.length) % 3) };
}

/**
 * Lab 09-hanging-transaction: a worker killed (SIGKILL) inside its transaction, then another producer commits a record
 * to the same partition; the transaction ends by the coordinator's timeout (random transactional.id: the restart
 * has a new one), by the restart's initTransactions (stable id) or by the operator's `kafka-transactions abort`
 * (a timeout too long to wait for).
 */
export const HANGING = {
  orders: 5,
  batch: 5,
  /** librdkafka's and the Java client's transaction.timeout.ms default. */
  defaultTimeoutMs: 60_000,
  stallAfter: 'produced:5',
  /** The other producer's order (an event index: E-0006). */
  other: 5,
  /**
   * transaction.timeout.ms per variant: 30 s leaves a loaded machine time for the restart (tool calls take seconds each
   * there); the operator's is the broker's transaction.max.timeout.ms (15 min), so that only the operator can end it.
   */
  variants: [
    { name: 'random', randomId: true, abort: 'coordinator', timeoutMs: 30_000 },
    { name: 'stable', randomId: false, abort: 'restart', timeoutMs: 30_000 },
    { name: 'operator', randomId: true, abort: 'operator', timeoutMs: 900_000 },
  ],
} as const;

/** The files and process names of one variant of 09-hanging-transaction (the operator's tool outputs are its own). */
export const hangingFiles = (v: string) => ({
  reader: `${v}-reader`,
  w1: `${v}-w1`,
  w2: `${v}-w2`,
  other: `${v}-other`,
  /** kafka-transactions describe of w1's id after the kill, and once its transaction ended. */
  open: `transactions-${v}-open.txt`,
  end: `transactions-${v}-end.txt`,
  producersBefore: 'producers-before-abort.txt',
  producersAfter: 'producers-after-abort.txt',
  findHangingDefault: 'find-hanging.txt',
  findHangingNow: 'find-hanging-0.txt',
  abort: 'abort.txt',
  afterOperator: 'transactions-operator-after-abort.txt',
});
