import { textsIn, type Lang } from '@kafka-labs/i18n';
import { MESSAGES } from '../messages.ts';
import { clipPoints, linear, seconds, stack, textWidth, ticks, type Scale } from '../geometry.ts';
import { el, join, type Child, type Markup } from '../markup.ts';
import { swatch, type Section } from '../page.ts';
import { LABELS, type Band, type GroupModel, type Lane, type Mark } from './consumer-group-model.ts';
import { COLOURS, INK, MUTED, RED, WIDTH } from '../style.ts';

const LEFT = 150;
const RIGHT = 24;
const ROW = 14;
const LABEL = 11;

/** Which stretch of the run a picture shows: all of it, or the model's focus. */
export type View = 'overview' | 'focus';

const title = (text: string) => el('title', {}, text);

function markIcon(mark: Mark, x: number, y: number, colour: string): Markup {
  const stroke = mark.bad ? RED : colour;
  switch (mark.kind) {
    case 'started':
    case 'restarted':
      return el('path', { d: `M${x - 4},${y - 5}L${x + 5},${y}L${x - 4},${y + 5}Z`, fill: stroke });
    case 'stopped':
      return el('rect', { x: x - 4, y: y - 4, width: 8, height: 8, fill: MUTED });
    case 'assigned':
    case 'revoked':
      return el('line', { x1: x, x2: x, y1: y - 5, y2: y + 5, stroke: colour, 'stroke-width': 3 });
    case 'commit-failed':
    case 'poll-error':
      return el('path', { d: `M${x - 4},${y - 4}L${x + 4},${y + 4}M${x - 4},${y + 4}L${x + 4},${y - 4}`, stroke, 'stroke-width': 2.5 });
    default:
      return el('path', { d: `M${x},${y - 6}L${x + 6},${y}L${x},${y + 6}L${x - 6},${y}Z`, fill: stroke });
  }
}

