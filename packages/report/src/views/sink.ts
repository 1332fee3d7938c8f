// The sink picture: a consumer side's events by offset, what each worker did with them (fetched, processed, applied
// to the database, skipped by the inbox, written to a topic), where one was killed and where the next started, the
// group's committed offset at the kill, how often each group processed each event and the database rows per event.
import { defineMessages, textsIn, type Lang, type TextsOf } from '@kafka-labs/i18n';
import { textWidth } from '../geometry.ts';
import { el, type Child, type Markup } from '../markup.ts';
import { swatch, type Section } from '../page.ts';
import { COLOURS, GREEN, INK, MUTED, RED, WIDTH } from '../style.ts';

/**
 * What a worker did with an event, the furthest it got: fetched only, processed, applied to the database, skipped by
 * the inbox, kept out by the version guard (stale), refused by a unique index and caught (duplicate), written to a topic,
 * or its processing threw (failed).
 */
export type SinkMark = 'fetched' | 'processed' | 'applied' | 'skipped' | 'stale' | 'duplicate' | 'written' | 'failed';

/** One worker process of the picture, in the order they ran. */
export interface SinkWorker {
  name: string;
  /** Its consumer group: an event processed twice counts within one group only. */
  group: string;
  /** What it did with each event, by index into the view's `events`; null: nothing. */
  marks: (SinkMark | null)[];
  /** Killed with SIGKILL (drawn after the last event it processed). */
  killed: boolean;
  /** The index of the event its first fetch started at (`events.length`: at the end); absent when not one position. */
  startedAt?: number;
}

/** A consumer side with (or without) a sink, as a grader read it. */
export interface SinkView {
  kind: 'sink';
  files: string[];
  /** The variant or phase the picture shows (`auto`, `plain`, `replay`): its heading. */
  name: string;
  /** The input events, the picture's columns, in partition and offset order; `note`: a third header line (`PAID v2`). */
  events: { id: string; partition: number; offset: number; note?: string }[];
  workers: SinkWorker[];
  /** The group's committed offset of partition 0 when the first worker was killed (null: none); absent when not read. */
  committedAtKill?: number | null;
  /** When `committedAtKill` was read: at the first worker's kill (the default), or after it stopped of its own accord. */
  committedWhen?: 'kill' | 'stop';
  /** The database's order_events rows per event after the run; absent when the run has no database. */
  rows?: number[];
  /** order_projection after the run, one row per order, with the status its newest event (highest version) says; absent when not read. */
  finalRows?: { orderId: string; status: string; version: number | null; expected: string }[];
}

