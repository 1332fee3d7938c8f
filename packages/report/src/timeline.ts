import { clock, linear, seconds, stack, textWidth, ticks } from './geometry.ts';
import { el, type Child, type Markup } from './markup.ts';
import { COLOURS, INK, MUTED, RED, WIDTH } from './style.ts';

/** One timestamped thing a run folder's file says happened. */
export interface TimelineEvent {
  /** Milliseconds since the epoch. */
  time: number;
  label: string;
  bad?: boolean;
}

/** A row of the timeline: the events of one file (or one part of it), or a span such as the run itself. */
export interface TimelineLane {
  name: string;
  events: TimelineEvent[];
  span?: { from: number; to: number };
}

const LEFT = 190;
const RIGHT = 24;

/** Every lane on one time axis: spans as bars, events as dots with their labels stacked so they do not overlap. */
export function timelineSvg(lanes: TimelineLane[]): Markup {
  const times = lanes.flatMap((l) => [...l.events.map((e) => e.time), ...(l.span ? [l.span.from, l.span.to] : [])]);
  const start = Math.min(...times);
  const end = Math.max(...times, start + 1);
  const x = linear([start, end], [LEFT, WIDTH - RIGHT]);
  const body: Child[] = [];
  let y = 30;
  lanes.forEach((lane, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const placed = lane.events.map((e) => {
      const width = textWidth(e.label, 11);
      const px = x(e.time);
      return { e, px, width, start: px + 6 + width <= WIDTH - 4 ? px + 6 : px - 6 - width };
    });
    const shown = placed.slice(0, 60);
    const levels = stack(shown.map((p) => ({ x: p.start, width: p.width + 8 })));
    const height = 22 + 14 * Math.min(6, Math.max(0, ...levels) + 1);
    body.push(el('text', { x: 8, y: y + 15, 'font-size': 12, 'font-weight': 700, fill: colour }, lane.name));
    if (lane.span) body.push(el('rect', { x: x(lane.span.from), y: y + 6, width: Math.max(2, x(lane.span.to) - x(lane.span.from)), height: 10, fill: colour, 'fill-opacity': 0.3 }));
    body.push(el('line', { x1: LEFT, x2: WIDTH - RIGHT, y1: y + 11, y2: y + 11, stroke: '#e2e8f0' }));
    for (const p of placed) body.push(el('circle', { class: 'event', cx: p.px, cy: y + 11, r: 4, fill: p.e.bad ? RED : colour }, el('title', {}, `${clock(new Date(p.e.time).toISOString())} ${p.e.label}`)));
    shown.forEach((p, k) => {
      if (levels[k]! >= 6) return;
      const ly = y + 30 + 14 * levels[k]!;
      body.push(el('text', { x: p.start, y: ly, 'font-size': 11, fill: p.e.bad ? RED : INK }, p.e.label));
    });
    if (placed.length > shown.length) body.push(el('text', { x: 8, y: y + 30, 'font-size': 11, fill: MUTED }, `${placed.length - shown.length} more not labelled`));
    y += height + 8;
  });
  const total = y + 6;
  const axis = ticks(0, end - start, 10).map((t) =>
    el('g', {}, el('line', { x1: x(start + t), x2: x(start + t), y1: 20, y2: total - 6, stroke: '#edf2f7' }), el('text', { x: x(start + t), y: 14, 'text-anchor': 'middle', 'font-size': 10, fill: MUTED }, seconds(t))),
  );
  return el('svg', { class: 'timeline', viewBox: `0 0 ${WIDTH} ${total}`, width: WIDTH, height: total, role: 'img', 'aria-label': 'event timeline' }, axis, body);
}
