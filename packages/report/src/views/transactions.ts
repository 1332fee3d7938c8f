// The transactions picture (kafka-exactly-once 01-04, producer-guarantees 07): per partition a strip of its log, each
// batch coloured by its transaction's fate with the COMMIT/ABORT markers and their epochs, then what each reader
// returned; optionally the input's group offsets (a crash), the instances and their fencing (a zombie), and a time
// line of a transaction that outlived its timeout.
import type { TxnFate, TxnLogBatch } from '@kafka-labs/dumplog';
import { textsIn, type Lang, type TextsOf } from '@kafka-labs/i18n';
import { clock, linear, seconds, stack, textWidth, ticks } from '../geometry.ts';
import { el, type Child, type Markup } from '../markup.ts';
import { swatch, type Section } from '../page.ts';
import { GREEN, INK, MUTED, RED, WIDTH } from '../style.ts';
import { TRANSACTIONS_MESSAGES } from './transactions-messages.ts';

export type { TxnFate, TxnLogBatch } from '@kafka-labs/dumplog';

/** What one reader returned of the partition: its records (offset, order id), where it stopped, the ids it returned more than once. */
export interface TxnRead {
  isolation: 'read_committed' | 'read_uncommitted';
  /** Who read: librdkafka (the lab's reader), `kafka-console-consumer`, or a worker's name. */
  reader: string;
  records: { offset: number; id: string }[];
  end: number | null;
  twice: string[];
}

/** An instance of a worker that wrote to the partition, with its transactional.id, epochs and what became of it. */
export interface TxnInstance {
  name: string;
  transactionalId: string;
  /** The producer epochs of its data batches. */
  epochs: number[];
  outcome: 'committed' | 'fenced' | 'committed-late' | 'group-fenced';
  /** The error its call returned, as its log wrote it (`_FENCED (-144)`); null for none. */
  error: string | null;
}

/**
 * A transaction held open past transaction.timeout.ms: when it began, the timeout, when the reader got the record
 * written behind it, the worker's resume and fencing, its restart's first commit.
 */
export interface TxnStall {
  writer: string;
  began: string;
  timeoutMs: number;
  /** The record another producer wrote after the open transaction, and when the read_committed reader got it. */
  held: { id: string; readAt: string | null };
  resumed: string | null;
  fenced: string | null;
  /** The restart (with the same transactional.id, or a new one): its name and first commit. */
  restart: { name: string; committed: string | null } | null;
  /** When the writer was killed (kill -9) inside the transaction; absent or null: it was not. */
  killed?: string | null;
  /** Who ended the transaction at `held.readAt`: its coordinator at the timeout (the default), the restart's initTransactions, or the operator's kafka-transactions abort. */
  abortedBy?: 'coordinator' | 'restart' | 'operator';
}

/** One partition's strip (per topic, or per variant of a lab). */
export interface TxnStrip {
  /** What it is: the variant or topic and partition (`sent: orders_enriched-… p0`). */
  title: string;
  batches: TxnLogBatch[];
  reads: TxnRead[];
  /** The input's committed offset for the group when the worker was killed, and where its restart began (a crash). */
  groupOffsets?: { input: string; end: number; killed: number | null; restart: number | null; after?: number | null };
  instances?: TxnInstance[];
  stall?: TxnStall;
}

/** What a transactions lab's grader read: one strip per partition it grades, and the run folder's files it read them from. */
export interface TransactionsView {
  kind: 'transactions';
  files: string[];
  strips: TxnStrip[];
}

type Texts = TextsOf<typeof TRANSACTIONS_MESSAGES>;

const LEFT = 150;
const RIGHT = 24;
const CELL_MAX = 58;
const FATE: Record<TxnFate, { fill: string; stroke: string }> = {
  committed: { fill: '#c6f6d5', stroke: GREEN },
  aborted: { fill: '#fed7d7', stroke: RED },
  open: { fill: '#fefcbf', stroke: '#b7791f' },
  plain: { fill: '#bee3f8', stroke: '#2b6cb0' },
};
const MARKER_FILL = { COMMIT: GREEN, ABORT: RED } as const;

