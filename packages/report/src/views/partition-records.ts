import { defineMessages, textsIn, type Lang, type TextsOf } from '@kafka-labs/i18n';
import { el, type Child } from '../markup.ts';
import { swatch, type Section } from '../page.ts';
import { INK, MUTED, RED, WIDTH } from '../style.ts';

/** A record as a partition holds it: its offset, its key and the short name drawn in its cell. */
export interface PartitionRecord {
  offset: number;
  key: string;
  label: string;
  /** Drawn bold: a record the lab singles out by its value (e.g. a VIP order). */
  marked: boolean;
}

/**
 * The records of each topic's partitions in offset order, one row per partition, coloured by key: one figure per
 * topic. The records of `highlight` (a key whose records went to two partitions) are outlined in red.
 */
export interface PartitionRecordsView {
  kind: 'partition-records';
  files: string[];
  /** The keys in colour order. */
  keys: string[];
  highlight: string | null;
  /** What a marked record is, for the legend (`VIP order`). */
  markedMeans: string;
  /** A partition's name beside its number (`VIP`), by partition number. */
  partitionNames: Record<number, string>;
  topics: { name: string; caption: string; partitions: PartitionRecord[][] }[];
}

const MESSAGES = defineMessages({
  title: { en: () => 'Records of each partition, coloured by key', ko: () => '파티션마다의 레코드, 키마다 색 하나' },
  intro: {
    en: (p: { highlight: string | null }) =>
      'A row per partition, its records left to right in offset order: that is the only order Kafka keeps. ' +
      (p.highlight ? `The records of ${p.highlight} are outlined: they are in two partitions, so nothing orders them against each other.` : ''),
    ko: (p) =>
      '파티션마다 한 행, 레코드는 왼쪽부터 offset 순서예요: Kafka가 지키는 순서는 이것뿐이에요. ' +
      (p.highlight ? `${p.highlight}의 레코드는 테두리로 표시했어요: 두 파티션에 나뉘어 있어서 둘 사이의 순서를 정해 주는 것이 없어요.` : ''),
  },
  legendKey: { en: () => 'a record, coloured by its key (label: key number # order)', ko: () => '레코드, 키마다 색(이름: 키 번호 # 주문 번호)' },
  legendHighlight: { en: (p: { key: string }) => `a record of ${p.key}`, ko: (p) => `${p.key}의 레코드` },
  legendMarked: { en: (p: { what: string }) => `bold: ${p.what}`, ko: (p) => `굵은 글씨: ${p.what}` },
  empty: { en: () => '(empty)', ko: () => '(비어 있음)' },
});

const ROW = 30;
const CELL = 58;
const LABEL = 110;
const TOP = 20;
/** A hue per key, far apart for neighbours (golden angle). */
const colourOf = (k: number) => `hsl(${Math.round((k * 137.5 + 200) % 360)}, 60%, 45%)`;

function recordCell(x: number, y: number, r: PartitionRecord, colour: string, highlighted: boolean): Child {
  return el(
    'g',
    { class: highlighted ? 'record record-highlight' : 'record' },
    el('rect', { x: x + 2, y: y + 3, width: CELL - 4, height: ROW - 6, rx: 4, fill: colour, 'fill-opacity': 0.22, stroke: highlighted ? RED : colour, 'stroke-width': highlighted ? 2.5 : 1 }),
    el('text', { x: x + CELL / 2, y: y + ROW / 2 + 4, 'text-anchor': 'middle', 'font-size': 11, fill: INK, 'font-weight': r.marked ? 700 : 400 }, r.label),
  );
}

function topicFigure(view: PartitionRecordsView, topic: PartitionRecordsView['topics'][number], t: TextsOf<typeof MESSAGES>) {
  const longest = Math.max(1, ...topic.partitions.map((p) => p.length));
  const cell = Math.min(CELL, Math.floor((WIDTH - LABEL - 10) / longest));
  const width = Math.min(WIDTH, LABEL + longest * cell + 10);
  const height = TOP + topic.partitions.length * ROW + 6;
  const body: Child[] = [el('text', { x: LABEL, y: 13, 'font-size': 11, fill: MUTED }, 'offset →')];
  topic.partitions.forEach((records, p) => {
    const y = TOP + p * ROW;
    const name = view.partitionNames[p];
    body.push(el('text', { x: 6, y: y + ROW / 2 + 4, 'font-size': 12, fill: INK, 'font-weight': 600 }, `p${p}${name ? ` (${name})` : ''}`));
    if (records.length === 0) body.push(el('text', { x: LABEL + 4, y: y + ROW / 2 + 4, 'font-size': 11, fill: MUTED }, t.empty()));
    records.forEach((r, i) => {
      const k = view.keys.indexOf(r.key);
      body.push(recordCell(LABEL + i * cell, y, { ...r }, colourOf(k < 0 ? view.keys.length : k), r.key === view.highlight));
    });
  });
  return { svg: el('svg', { class: 'partition-records', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': `${t.title()}: ${topic.name}` }, body), caption: topic.caption };
}

/** One figure per topic: partitions as rows of records in offset order, a colour per key. */
export function drawPartitionRecords(view: PartitionRecordsView, lang: Lang): Section[] {
  const t = textsIn(MESSAGES, lang);
  const legend = [
    { swatch: swatch(el('rect', { x: 2, y: 1, width: 22, height: 12, rx: 3, fill: colourOf(0), 'fill-opacity': 0.22, stroke: colourOf(0) })), text: t.legendKey() },
    { swatch: swatch(el('text', { x: 2, y: 11, 'font-size': 11, 'font-weight': 700, fill: INK }, 'Ab')), text: t.legendMarked({ what: view.markedMeans }) },
    ...(view.highlight
      ? [{ swatch: swatch(el('rect', { x: 2, y: 1, width: 22, height: 12, rx: 3, fill: '#fff', stroke: RED, 'stroke-width': 2 })), text: t.legendHighlight({ key: view.highlight }) }]
      : []),
  ];
  return [{ title: t.title(), intro: t.intro({ highlight: view.highlight }), figures: view.topics.map((topic) => topicFigure(view, topic, t)), legend }];
}