/** A lane: the worker's name, its marks with labels, and a row per partition with what it owned, committed and worked on. */
function laneRows(lane: Lane, partitions: number[], x: Scale, top: number, lang: Lang): { labels: Child[]; plot: Child[]; height: number } {
  const colour = COLOURS[lane.colour % COLOURS.length]!;
  const [from, to] = x.domain;
  const marks = lane.marks.filter((m) => m.time >= from && m.time <= to);
  const placed = marks.map((m) => {
    const px = x(m.time);
    const width = textWidth(m.label, LABEL);
    const right = px + 8 + width <= WIDTH - 4;
    return { mark: m, px, width, start: right ? px + 8 : px - 8 - width, anchor: right ? 'start' : 'end' };
  });
  const levels = stack(placed.map((p) => ({ x: Math.min(p.start, p.px - 8), width: p.width + 16 })));
  const header = 6 + 15 * Math.max(1, Math.max(0, ...levels) + 1);
  const labels: Child[] = [
    el('text', { x: 8, y: top + 13, 'font-weight': 700, fill: colour, 'font-size': 13 }, lane.member),
    el('text', { x: 8 + textWidth(lane.member, 13) + 8, y: top + 13, fill: MUTED, 'font-size': LABEL }, lane.worker),
  ];
  const parts: Child[] = [];
  placed.forEach((p, i) => {
    const y = top + 10 + 15 * levels[i]!;
    labels.push(
      el(
        'g',
        { class: `mark mark-${p.mark.kind}`, 'data-worker': lane.worker },
        title(`${lane.worker}: ${p.mark.label}`),
        markIcon(p.mark, p.px, y, colour),
        el('text', { x: p.anchor === 'start' ? p.px + 8 : p.px - 8, y: y + 4, 'text-anchor': p.anchor, 'font-size': LABEL, fill: p.mark.bad ? RED : p.mark.kind === 'assigned' || p.mark.kind === 'revoked' ? MUTED : INK }, p.mark.label),
      ),
    );
  });

  let y = top + header;
  for (const partition of partitions) {
    labels.push(el('text', { x: LEFT - 10, y: y + ROW - 3, 'text-anchor': 'end', 'font-size': 10, fill: MUTED }, `p${partition}`));
    for (const life of lane.lives) {
      parts.push(el('rect', { x: x(life.from), y, width: Math.max(1, x(life.to) - x(life.from)), height: ROW, fill: '#edf2f7' }));
    }
    for (const own of lane.ownership.filter((o) => o.partition === partition)) {
      parts.push(
        el(
          'g',
          { class: `owned owned-${own.end}`, 'data-worker': lane.worker, 'data-partition': partition },
          title(`${lane.worker} owned p${partition} from ${seconds(own.from - x.domain[0])} to ${seconds(own.to - x.domain[0])} of this view${own.end === 'open' ? '' : ` (${own.end})`}`),
          el('rect', { x: x(own.from), y, width: Math.max(1, x(own.to) - x(own.from)), height: ROW, fill: colour, 'fill-opacity': 0.35 }),
          own.end === 'open' || own.to > x.domain[1] ? null : el('line', { x1: x(own.to), x2: x(own.to), y1: y - 2, y2: y + ROW + 2, stroke: own.end === 'lost' ? RED : colour, 'stroke-width': 2.5, 'stroke-dasharray': own.end === 'lost' ? '3 2' : null }),
        ),
      );
    }
    for (const slow of lane.slow.filter((s) => s.partition === partition)) {
      const width = Math.max(2, x(slow.to) - x(slow.from));
      const text = textsIn(LABELS, lang).slowWork({ offset: slow.offset, took: seconds(slow.to - slow.from) });
      parts.push(
        el(
          'g',
          { class: 'slow' },
          title(`${lane.worker} worked on p${partition} offset ${slow.offset} for ${seconds(slow.to - slow.from)}`),
          el('rect', { x: x(slow.from), y: y + 1, width, height: ROW - 2, fill: `url(#hatch-${lane.colour % COLOURS.length})`, stroke: colour }),
          textWidth(text, 10) + 8 < width ? el('text', { x: x(slow.from) + width / 2, y: y + ROW - 3, 'text-anchor': 'middle', 'font-size': 10, fill: INK, 'paint-order': 'stroke', stroke: '#ffffff', 'stroke-width': 3 }, text) : null,
        ),
      );
    }
    let labelEnd = -Infinity;
    for (const commit of lane.commits.filter((c) => c.partition === partition && c.time >= from && c.time <= to)) {
      const cx = x(commit.time);
      const label = String(commit.offset);
      const show = cx + 3 > labelEnd + 4;
      if (show) labelEnd = cx + 3 + textWidth(label, 9);
      parts.push(
        el(
          'g',
          { class: 'commit', 'data-worker': lane.worker, 'data-partition': partition, 'data-offset': commit.offset },
          title(`${lane.worker} committed p${partition}=${commit.offset}`),
          el('line', { x1: cx, x2: cx, y1: y - 2, y2: y + ROW + 2, stroke: INK, 'stroke-width': 1.5 }),
          show && cx + 3 + textWidth(label, 9) < WIDTH - RIGHT ? el('text', { x: cx + 3, y: y + ROW - 3, 'font-size': 9, fill: INK }, label) : null,
        ),
      );
    }
    y += ROW + 4;
  }
  return { labels, plot: parts, height: y - top };
}