/** The number of an order id (`E-0003` → `3`), or the id itself when it is not one. */
const short = (id: string) => (/^E-\d+$/.test(id) ? String(Number(id.slice(2))) : id);

function stripSvg(strip: TxnStrip, t: Texts): Markup {
  const next = Math.max(0, ...strip.batches.map((b) => b.lastOffset + 1), ...strip.reads.map((r) => r.end ?? 0));
  const cell = Math.min(CELL_MAX, (WIDTH - LEFT - RIGHT) / Math.max(1, next));
  const x = (offset: number) => LEFT + offset * cell;
  const fateAt = new Map<number, TxnFate>();
  for (const b of strip.batches) if (!b.marker) for (let o = b.baseOffset; o <= b.lastOffset; o++) fateAt.set(o, b.fate);
  const body: Child[] = [];
  let y = 18;

  // The log: offsets above, a cell per offset, markers dark with their kind's initial, each batch outlined.
  body.push(el('text', { x: 8, y: y + 30, 'font-size': 12, 'font-weight': 600, fill: INK }, t.logRow()));
  const step = Math.max(1, Math.ceil(24 / cell));
  for (let o = 0; o < next; o += step) body.push(el('text', { x: x(o) + cell / 2, y: y + 8, 'font-size': 10, fill: MUTED, 'text-anchor': 'middle' }, o));
  const top = y + 14;
  for (const b of strip.batches) {
    const w = (b.lastOffset - b.baseOffset + 1) * cell;
    if (b.marker) {
      body.push(el('rect', { class: `marker marker-${b.marker.toLowerCase()}`, x: x(b.baseOffset) + 1, y: top, width: w - 2, height: 30, fill: MARKER_FILL[b.marker], rx: 2 }));
      body.push(el('text', { x: x(b.baseOffset) + w / 2, y: top + 20, 'font-size': 12, 'font-weight': 700, fill: '#fff', 'text-anchor': 'middle' }, b.marker[0]!));
      continue;
    }
    const { fill, stroke } = FATE[b.fate];
    b.ids.forEach((id, i) => {
      const cx = x(b.baseOffset + i);
      body.push(el('rect', { class: `record fate-${b.fate}`, x: cx + 1, y: top, width: cell - 2, height: 30, fill, rx: 2 }));
      if (cell >= 16) body.push(el('text', { x: cx + cell / 2, y: top + 19, 'font-size': cell >= 40 ? 11 : 10, fill: INK, 'text-anchor': 'middle' }, cell >= 52 ? id : short(id)));
    });
    body.push(el('rect', { x: x(b.baseOffset) + 0.5, y: top - 0.5, width: w - 1, height: 31, fill: 'none', stroke, 'stroke-width': 1.5, rx: 3 }));
  }

  // Under the log: who wrote each batch at which epoch, and each marker by name, stacked where they would overlap.
  const labels = strip.batches.map((b) => {
    const text = b.marker ? t.markerLabel({ marker: b.marker, writer: b.writer, epoch: b.epoch }) : b.fate === 'plain' ? b.writer : t.batchLabel({ writer: b.writer, epoch: b.epoch });
    return { text, x: x(b.baseOffset), width: textWidth(text, 11, b.marker !== null), marker: b.marker };
  });
  const levels = stack(labels);
  labels.forEach((l, i) => {
    const ly = top + 46 + levels[i]! * 14;
    const lx = Math.min(l.x, WIDTH - RIGHT - l.width);
    body.push(el('line', { x1: l.x + 2, x2: l.x + 2, y1: top + 31, y2: ly - 9, stroke: '#cbd5e0' }));
    body.push(el('text', { class: l.marker ? `marker-label marker-label-${l.marker.toLowerCase()}` : 'batch-label', x: lx, y: ly, 'font-size': 11, 'font-weight': l.marker ? 700 : 400, fill: l.marker ? MARKER_FILL[l.marker] : MUTED }, l.text));
  });
  y = top + 46 + (Math.max(-1, ...levels) + 1) * 14 + 8;

  // The reads: one row each, a cell at every offset returned, coloured as the log has it; the end it reached; the copies.
  for (const read of strip.reads) {
    body.push(el('text', { x: 8, y: y + 16, 'font-size': 12, 'font-weight': 600, fill: INK }, read.isolation));
    body.push(el('text', { x: 8, y: y + 29, 'font-size': 10, fill: MUTED }, read.reader));
    const twice = new Set(read.twice);
    for (const r of read.records) {
      const fate = fateAt.get(r.offset) ?? 'plain';
      body.push(el('rect', { class: `read fate-${fate}`, x: x(r.offset) + 2, y: y + 4, width: cell - 4, height: 18, fill: FATE[fate].fill, stroke: twice.has(r.id) ? RED : FATE[fate].stroke, 'stroke-width': twice.has(r.id) ? 2 : 1, rx: 2 }));
      if (cell >= 16) body.push(el('text', { x: x(r.offset) + cell / 2, y: y + 17, 'font-size': 10, fill: INK, 'text-anchor': 'middle' }, short(r.id)));
    }
    if (read.end !== null) {
      body.push(el('line', { x1: x(read.end), x2: x(read.end), y1: y, y2: y + 26, stroke: INK, 'stroke-width': 2 }));
      body.push(el('text', { x: Math.min(x(read.end) + 4, WIDTH - RIGHT - 40), y: y + 34, 'font-size': 10, fill: MUTED }, t.readEnd({ offset: read.end })));
    }
    // An id returned twice is a duplicate when two of its copies are kept (committed or without a transaction); else the extra ones are aborted copies.
    const kept = (id: string) => read.records.filter((r) => r.id === id && (fateAt.get(r.offset) ?? 'plain') !== 'aborted' && fateAt.get(r.offset) !== 'open').length;
    const duplicates = read.twice.filter((id) => kept(id) > 1);
    const ghosts = read.twice.filter((id) => kept(id) <= 1);
    const copies = duplicates.length
      ? { text: t.readTwice({ ids: duplicates.join(' ') }), cls: 'copies copies-twice', fill: RED }
      : ghosts.length
        ? { text: t.readAbortedCopies({ ids: ghosts.join(' ') }), cls: 'copies copies-aborted', fill: FATE.open.stroke }
        : { text: t.readOnce({ n: read.records.length }), cls: 'copies', fill: MUTED };
    body.push(el('text', { class: copies.cls, x: LEFT, y: y + 38, 'font-size': 11, 'font-weight': copies.fill === MUTED ? 400 : 700, fill: copies.fill }, copies.text));
    y += 48;
  }

  // A crash (02): the input's committed offset when the worker was killed, and where its restart began.
  const g = strip.groupOffsets;
  if (g) {
    const ix = linear([0, Math.max(1, g.end)], [LEFT, LEFT + Math.min(WIDTH - LEFT - RIGHT - 200, g.end * CELL_MAX)]);
    body.push(el('text', { x: 8, y: y + 20, 'font-size': 12, 'font-weight': 600, fill: INK }, t.inputRow()));
    body.push(el('text', { x: 8, y: y + 33, 'font-size': 10, fill: MUTED }, g.input));
    body.push(el('rect', { x: ix(0), y: y + 8, width: ix(g.end) - ix(0), height: 16, fill: '#edf2f7', stroke: '#cbd5e0' }));
    body.push(el('text', { x: ix(g.end) + 6, y: y + 20, 'font-size': 10, fill: MUTED }, t.inputEnd({ offset: g.end })));
    const flags = [
      { offset: g.killed, text: g.killed === null ? t.noCommit() : t.committedWhenKilled({ offset: g.killed }), colour: INK },
      { offset: g.restart, text: g.restart === null ? t.noRestart() : t.restartBegan({ offset: g.restart }), colour: g.restart !== null && g.killed !== null && g.restart !== g.killed ? RED : '#2b6cb0' },
    ];
    flags.forEach((f, i) => {
      const fx = ix(f.offset ?? 0);
      body.push(el('line', { x1: fx, x2: fx, y1: y + 4, y2: y + 40 + i * 14, stroke: f.colour, 'stroke-width': 2, 'stroke-dasharray': i ? '4 3' : null }));
      body.push(el('text', { class: 'group-offset', x: fx + 4, y: y + 38 + i * 14, 'font-size': 11, fill: f.colour }, f.text));
    });
    y += 70;
  }

  // A zombie (03): each instance, its transactional.id and epochs, and what became of it.
  for (const inst of strip.instances ?? []) {
    const bad = inst.outcome === 'committed-late';
    body.push(el('text', { x: 8, y: y + 14, 'font-size': 12, 'font-weight': 600, fill: INK }, inst.name));
    body.push(
      el('text', { class: `instance instance-${inst.outcome}`, x: LEFT, y: y + 14, 'font-size': 12, fill: bad ? RED : INK },
        t.instance({ id: inst.transactionalId, epochs: inst.epochs.join(', ') || '-' }), ' — ',
        el('tspan', { 'font-weight': 700, fill: bad ? RED : inst.outcome === 'committed' ? GREEN : '#2b6cb0' }, t.outcome({ outcome: inst.outcome })),
        inst.error ? ` (${inst.error})` : ''),
    );
    y += 20;
  }

  return el('svg', { viewBox: `0 0 ${WIDTH} ${y + 6}`, role: 'img', 'aria-label': strip.title }, body);
}

