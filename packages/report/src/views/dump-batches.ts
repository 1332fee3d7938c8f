import type { DumpBatch } from '@kafka-labs/dumplog';
import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
import { el, type Child } from '../markup.ts';
import type { Section } from '../page.ts';
import { GREEN, INK, MUTED, RED, WIDTH } from '../style.ts';

/**
 * Record batches of a partition side by side, each under the name of who wrote it, with the fields that say whether
 * the broker can recognise a retry of it: producerId, producerEpoch and baseSequence (-1: none).
 */
export interface DumpBatchesView {
  kind: 'dump-batches';
  files: string[];
  batches: { writer: string; batch: DumpBatch }[];
}

const MESSAGES = defineMessages({
  title: { en: () => 'The batches in the log', ko: () => '로그에 남은 배치' },
  intro: {
    en: () => 'What kafka-dump-log shows of each batch: an idempotent producer stamps its batches with a producer id and a sequence number, a plain one leaves -1.',
    ko: () => 'kafka-dump-log로 본 배치마다의 필드예요. 멱등 프로듀서는 배치에 producer id와 sequence 번호를 찍고, 일반 프로듀서는 -1로 남겨요.',
  },
  none: { en: () => '-1: none', ko: () => '-1: 없음' },
});

const CARD = 360;
const GAP = 40;

export function drawDumpBatches(view: DumpBatchesView, lang: Lang): Section[] {
  const t = textsIn(MESSAGES, lang);
  const height = 190;
  const cards: Child[] = view.batches.map(({ writer, batch }, i) => {
    const x = 20 + i * (CARD + GAP);
    const field = (name: string, value: number, y: number) =>
      el('g', { class: 'field', 'data-field': name },
        el('text', { x: x + 14, y, 'font-size': 13, fill: MUTED }, name),
        el('text', { x: x + 170, y, 'font-size': 13, 'font-weight': 700, fill: value === -1 ? RED : batch.producerId === -1 ? MUTED : GREEN }, value === -1 ? t.none() : String(value)),
      );
    return el('g', { class: 'dump-batch', 'data-offset': batch.baseOffset },
      el('rect', { x, y: 10, width: CARD, height: height - 20, rx: 6, fill: '#f7fafc', stroke: '#cbd5e0' }),
      el('text', { x: x + 14, y: 34, 'font-size': 14, 'font-weight': 700, fill: INK }, writer),
      el('text', { x: x + 14, y: 56, 'font-size': 12, fill: INK }, `offset ${batch.baseOffset} · ${batch.records.map((r) => r.payload ?? '').join(' ')}`),
      field('producerId', batch.producerId, 88),
      field('producerEpoch', batch.producerEpoch, 114),
      field('baseSequence', batch.baseSequence, 140),
    );
  });
  return [{ title: t.title(), intro: t.intro(), figures: [{ svg: el('svg', { class: 'dump-batches', viewBox: `0 0 ${WIDTH} ${height}`, width: WIDTH, height, role: 'img', 'aria-label': t.title() }, cards) }] }];
}