const MESSAGES = defineMessages({
  title: { en: (p: { name: string }) => `What became of each event: ${p.name}`, ko: (p) => `이벤트마다 일어난 일: ${p.name}` },
  intro: {
    en: () => 'One column per input event (partition and offset), one row per worker in the order they ran, then how often each group processed the event and how many rows the database holds for it.',
    ko: () => '입력 이벤트(파티션과 offset)마다 열 하나, 실행 순서대로 워커마다 행 하나, 그 아래에 그룹마다 이벤트를 몇 번 처리했는지와 DB 에 그 이벤트의 행이 몇 개인지가 있어요.',
  },
  fetched: { en: () => 'fetched', ko: () => '가져옴' },
  processed: { en: () => 'processed', ko: () => '처리' },
  applied: { en: () => 'applied', ko: () => '반영' },
  skipped: { en: () => 'skipped', ko: () => '건너뜀' },
  stale: { en: () => 'stale', ko: () => '오래됨' },
  duplicate: { en: () => 'duplicate', ko: () => '중복' },
  duplicateLegend: {
    en: () => 'duplicate: the unique index refused its second row (unique_violation 23505); the worker caught it and treated the event as done',
    ko: () => '중복: 유니크 인덱스가 두 번째 행을 거부함(unique_violation 23505). 워커가 잡아서 처리된 것으로 봄',
  },
  written: { en: () => 'written', ko: () => '씀' },
  failed: { en: () => 'failed', ko: () => '실패' },
  failedLegend: { en: () => 'failed: its processing threw', ko: () => '실패: 처리 중 예외가 났음' },
  fetchedLegend: { en: () => 'fetched, not processed', ko: () => '가져왔지만 처리하지 않음' },
  processedLegend: { en: () => 'processed (or applied to the database, or written to a topic)', ko: () => '처리함(DB 에 반영하거나 토픽에 씀)' },
  skippedLegend: { en: () => 'skipped: the inbox already had its event_id', ko: () => '건너뜀: inbox 에 event_id 가 이미 있었음' },
  staleLegend: {
    en: () => 'stale: a new event_id, but its order already has a newer version: recorded in the inbox, the row left as it was',
    ko: () => '오래됨: 새 event_id 지만 주문에 더 새 version 이 이미 있음: inbox 에 기록하고 행은 그대로 둠',
  },
  killed: { en: () => 'kill -9', ko: () => 'kill -9' },
  startsAt: { en: (p: { offset: number }) => `starts at offset ${p.offset}`, ko: (p) => `offset ${p.offset} 에서 시작` },
  startsAtEnd: { en: () => 'starts at the end: nothing left to read', ko: () => '끝에서 시작: 읽을 것이 없음' },
  receivedNothing: { en: () => 'received nothing', ko: () => '받은 것 없음' },
  committedAtKill: { en: (p: { offset: number }) => `committed ${p.offset} at the kill`, ko: (p) => `죽을 때 commit offset ${p.offset}` },
  nothingCommitted: { en: () => 'nothing committed at the kill', ko: () => '죽을 때 commit 된 것 없음' },
  committedLegend: {
    en: () => "the group's committed offset when the first worker was killed",
    ko: () => '첫 워커가 죽을 때 그룹의 commit offset',
  },
  committedAtStop: { en: (p: { offset: number }) => `committed ${p.offset} when the first worker stopped`, ko: (p) => `첫 워커가 멈춘 뒤 commit offset ${p.offset}` },
  nothingCommittedAtStop: { en: () => 'nothing committed when the first worker stopped', ko: () => '첫 워커가 멈춘 뒤 commit 된 것 없음' },
  committedAtStopLegend: {
    en: () => "the group's committed offset after the first worker stopped",
    ko: () => '첫 워커가 멈춘 뒤 그룹의 commit offset',
  },
  group: { en: (p: { group: string }) => `group ${p.group}`, ko: (p) => `그룹 ${p.group}` },
  never: { en: () => 'never', ko: () => '안 됨' },
  once: { en: () => 'once', ko: () => '한 번' },
  twice: { en: (p: { n: number }) => (p.n === 2 ? 'twice' : `${p.n} times`), ko: (p) => `${p.n}번` },
  onceSkipped: { en: () => 'once, skip', ko: () => '한 번, 건너뜀' },
  rows: { en: () => 'order_events rows', ko: () => 'order_events 행' },
  neverProcessed: {
    en: (p: { group: string; n: number; offsets: string }) => `group ${p.group}: never processed: ${p.n} (offsets ${p.offsets})`,
    ko: (p) => `그룹 ${p.group}: 처리 안 됨 ${p.n}개 (offset ${p.offsets})`,
  },
  processedTwice: {
    en: (p: { group: string; n: number; offsets: string }) => `group ${p.group}: processed twice: ${p.n} (offsets ${p.offsets})`,
    ko: (p) => `그룹 ${p.group}: 두 번 처리 ${p.n}개 (offset ${p.offsets})`,
  },
  processedOnce: {
    en: (p: { group: string; n: number }) => `group ${p.group}: each of ${p.n} events processed once`,
    ko: (p) => `그룹 ${p.group}: 이벤트 ${p.n}개를 각각 한 번 처리`,
  },
  redeliveredSkipped: {
    en: (p: { n: number; offsets: string }) => `delivered again and skipped by the inbox: ${p.n} (offsets ${p.offsets}): the sink kept one copy`,
    ko: (p) => `다시 전달됐지만 inbox 가 건너뜀 ${p.n}개 (offset ${p.offsets}): 싱크는 한 벌만 남겼어요`,
  },
  redeliveredRefused: {
    en: (p: { n: number; offsets: string }) => `delivered again and refused by the unique index: ${p.n} (offsets ${p.offsets}): the sink kept one copy`,
    ko: (p) => `다시 전달됐지만 유니크 인덱스가 거부함 ${p.n}개 (offset ${p.offsets}): 싱크는 한 벌만 남겼어요`,
  },
  skippedOnly: {
    en: (p: { group: string; n: number }) => `group ${p.group}: ${p.n} events delivered, each skipped by the inbox: nothing applied`,
    ko: (p) => `그룹 ${p.group}: 이벤트 ${p.n}개가 전달됐지만 inbox 가 모두 건너뜀: 반영한 것 없음`,
  },
  rowsTotal: {
    en: (p: { rows: number; events: number }) => `order_events: ${p.rows} rows for ${p.events} events`,
    ko: (p) => `order_events: 이벤트 ${p.events}개에 ${p.rows}행`,
  },
  finalRight: {
    en: (p: { order: string; status: string; version: string }) => `order_projection ${p.order}: ${p.status} (version ${p.version}), as its newest event says`,
    ko: (p) => `order_projection ${p.order}: ${p.status} (version ${p.version}), 가장 새 이벤트와 같음`,
  },
  finalWrong: {
    en: (p: { order: string; status: string; version: string; expected: string }) =>
      `order_projection ${p.order}: ${p.status} (version ${p.version}), but its newest event says ${p.expected}`,
    ko: (p) => `order_projection ${p.order}: ${p.status} (version ${p.version}) 인데 가장 새 이벤트는 ${p.expected}`,
  },
  rowMissing: {
    en: (p: { n: number; ids: string }) => `processed, but no row: ${p.n} (${p.ids})`,
    ko: (p) => `처리됐지만 행이 없음: ${p.n}개 (${p.ids})`,
  },
  rowTwice: {
    en: (p: { n: number; ids: string }) => `a row twice: ${p.n} (${p.ids})`,
    ko: (p) => `행이 두 번: ${p.n}개 (${p.ids})`,
  },
});