/** A transaction held past its timeout (04), on a clock from when it began. */
function stallSvg(s: TxnStall, t: Texts): Markup {
  const start = Date.parse(s.began);
  const times = [s.held.readAt, s.resumed, s.fenced, s.restart?.committed].filter((v): v is string => v !== null && v !== undefined).map(Date.parse);
  // A timeout far beyond what happened (the operator's 15 min) is not drawn to scale: the clock ends after the events.
  const last = Math.max(start, ...times);
  const beyond = s.timeoutMs > 3 * (last - start) + 10_000;
  const end = beyond ? last + Math.max(2000, (last - start) / 3) : Math.max(start + s.timeoutMs, ...times) + 500;
  const tx = linear([start, end], [LEFT, WIDTH - RIGHT - 120]);
  const body: Child[] = [];
  const axisY = 18;
  for (const v of ticks(0, end - start, 8)) {
    body.push(el('line', { x1: tx(start + v), x2: tx(start + v), y1: axisY + 4, y2: 170, stroke: '#edf2f7' }));
    body.push(el('text', { x: tx(start + v), y: axisY, 'font-size': 10, fill: MUTED, 'text-anchor': 'middle' }, `+${seconds(v)}`));
  }
  const abortAt = s.held.readAt ? Date.parse(s.held.readAt) : end;
  const mark = (at: string | null, y: number, text: string, colour: string, cls: string): Child[] =>
    at === null ? [] : [
      el('circle', { cx: tx(Date.parse(at)), cy: y, r: 5, fill: colour }),
      el('text', { class: cls, x: Math.min(tx(Date.parse(at)) + 8, WIDTH - RIGHT - textWidth(text, 11)), y: y + 4, 'font-size': 11, fill: colour, 'font-weight': 600 }, text),
    ];
  // Row 1: the writer's transaction, open from its begin to the coordinator's abort; its resume and fencing.
  body.push(el('text', { x: 8, y: 50, 'font-size': 12, 'font-weight': 600, fill: INK }, t.transactionOf({ writer: s.writer })));
  body.push(el('rect', { class: 'txn-open', x: tx(start), y: 38, width: tx(abortAt) - tx(start), height: 18, fill: FATE.open.fill, stroke: FATE.open.stroke }));
  body.push(el('text', { x: tx(start) + 6, y: 51, 'font-size': 11, fill: INK }, t.openSpan()));
  body.push(...mark(s.killed ?? null, 84, t.killed(), RED, 'killed'));
  body.push(...mark(s.resumed, 84, t.resumed(), INK, 'resumed'));
  body.push(...mark(s.fenced, 100, t.fenced(), RED, 'fenced'));
  // The timeout and the abort (the coordinator's unless the view names another).
  const timeoutX = tx(beyond ? end : start + s.timeoutMs);
  if (!beyond) body.push(el('line', { x1: timeoutX, x2: timeoutX, y1: 28, y2: 170, stroke: RED, 'stroke-dasharray': '5 3', 'stroke-width': 1.5 }));
  body.push(el('text', { class: 'timeout', x: timeoutX - 4, y: 118, 'font-size': 11, fill: RED, 'text-anchor': 'end' }, beyond ? t.timeoutBeyond({ ms: s.timeoutMs }) : t.timeout({ ms: s.timeoutMs })));
  body.push(el('rect', { class: 'coordinator-abort', x: tx(abortAt) - 2, y: 34, width: 4, height: 26, fill: RED }));
  body.push(el('text', { x: Math.min(tx(abortAt) + 6, WIDTH - RIGHT - 160), y: 70, 'font-size': 11, fill: RED, 'font-weight': 700 }, t.abortedBy({ by: s.abortedBy ?? 'coordinator' })));
  // Row 2: the read_committed reader, held at the LSO until the abort, then given the record behind it.
  body.push(el('text', { x: 8, y: 144, 'font-size': 12, 'font-weight': 600, fill: INK }, t.readerRow()));
  body.push(el('rect', { class: 'held-at-lso', x: tx(start), y: 132, width: tx(abortAt) - tx(start), height: 18, fill: '#e2e8f0', stroke: MUTED }));
  body.push(el('text', { x: tx(start) + 6, y: 145, 'font-size': 11, fill: INK }, t.heldAtLso()));
  body.push(...mark(s.held.readAt, 141, t.heldRead({ id: s.held.id }), GREEN, 'held-read'));
  if (s.restart) body.push(...mark(s.restart.committed, 164, t.restartCommitted({ name: s.restart.name }), GREEN, 'restart'));
  body.push(el('text', { x: 8, y: 188, 'font-size': 10, fill: MUTED }, t.clockFrom({ time: clock(s.began) })));
  return el('svg', { viewBox: `0 0 ${WIDTH} 194`, role: 'img', 'aria-label': t.stallTitle() }, body);
}

