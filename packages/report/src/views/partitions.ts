import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
import { textWidth } from '../geometry.ts';
import { el, type Child } from '../markup.ts';
import { swatch, type Section } from '../page.ts';
import { COLOURS, INK, MUTED, RED, WIDTH } from '../style.ts';

/**
 * Where each key went, per client, on a topic of `before` partitions, and where one client put it again after the
 * topic grew to `after`: the keys whose partition changed are `moved`.
 */
export interface PartitionsView {
  kind: 'partitions';
  files: string[];
  keys: string[];
  before: number;
  after: number;
  /** One column per client, in order: each key's partition (null where the run holds no record of it). */
  clients: { name: string; partitions: (number | null)[] }[];
  /** The column of the client that sent the keys again after the growth. */
  grown: { name: string; partitions: (number | null)[] };
  moved: string[];
}

const MESSAGES = defineMessages({
  title: { en: () => 'Partitions of each key', ko: () => '키마다의 파티션' },
  intro: {
    en: (p: { before: number; after: number; moved: number; keys: number }) =>
      `Each cell is the partition a client put the key in: ${p.before} partitions, then ${p.after} in the last column. ` +
      `${p.moved} of ${p.keys} keys moved when the topic grew; their rows are marked.`,
    ko: (p) =>
      `칸마다 클라이언트가 그 키를 넣은 파티션이에요: 처음에는 파티션 ${p.before}개, 마지막 열은 ${p.after}개로 늘린 뒤예요. ` +
      `토픽이 커질 때 키 ${p.keys}개 중 ${p.moved}개가 옮겨 갔고, 그 행에 표시했어요.`,
  },
  beforeHead: { en: (p: { n: number }) => `${p.n} partitions`, ko: (p) => `파티션 ${p.n}개` },
  afterHead: { en: (p: { n: number }) => `after growing to ${p.n}`, ko: (p) => `${p.n}개로 늘린 뒤` },
  moved: { en: () => 'moved', ko: () => '옮겨 감' },
  legendCell: { en: () => 'partition (one colour per partition number)', ko: () => '파티션(번호마다 색 하나)' },
  legendMoved: { en: () => 'a key that moved: its records are now in two partitions', ko: () => '옮겨 간 키: 레코드가 두 파티션에 나뉨' },
  caption: {
    en: (p: { name: string }) => `The last column is ${p.name} sending the same keys after the growth.`,
    ko: (p) => `마지막 열은 토픽을 늘린 뒤 ${p.name} 클라이언트가 같은 키를 다시 보낸 결과예요.`,
  },
});

const ROW = 22;
const CELL = 34;
const KEY_WIDTH = 90;
const HEAD = 52;
/** A hue per partition number, far apart for neighbours (golden angle). */
const colourOf = (p: number) => `hsl(${Math.round((p * 137.5) % 360)}, 55%, 42%)`;

function cell(x: number, y: number, partition: number | null, moved: boolean): Child {
  if (partition === null) return el('text', { x: x + CELL / 2, y: y + 15, 'text-anchor': 'middle', 'font-size': 12, fill: MUTED }, '-');
  return el(
    'g',
    { class: moved ? 'cell cell-moved' : 'cell' },
    el('rect', { x: x + 2, y: y + 2, width: CELL - 4, height: ROW - 4, rx: 3, fill: colourOf(partition), 'fill-opacity': 0.18, stroke: moved ? RED : colourOf(partition), 'stroke-width': moved ? 2 : 1 }),
    el('text', { x: x + CELL / 2, y: y + 15, 'text-anchor': 'middle', 'font-size': 12, fill: INK, 'font-weight': moved ? 700 : 400 }, `p${partition}`),
  );
}

/** The key × client grid: a row per key, a column per client before the growth, then the grown column. */
export function drawPartitions(view: PartitionsView, lang: Lang): Section[] {
  const t = textsIn(MESSAGES, lang);
  const moved = new Set(view.moved);
  const columnWidth = Math.max(CELL, ...view.clients.map((c) => textWidth(c.name, 11) + 10));
  const grownX = KEY_WIDTH + view.clients.length * columnWidth + 30;
  const height = HEAD + view.keys.length * ROW + 8;
  const body: Child[] = [
    el('text', { x: KEY_WIDTH, y: 14, 'font-size': 12, fill: MUTED, 'font-weight': 600 }, t.beforeHead({ n: view.before })),
    el('text', { x: grownX, y: 14, 'font-size': 12, fill: MUTED, 'font-weight': 600 }, t.afterHead({ n: view.after })),
    ...view.clients.map((c, i) =>
      el('text', { x: KEY_WIDTH + i * columnWidth + columnWidth / 2, y: HEAD - 10, 'text-anchor': 'middle', 'font-size': 11, fill: INK }, c.name),
    ),
    el('text', { x: grownX + columnWidth / 2, y: HEAD - 10, 'text-anchor': 'middle', 'font-size': 11, fill: INK }, view.grown.name),
  ];
  view.keys.forEach((key, k) => {
    const y = HEAD + k * ROW;
    const isMoved = moved.has(key);
    if (isMoved) body.push(el('rect', { class: 'moved-row', x: 0, y, width: grownX + columnWidth + 90, height: ROW, fill: '#fff5f5' }));
    body.push(el('text', { x: 6, y: y + 15, 'font-size': 12, fill: INK }, key));
    view.clients.forEach((c, i) => body.push(cell(KEY_WIDTH + i * columnWidth + (columnWidth - CELL) / 2, y, c.partitions[k] ?? null, false)));
    body.push(cell(grownX + (columnWidth - CELL) / 2, y, view.grown.partitions[k] ?? null, isMoved));
    if (isMoved) body.push(el('text', { x: grownX + columnWidth + 8, y: y + 15, 'font-size': 11, fill: RED, 'font-weight': 600 }, t.moved()));
  });
  const width = Math.min(WIDTH, grownX + columnWidth + 100);
  const svg = el('svg', { class: 'partitions', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': t.title() }, body);
  return [
    {
      title: t.title(),
      intro: t.intro({ before: view.before, after: view.after, moved: view.moved.length, keys: view.keys.length }),
      figures: [{ svg, caption: t.caption({ name: view.grown.name }) }],
      legend: [
        { swatch: swatch(el('rect', { x: 2, y: 1, width: 22, height: 12, rx: 3, fill: colourOf(0), 'fill-opacity': 0.18, stroke: colourOf(0) })), text: t.legendCell() },
        { swatch: swatch(el('rect', { x: 2, y: 1, width: 22, height: 12, rx: 3, fill: '#fff5f5', stroke: RED, 'stroke-width': 2 })), text: t.legendMoved() },
      ],
    },
  ];
}
