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