function bandPath(band: Band, x: Scale, y: Scale): Markup | null {
  const colour = COLOURS[band.colour % COLOURS.length]!;
  const [t0, o0] = band.points[0]!;
  const o1 = band.points.at(-1)![1];
  const visible = clipPoints(band.points, x.domain[0], x.domain[1]);
  if (visible.length === 0) return null;
  const attrs = { class: 'band', 'data-worker': band.worker, 'data-partition': band.partition, 'data-from': o0, 'data-to': o1 };
  const tip = title(`${band.worker} processed p${band.partition} ${o0}..${o1}`);
  if (visible.length === 1) return el('g', attrs, tip, el('circle', { cx: x(t0), cy: y(o0 + 0.5), r: 2.5, fill: colour }));
  const points = visible.map(([t, o]) => `${x(t).toFixed(1)},${y(o + 0.5).toFixed(1)}`).join(' ');
  return el('g', attrs, tip, el('polyline', { points, fill: 'none', stroke: colour, 'stroke-width': 3.5, 'stroke-linejoin': 'round', 'stroke-opacity': 0.85 }));
}

/** The offsets of one partition over time: each worker's band, the committed offset as a step line, the duplicates shaded. */
function offsetStrip(model: GroupModel, partition: number, x: Scale, top: number, height: number, view: View): Markup {
  const [from, to] = x.domain;
  const bands = model.bands.filter((b) => b.partition === partition);
  const commits = model.committed.get(partition) ?? [];
  const duplicates = model.duplicates.filter((d) => d.partition === partition);
  const inView = (t: number) => view === 'overview' || (t >= from && t <= to);
  const offsets = [
    ...bands.flatMap((b) => b.points.filter(([t]) => inView(t)).map(([, o]) => o)),
    ...commits.filter((c) => inView(c.time)).map((c) => c.offset),
    ...duplicates.flatMap((d) => [d.from, d.to + 1]),
  ];
  // Nothing of this partition happened in view: its committed offset there (or 0) is what the strip shows.
  if (offsets.length === 0) offsets.push([...commits].reverse().find((c) => c.time <= from)?.offset ?? 0);
  let low = view === 'overview' ? 0 : Math.min(...offsets);
  let high = Math.max(...offsets, low + 1);
  if (view === 'focus') {
    const pad = Math.max(2, Math.round((high - low) * 0.12));
    low = Math.max(0, low - pad);
    high += pad;
  }
  const y = linear([low, high], [top + height, top]);
  const clip = `${clipId(model, view)}-p${partition}`;
  const width = WIDTH - LEFT - RIGHT;
  const axis: Child[] = [
    el('clipPath', { id: clip }, el('rect', { x: LEFT, y: top, width, height })),
    el('text', { x: 8, y: top + height / 2 + 4, 'font-weight': 700, 'font-size': 12, fill: INK }, `p${partition}`),
    el('text', { x: LEFT - 6, y: top + height, 'text-anchor': 'end', 'font-size': 10, fill: MUTED }, low),
    el('text', { x: LEFT - 6, y: top + 9, 'text-anchor': 'end', 'font-size': 10, fill: MUTED }, high),
    el('rect', { x: LEFT, y: top, width, height, fill: '#fafbfc', stroke: '#e2e8f0' }),
  ];
  const plot: Child[] = [];
  const notes: Child[] = [];
  if (commits.length) {
    const steps: [number, number][] = [];
    commits.forEach((c, i) => {
      if (i > 0) steps.push([c.time, commits[i - 1]!.offset]);
      steps.push([c.time, c.offset]);
    });
    steps.push([model.end, commits.at(-1)!.offset]);
    const points = clipPoints(steps, from, to).map(([t, o]) => `${x(t).toFixed(1)},${y(o).toFixed(1)}`);
    plot.push(el('polyline', { class: 'committed', points: points.join(' '), fill: 'none', stroke: '#4a5568', 'stroke-width': 1.5, 'stroke-dasharray': '5 3' }));
    // Up close, each committed offset is named where it starts: the offset a new owner would start from.
    if (view === 'focus') {
      commits.forEach((c, i) => {
        const next = commits[i + 1]?.time ?? model.end;
        if (next < from || c.time > to) return;
        const lx = Math.max(LEFT + 4, x(c.time) + 4);
        if (lx > WIDTH - RIGHT - 90) return;
        notes.push(el('text', { class: 'committed-label', x: lx, y: y(c.offset) + 12, 'font-size': 10, fill: '#4a5568' }, `committed ${c.offset}`));
      });
    }
  }
  for (const d of duplicates) {
    const x0 = x(d.start) - 2;
    const x1 = Math.max(x(d.end) + 2, x0 + 4);
    const yTop = Math.min(y(d.to + 1), y(d.from) - 4);
    plot.push(
      el(
        'rect',
        { class: 'duplicate', 'data-partition': d.partition, 'data-from': d.from, 'data-to': d.to, 'data-times': d.times, x: x0, y: yTop, width: x1 - x0, height: y(d.from) - yTop, fill: RED, 'fill-opacity': 0.18, stroke: RED, 'stroke-width': 1.5, 'stroke-dasharray': '4 2' },
        title(`${d.label} (by ${d.by.join(', ')})`),
      ),
    );
  }
  plot.push(...bands.map((b) => bandPath(b, x, y)));
  if (view === 'focus') {
    for (const band of bands) {
      const [t0, o0] = band.points[0]!;
      if (t0 < from || t0 > to) continue;
      const member = model.lanes.find((l) => l.worker === band.worker)?.member ?? band.worker;
      const text = textsIn(LABELS, model.lang).startsFrom({ member, offset: o0 });
      const lx = Math.min(x(t0) + 6, WIDTH - RIGHT - textWidth(text, 11) - 2);
      notes.push(el('text', { x: lx, y: Math.min(top + height - 3, y(o0) + 27), 'font-size': 11, 'font-weight': 700, fill: COLOURS[band.colour % COLOURS.length]! }, text));
    }
  }
  const labels = duplicates.map((d) => {
    const w = textWidth(d.label, 12, true) + 4;
    const x0 = Math.max(LEFT + 4, x(d.start));
    const start = x0 + w <= WIDTH - RIGHT ? x0 : WIDTH - RIGHT - w;
    const above = Math.min(y(d.to + 1), y(d.from) - 4) - 5;
    const baseline = above - 12 >= top ? above : Math.min(top + height - 4, y(d.from) + 15);
    return el('text', { class: 'duplicate-label', x: start, y: baseline, 'font-size': 12, 'font-weight': 700, fill: RED, 'paint-order': 'stroke', stroke: '#ffffff', 'stroke-width': 3 }, d.label);
  });
  return join(axis, el('g', { 'clip-path': `url(#${clip})` }, plot, notes), labels);
}

