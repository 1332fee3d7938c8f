import type { DumpBatch } from '@kafka-labs/dumplog';
import type { Lang } from '@kafka-labs/i18n';
import type { ProxyEvent } from '@kafka-labs/proxy';
import type { Section } from '../page.ts';
import { sequenceModel, type ProducerLines } from './sequence-model.ts';
import { sequenceSection } from './sequence-svg.ts';

/**
 * Producers talking to the broker through the fault proxy: each producer's log lines, the proxy's events and the
 * partition's data batches (null without a dump). Drawn as a sequence diagram producer ↔ proxy ↔ broker with what
 * the proxy did to each exchange and what the broker appended, and the batches as a table.
 */
export interface SequenceView {
  kind: 'sequence';
  files: string[];
  producers: ProducerLines[];
  proxy: ProxyEvent[];
  batches: DumpBatch[] | null;
}

export const drawSequence = (view: SequenceView, lang: Lang): Section[] => [
  sequenceSection(sequenceModel(view.producers, view.proxy, view.batches ?? [], lang), view.batches, lang),
];
