import { BOOTSTRAP } from '@kafka-labs/broker';
import type { Faults } from '@kafka-labs/proxy';

/** A topic as the broker holds it: what the live steps read. */
export interface TopicState {
  partitions: number;
  /** The sum of the partitions' end offsets: the number of records kafka-get-offsets reports. */
  endOffset: number;
}

/**
 * What the grader reads outside the work folder: the topics on the broker and the proxy's faults. `live.source` is
 * the running broker and proxy; the unit tests put in its place the broker as the golden's run saw it (result.json
 * `live`), so that the hidden learner mistakes are graded without a broker.
 */
export interface LiveSource {
  /** Partitions and end offsets of those of `topics` that exist; throws when the broker cannot be read. */
  topics(topics: string[]): Promise<Map<string, TopicState>>;
  /** The faults of the proxy on the learner's path, or null when no proxy answers (then nothing is slow). */
  faults(): Promise<Faults | null>;
  /** Where the topics are read, for the message that says the broker could not be read. */
  address: string;
}

const BROKER_TIMEOUT_MS = 10_000;
const CONTROL_TIMEOUT_MS = 2_000;

function within<T>(ms: number, work: Promise<T>, late: () => T | Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => Promise.resolve().then(late).then(resolve, reject), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The running broker (one admin connection per grading) and the proxy's control port. */
export const RUNNING: LiveSource = {
  address: BOOTSTRAP.tools,
  async topics(topics) {
    const { Kafka, logLevel } = await import('kafkajs');
    const admin = new Kafka({
      clientId: 'kafka-retry-duplicates-grader',
      brokers: [BOOTSTRAP.tools],
      logLevel: logLevel.NOTHING,
      connectionTimeout: 3000,
      requestTimeout: 5000,
      retry: { retries: 1 },
    }).admin();
    const read = async () => {
      await admin.connect();
      const existing = new Set(await admin.listTopics());
      const state = new Map<string, TopicState>();
      for (const topic of topics.filter((t) => existing.has(t))) {
        const partitions = await admin.fetchTopicOffsets(topic);
        state.set(topic, { partitions: partitions.length, endOffset: partitions.reduce((sum, p) => sum + Number(p.high), 0) });
      }
      return state;
    };
    try {
      return await within(BROKER_TIMEOUT_MS, read(), () => {
        throw new Error(`no answer within ${BROKER_TIMEOUT_MS / 1000}s`);
      });
    } finally {
      await admin.disconnect().catch(() => {});
    }
  },
  async faults() {
    const { controlClient } = await import('@kafka-labs/proxy');
    return within(CONTROL_TIMEOUT_MS, controlClient().faults().catch(() => null), () => null);
  },
};

/** The source the grader reads; a test replaces it. */
export const live: { source: LiveSource } = { source: RUNNING };
