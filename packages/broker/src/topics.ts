import { zx } from './process.ts';

/** A topic to create, as kafkajs's admin takes it. */
export interface TopicSpec {
  topic: string;
  numPartitions?: number;
  replicationFactor?: number;
  configEntries?: { name: string; value: string }[];
}

/** What createTopic needs of a kafkajs admin client (connected). */
export interface TopicAdmin {
  createTopics(options: { waitForLeaders?: boolean; topics: TopicSpec[] }): Promise<boolean>;
}

const ATTEMPTS = 10;

/**
 * Creates a topic and waits for its leaders. Right after a broker (re)start the new topic's metadata can lag (a
 * retriable UNKNOWN_TOPIC_OR_PARTITION): that is retried with backoff, at most ATTEMPTS times; creating again is safe,
 * kafkajs answers false for a topic that already exists. Any other error throws at once.
 */
export async function createTopic(admin: TopicAdmin, spec: TopicSpec): Promise<void> {
  const { retry, expBackoff } = await zx();
  const fatal = await retry(ATTEMPTS, expBackoff('2s', '250ms'), async () => {
    try {
      await admin.createTopics({ waitForLeaders: true, topics: [spec] });
      return null;
    } catch (err) {
      if ((err as { retriable?: boolean }).retriable) throw err;
      return err;
    }
  });
  if (fatal) throw fatal;
}