const clipId = (model: GroupModel, view: View) => `clip-${model.group}-${view}`;
const stripHeight = (partitions: number) => (partitions <= 2 ? 130 : partitions <= 4 ? 90 : 62);

/** One group's run: the time axis, a lane per worker and a strip of offsets per partition, over the whole run or its focus. */
export function rebalanceSvg(model: GroupModel, view: View): Markup {
  const domain: [number, number] = view === 'focus' && model.focus ? [model.focus.from, model.focus.to] : [model.start, model.end];
  const x = linear(domain, [LEFT, WIDTH - RIGHT], true);
  const body: Child[] = [];
  let y = 34;
  for (const lane of model.lanes) {
    const rows = laneRows(lane, model.partitions, x, y, model.lang);
    body.push(el('g', { class: 'lane', 'data-worker': lane.worker }, el('g', { 'clip-path': `url(#${clipId(model, view)})` }, rows.plot), rows.labels));
    y += rows.height + 10;
  }
  y += 6;
  body.push(el('text', { x: 8, y: y + 12, 'font-size': 12, fill: MUTED }, 'offsets processed over time (one band per worker; dashed: the committed offset)'));
  y += 22;
  const processed = model.partitions.filter((p) => model.bands.some((b) => b.partition === p));
  const height = stripHeight(processed.length);
  for (const partition of processed) {
    body.push(el('g', { class: 'strip', 'data-partition': partition }, offsetStrip(model, partition, x, y, height, view)));
    y += height + 12;
  }
  const total = y + 4;

  const axis: Child[] = [];
  const relative = ticks(domain[0] - model.start, domain[1] - model.start, 10);
  for (const t of relative) {
    const px = x(model.start + t);
    axis.push(el('line', { x1: px, x2: px, y1: 20, y2: total - 10, stroke: '#edf2f7' }));
    axis.push(el('text', { x: px, y: 14, 'text-anchor': 'middle', 'font-size': 10, fill: MUTED }, seconds(t)));
  }
  const guides = model.rebalances
    .filter((t) => t >= domain[0] && t <= domain[1])
    .map((t) => el('line', { class: 'guide', x1: x(t), x2: x(t), y1: 24, y2: total - 10, stroke: '#a0aec0', 'stroke-dasharray': '2 3' }));
  const hatches = COLOURS.map((c, i) =>
    el('pattern', { id: `hatch-${i}`, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, el('rect', { width: 6, height: 6, fill: c, 'fill-opacity': 0.15 }), el('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: c, 'stroke-width': 2 })),
  );
  return el(
    'svg',
    { class: `rebalance rebalance-${view}`, 'data-group': model.group, viewBox: `0 0 ${WIDTH} ${total}`, width: WIDTH, height: total, role: 'img', 'aria-label': `group ${model.group}, ${view}` },
    el('defs', {}, hatches, el('clipPath', { id: clipId(model, view) }, el('rect', { x: LEFT, y: 0, width: WIDTH - LEFT - RIGHT, height: total }))),
    axis,
    el('g', { 'clip-path': `url(#${clipId(model, view)})` }, guides),
    body,
  );
}

/** A group's section of the page: the whole run, the closer look at its focus, and what the marks mean. */
export function rebalanceSection(model: GroupModel, lang: Lang): Section {
  const t = textsIn(MESSAGES, lang);
  const workers = model.lanes.map((l) => `${l.member} (${l.worker})`).join(', ');
  const twice = model.duplicates.map((d) => d.label).join('; ');
  const figures = [{ svg: rebalanceSvg(model, 'overview'), caption: t.wholeRun({ group: model.group, span: seconds(model.end - model.start) }) }];
  if (model.focus) {
    figures.push({
      svg: rebalanceSvg(model, 'focus'),
      caption: t.closer({ from: seconds(model.focus.from - model.start), to: seconds(model.focus.to - model.start), again: model.duplicates.length > 0 }),
    });
  }
  return {
    title: t.groupTitle({ group: model.group }),
    intro: t.groupIntro({ workers, twice }),
    figures,
    legend: [
      ...model.lanes.map((l) => ({ swatch: swatch(el('rect', { x: 1, y: 3, width: 24, height: 8, fill: COLOURS[l.colour % COLOURS.length]!, 'fill-opacity': 0.35 })), text: t.owns({ member: l.member }) })),
      { swatch: swatch(el('line', { x1: 13, x2: 13, y1: 1, y2: 13, stroke: INK, 'stroke-width': 1.5 })), text: t.commitMark() },
      { swatch: swatch(el('line', { x1: 13, x2: 13, y1: 1, y2: 13, stroke: RED, 'stroke-width': 2.5, 'stroke-dasharray': '3 2' })), text: t.partitionLost() },
      { swatch: swatch(el('polyline', { points: '1,12 8,12 8,5 18,5 18,2 25,2', fill: 'none', stroke: '#4a5568', 'stroke-width': 1.5, 'stroke-dasharray': '5 3' })), text: t.committedOffset() },
      { swatch: swatch(el('rect', { x: 1, y: 1, width: 24, height: 12, fill: RED, 'fill-opacity': 0.18, stroke: RED, 'stroke-dasharray': '4 2' })), text: t.processedTwice() },
      { swatch: swatch(el('line', { x1: 13, x2: 13, y1: 0, y2: 14, stroke: '#a0aec0', 'stroke-dasharray': '2 3' })), text: t.assignmentMark() },
    ],
  };
}