type Texts = TextsOf<typeof MESSAGES>;

const LEFT = 190;
const RIGHT = 16;
const HEAD = 40;
const ROW = 24;
const CELL = 16;
const LIGHT = '#edf2f7';

const PROCESSING: SinkMark[] = ['processed', 'applied', 'written'];

/** `3-9`, `0, 4, 7-9`: offsets as short ranges. */
function ranges(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j;
  }
  return parts.join(', ');
}

/** Per group, how often its workers processed each event, how often one skipped it (inbox or version guard; stale: the guard), and how many received it at all. */
function groupCounts(view: SinkView): { group: string; processed: number[]; skipped: number[]; stale: number[]; duplicate: number[]; received: number[] }[] {
  const groups = [...new Set(view.workers.map((w) => w.group))];
  return groups.map((group) => {
    const workers = view.workers.filter((w) => w.group === group);
    const count = (marks: SinkMark[]) => view.events.map((_, i) => workers.filter((w) => marks.includes(w.marks[i] as SinkMark)).length);
    return { group, processed: count(PROCESSING), skipped: count(['skipped', 'stale', 'duplicate']), stale: count(['stale']), duplicate: count(['duplicate']), received: count(['fetched', 'failed', 'skipped', 'stale', 'duplicate', ...PROCESSING]) };
  });
}

function cell(mark: SinkMark, x: number, y: number, width: number, colour: string, t: Texts): Markup {
  const label = t[mark]();
  const fits = textWidth(label, 10) + 6 <= width;
  const box =
    mark === 'failed'
      ? el('rect', { x, y, width, height: CELL, fill: '#fff', stroke: RED, 'stroke-width': 2 })
      : mark === 'fetched'
      ? el('rect', { x, y, width, height: CELL, fill: '#fff', stroke: colour, 'stroke-dasharray': '3 2' })
      : mark === 'skipped' || mark === 'stale' || mark === 'duplicate'
        ? el('rect', { x, y, width, height: CELL, fill: LIGHT, stroke: mark === 'duplicate' ? RED : MUTED, ...(mark === 'stale' && { 'stroke-dasharray': '3 2' }) })
        : el('rect', { x, y, width, height: CELL, fill: colour, 'fill-opacity': 0.8 });
  const ink = mark === 'failed' ? RED : mark === 'fetched' || mark === 'skipped' || mark === 'stale' || mark === 'duplicate' ? INK : '#fff';
  return el('g', { class: `sink-mark sink-${mark}` }, box, fits ? el('text', { x: x + width / 2, y: y + 12, 'text-anchor': 'middle', 'font-size': 10, fill: ink }, label) : null);
}

