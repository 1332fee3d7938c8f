// The versions picture: one row per order event, one column per output topic (the first run, then each replay side
// by side), each cell the transform version the record carries and what that version added; the rows where the
// replays disagree are marked.
import { defineMessages, textsIn, type Lang, type TextsOf } from '@kafka-labs/i18n';
import { textWidth } from '../geometry.ts';
import { el, type Child } from '../markup.ts';
import { swatch, type Section } from '../page.ts';
import { COLOURS, INK, MUTED, RED, WIDTH } from '../style.ts';

/** One record of an output topic as a cell: its transform version (null: none recorded) and what it added (`region EU`). */
export interface VersionCell {
  version: string | null;
  detail?: string;
  /** The worker that wrote the enrichment into the record. */
  by?: string;
}

/** Output topics of the same events side by side, as a grader read them. */
export interface VersionsView {
  kind: 'versions';
  files: string[];
  /** The events, the picture's rows: `E-0001 O-1`. */
  events: string[];
  /** One column per output topic: its name, what read into it (`orders_enriched with v2`) and a cell per event (null: no record). */
  columns: { topic: string; from: string; cells: (VersionCell | null)[] }[];
  /** The indexes of the two columns compared (the replays); rows where their versions differ are marked. */
  compare: [number, number];
}

const MESSAGES = defineMessages({
  title: { en: () => 'The transform version of each record', ko: () => '레코드마다의 변환 버전' },
  intro: {
    en: (p: { differ: number; n: number }) =>
      `One row per order event, one column per output topic; each cell is the transform version the record carries, what ` +
      `that version added and who enriched it. The two replays disagree on ${p.differ} of ${p.n} events; their rows are marked.`,
    ko: (p) =>
      `주문 이벤트마다 행 하나, 출력 토픽마다 열 하나예요. 칸마다 레코드에 기록된 변환 버전, 그 버전이 더한 값, 보강한 워커가 있어요. ` +
      `두 재처리는 이벤트 ${p.n}개 중 ${p.differ}개에서 서로 달라요. 그 행에 표시했어요.`,
  },
  none: { en: () => 'no version', ko: () => '버전 없음' },
  missing: { en: () => 'no record', ko: () => '레코드 없음' },
  differ: { en: () => 'differ', ko: () => '다름' },
  legendV1: { en: () => 'v1: the first enrichment', ko: () => 'v1: 처음 보강' },
  legendV2: { en: () => 'v2: the changed enrichment (adds the region)', ko: () => 'v2: 바뀐 보강(region 을 더함)' },
  legendDiffer: { en: () => 'an event the two replays left at different versions', ko: () => '두 재처리가 서로 다른 버전으로 남긴 이벤트' },
  caption: {
    en: (p: { a: string; b: string }) => `The compared columns are ${p.a} and ${p.b}: each column's second line says which topic it was read from and by which job.`,
    ko: (p) => `비교하는 열은 ${p.a} 와 ${p.b} 예요. 열마다 둘째 줄에 어느 토픽을 어느 작업이 읽었는지 있어요.`,
  },
});

const ROW = 24;
const EVENT_WIDTH = 110;
const HEAD = 46;
const GAP = 14;
const colourOf = (version: string | null) => (version === 'v1' ? COLOURS[1]! : version === 'v2' ? COLOURS[0]! : MUTED);

function cell(x: number, y: number, width: number, c: VersionCell | null, differ: boolean, t: TextsOf<typeof MESSAGES>): Child {
  if (c === null) return el('text', { x: x + width / 2, y: y + 16, 'text-anchor': 'middle', 'font-size': 12, fill: RED }, t.missing());
  const colour = colourOf(c.version);
  const label = [c.version ?? t.none(), c.detail, c.by && `(${c.by})`].filter(Boolean).join(' ');
  return el(
    'g',
    { class: `cell cell-${c.version ?? 'none'}` },
    el('rect', { x: x + 2, y: y + 2, width: width - 4, height: ROW - 4, rx: 3, fill: colour, 'fill-opacity': 0.16, stroke: differ ? RED : colour, 'stroke-width': differ ? 2 : 1 }),
    el('text', { x: x + 8, y: y + 16, 'font-size': 12, fill: INK, 'font-weight': c.version === 'v2' ? 700 : 400 }, label),
  );
}

/** The event × output topic grid. */
export function drawVersions(view: VersionsView, lang: Lang): Section[] {
  const t = textsIn(MESSAGES, lang);
  const [a, b] = view.compare;
  const differs = view.events.map((_, k) => (view.columns[a]?.cells[k]?.version ?? null) !== (view.columns[b]?.cells[k]?.version ?? null));
  const widths = view.columns.map((c) =>
    Math.max(150, textWidth(c.topic, 12) + 16, textWidth(c.from, 11) + 16, ...c.cells.map((x) => textWidth([x?.version ?? t.none(), x?.detail, x?.by && `(${x.by})`].filter(Boolean).join(' '), 12) * 1.1 + 24)),
  );
  const xs = widths.map((_, i) => EVENT_WIDTH + widths.slice(0, i).reduce((s, w) => s + w + GAP, 0));
  const right = (xs.at(-1) ?? EVENT_WIDTH) + (widths.at(-1) ?? 0);
  const body: Child[] = view.columns.flatMap((c, i) => [
    el('text', { x: xs[i]! + 4, y: 16, 'font-size': 12, fill: INK, 'font-weight': 600 }, c.topic),
    el('text', { x: xs[i]! + 4, y: 32, 'font-size': 11, fill: MUTED }, c.from),
  ]);
  view.events.forEach((event, k) => {
    const y = HEAD + k * ROW;
    if (differs[k]) body.push(el('rect', { class: 'differ-row', x: 0, y, width: right + 70, height: ROW, fill: '#fff5f5' }));
    body.push(el('text', { x: 6, y: y + 16, 'font-size': 12, fill: INK }, event));
    view.columns.forEach((c, i) => body.push(cell(xs[i]!, y, widths[i]!, c.cells[k] ?? null, differs[k]! && (i === a || i === b), t)));
    if (differs[k]) body.push(el('text', { x: right + 8, y: y + 16, 'font-size': 11, fill: RED, 'font-weight': 600 }, t.differ()));
  });
  const width = Math.min(WIDTH, right + 70);
  const height = HEAD + view.events.length * ROW + 8;
  const svg = el('svg', { class: 'versions', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': t.title() }, body);
  const box = (colour: string, stroke = colour) => swatch(el('rect', { x: 2, y: 1, width: 22, height: 12, rx: 3, fill: colour, 'fill-opacity': 0.16, stroke, 'stroke-width': stroke === RED ? 2 : 1 }));
  return [
    {
      title: t.title(),
      intro: t.intro({ differ: differs.filter(Boolean).length, n: view.events.length }),
      figures: [{ svg, caption: t.caption({ a: view.columns[a]?.topic ?? '?', b: view.columns[b]?.topic ?? '?' }) }],
      legend: [
        { swatch: box(colourOf('v1')), text: t.legendV1() },
        { swatch: box(colourOf('v2')), text: t.legendV2() },
        { swatch: box('#fff5f5', RED), text: t.legendDiffer() },
      ],
    },
  ];
}
