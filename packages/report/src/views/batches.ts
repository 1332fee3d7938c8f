import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
import { linear } from '../geometry.ts';
import { el, type Child } from '../markup.ts';
import type { Section } from '../page.ts';
import { COLOURS, INK, MUTED, WIDTH } from '../style.ts';

/** What one producer setting's records add up to in the dump. */
export interface BatchBar {
  label: string;
  batches: number;
  records: number;
  bytes: number;
  codec: string;
  /** How many times fewer bytes than the same records without compression, where the bar is compared with none. */
  ratio?: number;
}

/**
 * The batches of the same records sent under different producer settings, read from the dump: per group (e.g. linger
 * settings, codecs) one bar per setting, its length the batch count or the bytes stored.
 */
export interface BatchesView {
  kind: 'batches';
  files: string[];
  /** Each group: the setting its bars vary (`linger.ms`), the records each bar sent, and what a bar's length measures. */
  groups: { setting: string; records: number; measure: 'batches' | 'bytes'; bars: BatchBar[] }[];
}

const MESSAGES = defineMessages({
  title: { en: () => 'Batches in the log', ko: () => '로그 속의 배치' },
  intro: {
    en: () => 'Each bar is one producer setting, added up from the batch lines of kafka-dump-log: how many batches its records took, or how many bytes they were stored in.',
    ko: () => '막대 하나가 프로듀서 설정 하나예요. kafka-dump-log 의 배치 줄을 합산해서, 레코드가 배치 몇 개로 갔는지 또는 몇 바이트로 저장됐는지를 보여 줘요.',
  },
  group: {
    en: (p: { setting: string; records: number; measure: string }) => `${p.setting}: the same ${p.records} records per bar, ${p.measure}`,
    ko: (p) => `${p.setting}: 막대마다 같은 레코드 ${p.records}개, ${p.measure}`,
  },
  batches: { en: () => 'batches', ko: () => '배치 수' },
  bytes: { en: () => 'bytes stored', ko: () => '저장된 바이트' },
  batchesBar: {
    en: (p: { batches: number; records: number; mean: string }) => `${p.batches} batches · ${p.mean} records per batch`,
    ko: (p) => `배치 ${p.batches}개 · 배치당 레코드 ${p.mean}개`,
  },
  bytesBar: {
    en: (p: { bytes: number; batches: number; codec: string }) => `${p.bytes} bytes in ${p.batches} batch(es), ${p.codec}`,
    ko: (p) => `${p.bytes} 바이트, 배치 ${p.batches}개, ${p.codec}`,
  },
  ratio: { en: (p: { ratio: string }) => ` · ${p.ratio}× smaller than none`, ko: (p) => ` · none 보다 ${p.ratio}배 작음` },
});

const LEFT = 200;
const BAR = 20;
const ROW = 28;

export function drawBatches(view: BatchesView, lang: Lang): Section[] {
  const t = textsIn(MESSAGES, lang);
  const figures = view.groups.map((group) => {
    const value = (b: BatchBar) => (group.measure === 'batches' ? b.batches : b.bytes);
    const room = group.bars.some((b) => b.ratio) ? 460 : 320;
    const x = linear([0, Math.max(1, ...group.bars.map(value))], [0, WIDTH - LEFT - room]);
    const height = 36 + group.bars.length * ROW + 6;
    const title = t.group({ setting: group.setting, records: group.records, measure: group.measure === 'batches' ? t.batches() : t.bytes() });
    const body: Child[] = [el('text', { x: 8, y: 18, 'font-size': 14, 'font-weight': 700, fill: INK }, title)];
    group.bars.forEach((bar, i) => {
      const y = 32 + i * ROW;
      const w = Math.max(2, x(value(bar)));
      const text =
        group.measure === 'batches'
          ? t.batchesBar({ batches: bar.batches, records: bar.records, mean: bar.batches ? (bar.records / bar.batches).toFixed(1) : '0' })
          : t.bytesBar({ bytes: bar.bytes, batches: bar.batches, codec: bar.codec }) + (bar.ratio ? t.ratio({ ratio: bar.ratio.toFixed(2) }) : '');
      body.push(
        el('g', { class: 'bar', 'data-label': bar.label },
          el('text', { x: LEFT - 10, y: y + 15, 'font-size': 12, fill: INK, 'text-anchor': 'end' }, bar.label),
          el('rect', { x: LEFT, y, width: w, height: BAR, rx: 3, fill: COLOURS[i % COLOURS.length] }),
          el('text', { x: LEFT + w + 8, y: y + 15, 'font-size': 12, fill: MUTED }, text),
        ),
      );
    });
    return { svg: el('svg', { class: 'batches', viewBox: `0 0 ${WIDTH} ${height}`, width: WIDTH, height, role: 'img', 'aria-label': title }, body) };
  });
  return [{ title: t.title(), intro: t.intro(), figures }];
}
