// The experiments of this track as data: what each run script sets up and what its grader holds it to.

/**
 * group.consumer.session.timeout.ms and group.consumer.heartbeat.interval.ms of the track's broker: every lab's
 * manifest.json sets them and their minimums, so the labs share one broker (the classic protocol does not read them).
 */
export const CONSUMER_BROKER = { sessionTimeoutMs: 6000, heartbeatIntervalMs: 500 } as const;

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
  /** The classic protocol (range) as in the article, then the consumer protocol (KIP-848, the broker's uniform assignor). */
  variants: [
    { group: 'nocommit', revokeCommit: false, protocol: 'classic' },
    { group: 'revcommit', revokeCommit: true, protocol: 'classic' },
    { group: 'kip848-nocommit', revokeCommit: false, protocol: 'consumer' },
    { group: 'kip848-revcommit', revokeCommit: true, protocol: 'consumer' },
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
  /** The assignor of each group: the client's on the classic protocol, the broker's default on the consumer protocol. */
  variants: [
    { group: 'eager', protocol: 'classic', strategy: 'range' },
    { group: 'cooperative', protocol: 'classic', strategy: 'cooperative-sticky' },
    { group: 'kip848', protocol: 'consumer', strategy: 'uniform' },
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
  consumerSessionTimeoutMs: CONSUMER_BROKER.sessionTimeoutMs,
  consumerHeartbeatIntervalMs: CONSUMER_BROKER.heartbeatIntervalMs,
  /**
   * On the classic protocol without and with group.instance.id (librdkafka's session.timeout.ms, 45 s); then static on
   * the consumer protocol: b back within the session, set on the group to 30 s with kafka-configs
   * (consumer.session.timeout.ms; a restart takes several seconds on a busy machine), and b down until the broker's
   * 6 s session fences it (`expired`: the restart waits for a to have b's partitions).
   */
  variants: [
    { group: 'dynamic', static: false, protocol: 'classic', outlastSession: false, groupSessionTimeoutMs: null },
    { group: 'static', static: true, protocol: 'classic', outlastSession: false, groupSessionTimeoutMs: null },
    { group: 'kip848-static', static: true, protocol: 'consumer', outlastSession: false, groupSessionTimeoutMs: 30_000 },
    { group: 'kip848-expired', static: true, protocol: 'consumer', outlastSession: true, groupSessionTimeoutMs: null },
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
  sessionTimeoutMs: CONSUMER_BROKER.sessionTimeoutMs,
  heartbeatIntervalMs: CONSUMER_BROKER.heartbeatIntervalMs,
  variants: [
    { group: 'within', slowSec: 15 },
    { group: 'fenced', slowSec: 30 },
  ],
} as const;
