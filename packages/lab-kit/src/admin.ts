import { BOOTSTRAP, createTopic } from '@kafka-labs/broker';
import { oneLine } from '@kafka-labs/cli';
import { Kafka, logLevel } from 'kafkajs';
import { removeOlderRuns } from './older-runs.ts';
import { progress } from './progress.ts';

export interface TopicOptions {
  partitions?: number;
  replicationFactor?: number;
  config?: Record<string, string>;
}

/** The run's admin client (kafkajs): topics and consumer groups. */
export interface RunAdmin {
  /** Creates `topic` with the given partitions and configs, once the broker has it everywhere. */
  createTopic(topic: string, options?: TopicOptions): Promise<void>;
  disconnect(): Promise<void>;
}

/**
 * Connects the run's admin client and deletes the topics and groups the lab's older runs recorded; why they could
 * not be deleted goes to `olderRunsStay` (housekeeping only: a broker that cannot list or delete yet, its group coordinator still loading after a start, costs the run
 * nothing, and the next run tries again).
 */
export async function connectAdmin(labId: string, runDir: string, olderRunsStay: (reason: string) => void): Promise<RunAdmin> {
  const admin = new Kafka({ clientId: 'lab-kit', brokers: [BOOTSTRAP.tools], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  await removeOlderRuns(admin, labId, runDir).catch((err) => olderRunsStay(oneLine(err)));
  return {
    async createTopic(topic, { partitions = 1, replicationFactor = 1, config = {} } = {}) {
      const spec = {
        topic,
        numPartitions: partitions,
        replicationFactor,
        configEntries: Object.entries(config).map(([name, value]) => ({ name, value })),
      };
      await progress.track(`waiting for topic ${topic}`, createTopic(admin, spec));
    },
    disconnect: () => admin.disconnect(),
  };
}