/** The transactions picture: a section per strip, the stall on its own clock after it. */
export function drawTransactions(view: TransactionsView, lang: Lang): Section[] {
  const t = textsIn(TRANSACTIONS_MESSAGES, lang);
  const batches = view.strips.flatMap((s) => s.batches);
  const legend = [
    ...(['committed', 'aborted', 'open', 'plain'] as const).filter((fate) => batches.some((b) => !b.marker && b.fate === fate)).map((fate) => ({
      swatch: swatch(el('rect', { x: 2, y: 2, width: 22, height: 10, fill: FATE[fate].fill, stroke: FATE[fate].stroke })),
      text: t.fate({ fate }),
    })),
    ...(['COMMIT', 'ABORT'] as const).filter((marker) => batches.some((b) => b.marker === marker)).map((marker) => ({
      swatch: swatch(el('rect', { x: 8, y: 1, width: 10, height: 12, fill: MARKER_FILL[marker] })),
      text: t.markerLegend({ marker }),
    })),
  ];
  const sections: Section[] = view.strips.map((strip, i) => ({
    title: t.stripTitle({ title: strip.title }),
    intro: i === 0 ? t.intro() : undefined,
    figures: [{ svg: stripSvg(strip, t) }],
    legend,
  }));
  for (const strip of view.strips) {
    const s = strip.stall;
    if (s?.abortedBy) sections.push({ title: t.openTitle({ title: strip.title }), intro: t.openIntro({ ms: s.timeoutMs, by: s.abortedBy }), figures: [{ svg: stallSvg(s, t) }] });
    else if (s) sections.push({ title: t.stallTitle(), intro: t.stallIntro({ ms: s.timeoutMs }), figures: [{ svg: stallSvg(s, t) }] });
  }
  return sections;
}
