// The experiments of this track as data: what each run script sets up and what its grader holds it to.

/** Lab 01-revoke: the article's experiment 1, once without and once with a commit on revoke. */
export const REVOKE = {
  partitions: 2,
  messages: 1000,
  delaySec: 0.01,
  commitEvery: 100,
  /**
   * b joins once a has committed the partition that moves at least this far... (a hears of the join with its next
   * heartbeat, up to 3 s later, and must still be working on that partition then: 390 messages are 3.9 s or more.)
   */
  joinAfterCommit: 100,
  /** ...and has processed this many of its messages past that commit. */
  joinPastCommit: 10,
  variants: [
    { group: 'nocommit', revokeCommit: false },
    { group: 'revcommit', revokeCommit: true },
  ],
} as const;

/** Lab 02-maxpoll: the article's experiment 2. */
export const MAXPOLL = {
  partitions: 1,
  messages: 10,
  delaySec: 0.5,
  commitEvery: 1,
  slowAt: 3,
  slowSec: 15,
  maxPollIntervalMs: 10_000,
  sessionTimeoutMs: 6000,
} as const;

/** Lab 03-eager-vs-cooperative: a third consumer joins a group of two that is consuming a live stream. */
export const JOIN = {
  partitions: 6,
  messages: 720,
  /** Seconds between two sends: a stream the two consumers keep up with, so each works on all its partitions in turn. */
  intervalSec: 0.02,
  delaySec: 0.01,
  commitEvery: 100,
  /** c joins once every partition has at least this many processed messages past its last commit... */
  joinMinUncommitted: 6,
  /**
   * ...while neither consumer has processed more than this since its last commit, so that none is about to commit.
   * Each hears of the join with its next heartbeat, up to 3 s later, and may have committed by then: the graders take
   * the progress at each revoke. Each consumer is in this window for about half of its commit cycle, so both are in
   * it at once at some point of every cycle.
   */
  joinMaxSinceCommit: 70,
  variants: [
    { group: 'eager', strategy: 'range' },
    { group: 'cooperative', strategy: 'cooperative-sticky' },
  ],
} as const;

/** Lab 04-static-membership: one of two consumers restarts, without and with group.instance.id. */
export const RESTART = {
  partitions: 6,
  messages: 360,
  intervalSec: 0.02,
  delaySec: 0.01,
  commitEvery: 100,
  /** b restarts once it has processed this many messages of the stream. */
  restartAfter: 30,
  variants: [
    { group: 'dynamic', static: false },
    { group: 'static', static: true },
  ],
} as const;

/**
 * Lab 05-maxpoll-consumer: lab 02's experiment on the consumer protocol (KIP-848), where the broker owns the session:
 * once with work that ends within the session after MAXPOLL, once with work that outlasts it.
 */
export const MAXPOLL_CONSUMER = {
  partitions: 1,
  messages: 10,
  delaySec: 0.5,
  commitEvery: 1,
  slowAt: 3,
  maxPollIntervalMs: 10_000,
  /** group.consumer.session.timeout.ms of the lab's broker (its manifest.json sets it and its minimum). */
  sessionTimeoutMs: 6000,
  /** group.consumer.heartbeat.interval.ms of the lab's broker (likewise). */
  heartbeatIntervalMs: 500,
  variants: [
    { group: 'within', slowSec: 15 },
    { group: 'fenced', slowSec: 30 },
  ],
} as const;
