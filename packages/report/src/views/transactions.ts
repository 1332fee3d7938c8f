import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
import { linear } from '../geometry.ts';
import { el, type Child } from '../markup.ts';
import { swatch, type Section } from '../page.ts';
import { GREEN, INK, MUTED, RED, WIDTH } from '../style.ts';

/** How a data batch's transaction ended: committed, aborted, still open, or not in a transaction at all. */
export type TxnFate = 'committed' | 'aborted' | 'open' | 'none';

/** A batch of a partition's log as the grader read it from the dump; a control batch has `marker`. */
export interface TxnBatch {
  baseOffset: number;
  lastOffset: number;
  producerId: number;
  epoch: number;
  fate: TxnFate;
  marker: 'COMMIT' | 'ABORT' | null;
  /** What the batch's records are, short (`o-1..o-5`). */
  label: string;
}

/**
 * Partition logs written by transactional producers and what readers returned from them: each log a strip of its
 * batches coloured by their transaction's fate with the COMMIT/ABORT markers and their epochs, each read the
 * offsets it returned under the strip of its log.
 */
export interface TransactionsView {
  kind: 'transactions';
  files: string[];
  logs: { title: string; batches: TxnBatch[] }[];
  reads: { log: string; title: string; offsets: number[] }[];
}

const MESSAGES = defineMessages({
  title: { en: () => 'Transactions in the log', ko: () => '로그 속의 트랜잭션' },
  intro: {
    en: () => 'Each strip is a partition log from offset 0 as kafka-dump-log shows it, a batch coloured by how its transaction ended; the rows under a strip are the offsets each reader returned.',
    ko: () => '띠 하나가 kafka-dump-log로 본 파티션 로그예요(offset 0부터). 배치의 색은 트랜잭션이 어떻게 끝났는지를 보여 주고, 띠 아래 줄은 각 리더가 돌려준 offset이에요.',
  },
  committed: { en: () => 'committed transaction', ko: () => 'commit된 트랜잭션' },
  aborted: { en: () => 'aborted transaction', ko: () => 'abort된 트랜잭션' },
  open: { en: () => 'transaction still open', ko: () => '아직 열린 트랜잭션' },
  none: { en: () => 'not transactional', ko: () => '트랜잭션 아님' },
  marker: { en: () => 'control batch (COMMIT/ABORT marker)', ko: () => '컨트롤 배치 (COMMIT/ABORT 마커)' },
  returned: { en: () => 'offset a reader returned', ko: () => '리더가 돌려준 offset' },
});

export const FATE_COLOURS: Record<TxnFate, string> = { committed: GREEN, aborted: RED, open: '#b7791f', none: MUTED };

const LEFT = 190;
const STRIP = 34;
const ROW = 22;

export function drawTransactions(view: TransactionsView, lang: Lang): Section[] {
  const t = textsIn(MESSAGES, lang);
  const figures = view.logs.map((log) => {
    const end = Math.max(1, ...log.batches.map((b) => b.lastOffset + 1));
    const x = linear([0, end], [LEFT, WIDTH - 10]);
    const reads = view.reads.filter((r) => r.log === log.title);
    const height = 40 + STRIP + 16 + reads.length * ROW + 10;
    const body: Child[] = [el('text', { x: 8, y: 40 + STRIP / 2 + 4, 'font-size': 13, 'font-weight': 700, fill: INK }, log.title)];
    for (const b of log.batches) {
      const x0 = x(b.baseOffset);
      const w = Math.max(3, x(b.lastOffset + 1) - x0 - 2);
      const fill = b.marker ? INK : FATE_COLOURS[b.fate];
      body.push(
        el('g', { class: b.marker ? `batch marker marker-${b.marker.toLowerCase()}` : `batch fate-${b.fate}`, 'data-offset': b.baseOffset },
          el('rect', { x: x0, y: 40, width: w, height: STRIP, rx: 3, fill, 'fill-opacity': b.marker ? 1 : 0.8 }),
          el('text', { x: x0 + 3, y: 34, 'font-size': 11, fill: b.marker ? INK : FATE_COLOURS[b.fate], 'font-weight': 600 }, b.marker ? `${b.marker} e${b.epoch}` : b.label),
          el('text', { x: x0 + 3, y: 40 + STRIP + 12, 'font-size': 10, fill: MUTED }, String(b.baseOffset)),
        ),
      );
    }
    reads.forEach((read, i) => {
      const y = 40 + STRIP + 22 + i * ROW;
      body.push(el('text', { x: 8, y: y + 11, 'font-size': 12, fill: INK }, read.title));
      for (const offset of read.offsets) body.push(el('rect', { class: 'read', x: x(offset) + 1, y, width: Math.max(3, x(offset + 1) - x(offset) - 3), height: 14, fill: INK, 'fill-opacity': 0.55 }));
    });
    return { svg: el('svg', { class: 'transactions', viewBox: `0 0 ${WIDTH} ${height}`, width: WIDTH, height, role: 'img', 'aria-label': log.title }, body) };
  });
  const box = (fill: string) => swatch(el('rect', { x: 1, y: 2, width: 24, height: 10, rx: 2, fill }));
  return [
    {
      title: t.title(),
      intro: t.intro(),
      figures,
      legend: [
        { swatch: box(GREEN), text: t.committed() },
        { swatch: box(RED), text: t.aborted() },
        { swatch: box(FATE_COLOURS.open), text: t.open() },
        { swatch: box(MUTED), text: t.none() },
        { swatch: box(INK), text: t.marker() },
      ],
    },
  ];
}
