// The experiments of this track as data: what each run script sets up and what its grader holds it to.

/** Lab 01-ghost-reads: the same orders written in a transaction that is aborted, then in one that is committed. */
export const GHOST = {
  orders: 5,
  outcomes: ['abort', 'commit'],
} as const;
