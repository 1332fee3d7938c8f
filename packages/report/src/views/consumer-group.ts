import type { Lang } from '@kafka-labs/i18n';
import type { Section } from '../page.ts';
import { groupModel, type GroupWorker } from './consumer-group-model.ts';
import { rebalanceSection } from './consumer-group-svg.ts';

/**
 * One consumer group's run: its workers' log events as the grader parsed them. Drawn as a lane per worker (what it
 * owned when, its commits, slow work, leaving and losing) and a strip per partition with each worker's processed
 * offsets, the committed offset and the offsets processed more than once (counted by @kafka-labs/dups).
 */
export interface ConsumerGroupView {
  kind: 'consumer-group';
  files: string[];
  group: string;
  workers: GroupWorker[];
}

export const drawConsumerGroup = (view: ConsumerGroupView, lang: Lang): Section[] => [rebalanceSection(groupModel(view.group, view.workers, lang), lang)];
