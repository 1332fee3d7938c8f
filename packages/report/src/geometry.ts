// Scales, axis ticks and text sizes for hand-drawn SVG.

/**
 * Maps a domain linearly onto a range (pixels); a domain of zero width maps everything to the range's start. With
 * `clamp`, values outside the domain map to the nearest end of the range.
 */
export interface Scale {
  (value: number): number;
  domain: readonly [number, number];
  range: readonly [number, number];
}

export function linear(domain: readonly [number, number], range: readonly [number, number], clamp = false): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  const low = Math.min(d0, d1);
  const high = Math.max(d0, d1);
  return Object.assign((value: number) => r0 + ((clamp ? Math.min(high, Math.max(low, value)) : value) - d0) * k, { domain, range });
}

/**
 * The part of a polyline of (x, y) points that lies within from..to in x, with points interpolated where it crosses
 * those bounds, so that nothing is drawn outside them.
 */
export function clipPoints(points: [number, number][], from: number, to: number): [number, number][] {
  const at = (p: [number, number], q: [number, number], x: number): [number, number] => [x, p[1] + ((q[1] - p[1]) * (x - p[0])) / (q[0] - p[0])];
  const out: [number, number][] = [];
  points.forEach((p, i) => {
    const previous = points[i - 1];
    if (previous && previous[0] < from && p[0] > from) out.push(at(previous, p, from));
    if (p[0] >= from && p[0] <= to) out.push(p);
    if (previous && previous[0] < to && p[0] > to) out.push(at(previous, p, to));
  });
  return out;
}

/** Round tick values (steps of 1, 2 or 5 times a power of ten) from `min` to `max`, about `count` of them. */
export function ticks(min: number, max: number, count: number): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/** An estimate of the width of `text` at `size` px in the page's sans-serif font (no DOM to measure with). */
export const textWidth = (text: string, size: number, bold = false) => text.length * size * (bold ? 0.62 : 0.56);

/**
 * Gives each label (an x position and a width, in the order given) the lowest level at which it does not overlap a
 * label already placed, so labels can be stacked in rows; returns the levels.
 */
export function stack(labels: { x: number; width: number }[], gap = 6): number[] {
  const ends: number[] = [];
  return labels.map(({ x, width }) => {
    let level = ends.findIndex((end) => end + gap <= x);
    if (level === -1) level = ends.length;
    ends[level] = x + width;
    return level;
  });
}

/** Milliseconds as seconds for an axis or a label: `12 s`, `1.5 s`, `0.25 s`. */
export function seconds(ms: number): string {
  const s = ms / 1000;
  if (Number.isInteger(s)) return `${s} s`;
  return `${Number(s.toFixed(Math.abs(s) < 1 ? 3 : 2))} s`;
}

/** The clock time of an ISO timestamp, `HH:MM:SS.mmm` (UTC, as the logs write it). */
export const clock = (iso: string) => iso.slice(11, 23);
