// For the unit tests: the broker and proxy as the golden's run saw them, in place of the running ones.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Faults } from '@kafka-labs/proxy';
import { live, RUNNING, type LiveSource, type TopicState } from './live.ts';

/** The topics the golden's grading read on its broker (result.json `live`), by name. */
export function goldenTopics(goldenDir: string): Map<string, TopicState> {
  const seen = (JSON.parse(readFileSync(join(goldenDir, 'result.json'), 'utf8')) as { live: Record<string, number | string> }).live;
  const topics = new Map<string, TopicState>();
  for (const [key, value] of Object.entries(seen)) {
    const match = /^(.+)\.(partitions|endOffset)$/.exec(key);
    if (!match) continue;
    const state = topics.get(match[1]!) ?? { partitions: 0, endOffset: 0 };
    state[match[2] as keyof TopicState] = Number(value);
    topics.set(match[1]!, state);
  }
  return topics;
}

/**
 * Makes the grader read `topics` (changed by `change`, as a learner's mistake would leave the broker) and `faults`
 * instead of the running broker and proxy; `unreachable` makes the broker read fail as a stopped broker's would.
 */
export function useBroker(topics: Map<string, TopicState>, options: { faults?: Faults | null; unreachable?: boolean } = {}): void {
  const source: LiveSource = {
    address: 'localhost:9092',
    topics: async (names) => {
      if (options.unreachable) throw new Error('Connection error: connect ECONNREFUSED 127.0.0.1:9092');
      return new Map([...topics].filter(([name]) => names.includes(name)).map(([name, state]) => [name, { ...state }]));
    },
    faults: async () => options.faults ?? null,
  };
  live.source = source;
}

/** Back to the running broker and proxy. */
export function useRunningBroker(): void {
  live.source = RUNNING;
}