/** The picture of one view: the grid and, under it, what it adds up to. */
function picture(view: SinkView, t: Texts): Markup {
  const n = Math.max(1, view.events.length);
  const width = (WIDTH - LEFT - RIGHT) / n;
  const colX = (i: number) => LEFT + i * width;
  const parts: Child[] = [];
  const head = HEAD + (view.events.some((e) => e.note) ? 14 : 0);

  view.events.forEach((e, i) => {
    const cx = colX(i) + width / 2;
    parts.push(el('text', { x: cx, y: 16, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: INK }, e.id));
    parts.push(el('text', { x: cx, y: 30, 'text-anchor': 'middle', 'font-size': 10, fill: MUTED }, `p${e.partition} · ${e.offset}`));
    if (e.note) parts.push(el('text', { x: cx, y: 44, 'text-anchor': 'middle', 'font-size': 10, fill: INK }, e.note));
  });

  let y = head;
  view.workers.forEach((w, row) => {
    const colour = COLOURS[row % COLOURS.length]!;
    parts.push(el('text', { x: 8, y: y + 13, 'font-size': 12, 'font-weight': 700, fill: colour }, w.name));
    parts.push(el('text', { x: 8 + textWidth(w.name, 12, true) + 12, y: y + 13, 'font-size': 10, fill: MUTED }, w.group));
    w.marks.forEach((mark, i) => {
      if (mark) parts.push(cell(mark, colX(i) + 2, y + 2, width - 4, colour, t));
    });
    const idle = w.marks.every((m) => m === null);
    if (w.startedAt !== undefined) {
      const atEnd = w.startedAt >= n;
      const sx = colX(Math.min(w.startedAt, n)) - (atEnd ? 8 : 0);
      const label = atEnd ? t.startsAtEnd() : t.startsAt({ offset: view.events[w.startedAt]!.offset });
      parts.push(
        el(
          'g',
          { class: 'sink-start' },
          el('path', { d: `M${sx},${y + 3}L${sx + 7},${y + 10}L${sx},${y + 17}Z`, fill: INK }),
          idle ? el('text', { x: atEnd ? sx - 4 : sx + 10, y: y + 14, 'text-anchor': atEnd ? 'end' : 'start', 'font-size': 10, fill: INK }, label) : null,
        ),
      );
    } else if (idle) {
      parts.push(el('text', { x: LEFT + 4, y: y + 14, 'font-size': 10, fill: MUTED }, t.receivedNothing()));
    }
    if (w.killed) {
      const last = w.marks.reduce((at, m, i) => (m && m !== 'fetched' ? i : at), -1);
      const kx = colX(last + 1) - (last + 1 >= n ? 6 : 0);
      parts.push(
        el(
          'g',
          { class: 'sink-kill' },
          el('path', { d: `M${kx - 5},${y + 5}L${kx + 5},${y + 15}M${kx - 5},${y + 15}L${kx + 5},${y + 5}`, stroke: RED, 'stroke-width': 3 }),
          el('text', { x: LEFT - 8, y: y + 13, 'text-anchor': 'end', 'font-size': 10, 'font-weight': 700, fill: RED }, t.killed()),
        ),
      );
    }
    y += ROW;
  });
  if (view.committedAtKill !== undefined && view.committedAtKill !== null) {
    const at = view.events.findIndex((e) => e.partition === 0 && e.offset >= view.committedAtKill!);
    const lx = colX(at === -1 ? n : at) - (at === -1 ? 1 : 0);
    const label = view.committedWhen === 'stop' ? t.committedAtStop({ offset: view.committedAtKill }) : t.committedAtKill({ offset: view.committedAtKill });
    const right = lx + 6 + textWidth(label, 10) <= WIDTH - RIGHT;
    parts.push(
      el(
        'g',
        { class: 'sink-committed' },
        el('line', { x1: lx, x2: lx, y1: head - 4, y2: y + 14, stroke: INK, 'stroke-width': 2, 'stroke-dasharray': '5 3' }),
        el('text', { x: right ? lx + 6 : lx - 6, y: y + 12, 'text-anchor': right ? 'start' : 'end', 'font-size': 10, 'font-weight': 700, fill: INK }, label),
      ),
    );
    y += 16;
  }

  /** What the grid adds up to, one line each; `bad` ones (a loss, a repeat) in red. */
  const summary: { text: string; bad: boolean }[] = [];
  if (view.committedAtKill === null) summary.push({ text: view.committedWhen === 'stop' ? t.nothingCommittedAtStop() : t.nothingCommitted(), bad: false });
  y += 4;
  for (const g of groupCounts(view)) {
    parts.push(el('text', { x: 8, y: y + 13, 'font-size': 11, fill: MUTED }, t.group({ group: g.group })));
    g.processed.forEach((count, i) => {
      const skipped = g.skipped[i]!;
      if (g.received[i] === 0) return;
      const [text, colour] =
        count === 0 && skipped === 0 ? [t.never(), RED] : count === 0 ? [g.stale[i] ? t.stale() : g.duplicate[i] ? t.duplicate() : t.skipped(), MUTED] : count === 1 ? [skipped ? t.onceSkipped() : t.once(), GREEN] : [t.twice({ n: count }), RED];
      const fits = textWidth(text, 10) + 4 <= width;
      parts.push(
        el(
          'g',
          { class: `sink-count sink-count-${count}` },
          el('rect', { x: colX(i) + 2, y: y + 2, width: width - 4, height: CELL, fill: colour, 'fill-opacity': 0.12, stroke: colour }),
          el('text', { x: colX(i) + width / 2, y: y + 14, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': colour === RED ? 700 : 400, fill: colour }, fits ? text : String(count)),
        ),
      );
    });
    const offsetsWhere = (test: (count: number, i: number) => boolean) => view.events.filter((_, i) => test(g.processed[i]!, i)).map((e) => e.offset);
    const never = offsetsWhere((c, i) => c === 0 && g.skipped[i] === 0 && g.received[i]! > 0);
    const twice = offsetsWhere((c) => c > 1);
    const skipped = offsetsWhere((c, i) => c === 1 && g.skipped[i]! > 0 && g.duplicate[i] === 0);
    const refused = offsetsWhere((c, i) => c === 1 && g.duplicate[i]! > 0);
    const once = g.processed.filter((c) => c === 1).length;
    if (never.length) summary.push({ text: t.neverProcessed({ group: g.group, n: never.length, offsets: ranges(never) }), bad: true });
    if (twice.length) summary.push({ text: t.processedTwice({ group: g.group, n: twice.length, offsets: ranges(twice) }), bad: true });
    if (!never.length && !twice.length && once > 0) summary.push({ text: t.processedOnce({ group: g.group, n: once }), bad: false });
    if (once === 0 && g.skipped.some((n) => n > 0)) summary.push({ text: t.skippedOnly({ group: g.group, n: g.skipped.filter((n) => n > 0).length }), bad: false });
    if (skipped.length) summary.push({ text: t.redeliveredSkipped({ n: skipped.length, offsets: ranges(skipped) }), bad: false });
    if (refused.length) summary.push({ text: t.redeliveredRefused({ n: refused.length, offsets: ranges(refused) }), bad: false });
    y += ROW;
  }

  if (view.rows) {
    parts.push(el('text', { x: 8, y: y + 13, 'font-size': 11, fill: MUTED }, t.rows()));
    /** An event a worker processed or applied that has no row: the sink lost it. */
    const missing = view.events.map((_, i) => view.rows![i] === 0 && view.workers.some((w) => w.marks[i] === 'processed' || w.marks[i] === 'applied'));
    view.rows.forEach((count, i) => {
      const colour = count === 1 ? GREEN : count === 0 && !missing[i] ? MUTED : RED;
      parts.push(
        el(
          'g',
          { class: `sink-rows sink-rows-${count}` },
          el('rect', { x: colX(i) + 2, y: y + 2, width: width - 4, height: CELL, fill: colour, 'fill-opacity': count > 1 ? 0.25 : 0.1, stroke: colour }),
          el('text', { x: colX(i) + width / 2, y: y + 14, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': count > 1 ? 700 : 400, fill: colour }, count > 1 ? `×${count}` : String(count)),
        ),
      );
    });
    const total = view.rows.reduce((a, b) => a + b, 0);
    summary.push({ text: t.rowsTotal({ rows: total, events: view.events.length }), bad: total !== view.events.length });
    const twice = view.events.filter((_, i) => view.rows![i]! > 1).map((e) => e.id);
    if (twice.length) summary.push({ text: t.rowTwice({ n: twice.length, ids: twice.join(', ') }), bad: true });
    const lost = view.events.filter((_, i) => missing[i]).map((e) => e.id);
    if (lost.length) summary.push({ text: t.rowMissing({ n: lost.length, ids: lost.join(', ') }), bad: true });
    y += ROW;
  }

  for (const row of view.finalRows ?? []) {
    const shown = { order: row.orderId, status: row.status, version: String(row.version ?? '-') };
    const right = row.status === row.expected;
    summary.push({ text: right ? t.finalRight(shown) : t.finalWrong({ ...shown, expected: row.expected }), bad: !right });
  }

  y += 6;
  for (const line of summary) {
    parts.push(el('text', { x: 8, y: y + 12, 'font-size': 12, 'font-weight': line.bad ? 700 : 400, fill: line.bad ? RED : INK, class: 'sink-summary' }, line.text));
    y += 18;
  }
  return el('svg', { viewBox: `0 0 ${WIDTH} ${y + 6}`, role: 'img', 'aria-label': t.title({ name: view.name }), class: 'sink' }, parts);
}

/** The sink picture of one view: the grid of events and workers with its legend. */
export function drawSink(view: SinkView, lang: Lang): Section[] {
  const t = textsIn(MESSAGES, lang);
  const has = (mark: SinkMark) => view.workers.some((w) => w.marks.includes(mark));
  return [
    {
      title: t.title({ name: view.name }),
      intro: t.intro(),
      figures: [{ svg: picture(view, t) }],
      legend: [
        has('fetched') && { swatch: swatch(el('rect', { x: 1, y: 2, width: 24, height: 10, fill: '#fff', stroke: COLOURS[0]!, 'stroke-dasharray': '3 2' })), text: t.fetchedLegend() },
        { swatch: swatch(el('rect', { x: 1, y: 2, width: 24, height: 10, fill: COLOURS[0]!, 'fill-opacity': 0.8 })), text: t.processedLegend() },
        has('failed') && { swatch: swatch(el('rect', { x: 1, y: 2, width: 24, height: 10, fill: '#fff', stroke: RED, 'stroke-width': 2 })), text: t.failedLegend() },
        has('skipped') && { swatch: swatch(el('rect', { x: 1, y: 2, width: 24, height: 10, fill: LIGHT, stroke: MUTED })), text: t.skippedLegend() },
        has('duplicate') && { swatch: swatch(el('rect', { x: 1, y: 2, width: 24, height: 10, fill: LIGHT, stroke: RED })), text: t.duplicateLegend() },
        has('stale') && {
          swatch: swatch(el('rect', { x: 1, y: 2, width: 24, height: 10, fill: LIGHT, stroke: MUTED, 'stroke-dasharray': '3 2' })),
          text: t.staleLegend(),
        },
        view.workers.some((w) => w.killed) && { swatch: swatch(el('path', { d: 'M8,2L18,12M8,12L18,2', stroke: RED, 'stroke-width': 3 })), text: t.killed() },
        typeof view.committedAtKill === 'number' && {
          swatch: swatch(el('line', { x1: 13, x2: 13, y1: 0, y2: 14, stroke: INK, 'stroke-width': 2, 'stroke-dasharray': '5 3' })),
          text: view.committedWhen === 'stop' ? t.committedAtStopLegend() : t.committedLegend(),
        },
      ].filter((entry) => entry !== false),
    },
  ];
}
