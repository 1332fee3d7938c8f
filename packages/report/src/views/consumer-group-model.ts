import { countDuplicates } from '@kafka-labs/dups';
import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
import type { WorkerEvent } from '@kafka-labs/kafka-client/worker-log';

/** One worker of a group: its name and its log's events, in its own order. */
export interface GroupWorker {
  worker: string;
  events: WorkerEvent[];
}

/** The member part of a worker name: `b` of `nocommit-b` in group `nocommit`. */
const memberOf = (group: string, worker: string) => (worker.startsWith(`${group}-`) ? worker.slice(group.length + 1) : worker);

// A consumer group's run as a picture model: what each worker owned when, what it processed and committed, and
// the offsets processed more than once. Times are milliseconds since the epoch.

/** A partition a worker owned from `from` to `to`; `end` says how it gave it up (open: it still had it at its last line). */
export interface Ownership {
  partition: number;
  from: number;
  to: number;
  end: 'revoked' | 'lost' | 'open';
}

/** Something a worker's log says that the picture marks on its lane. */
export interface Mark {
  time: number;
  kind: 'started' | 'restarted' | 'stopped' | 'assigned' | 'revoked' | 'left' | 'commit-failed' | 'poll-error' | 'lost' | 'client';
  label: string;
  /** True for what went wrong (drawn red). */
  bad: boolean;
}

/** One message that took a worker long (`slow` line) from `from` until its `processed` line (or the announced time). */
export interface SlowWork {
  partition: number;
  offset: number;
  from: number;
  to: number;
}

export interface Lane {
  worker: string;
  member: string;
  /** Index into the picture's worker colours. */
  colour: number;
  /** From each `started` (or the first line) to its `stopped` (or the last line). */
  lives: { from: number; to: number }[];
  ownership: Ownership[];
  commits: { time: number; partition: number; offset: number }[];
  slow: SlowWork[];
  marks: Mark[];
}

/** Consecutive offsets one worker processed, as (time, offset) points. */
export interface Band {
  worker: string;
  colour: number;
  partition: number;
  points: [number, number][];
}

/** Offsets of a partition processed `times` times, from the first processing of `from` to the last of `to`. */
export interface Duplicate {
  partition: number;
  from: number;
  to: number;
  times: number;
  by: string[];
  start: number;
  end: number;
  label: string;
}

export interface GroupModel {
  group: string;
  /** The language of its labels. */
  lang: Lang;
  start: number;
  end: number;
  partitions: number[];
  lanes: Lane[];
  bands: Band[];
  /** Every successful commit of the group per partition, in time order: the committed offset over time. */
  committed: Map<number, { time: number; offset: number }[]>;
  duplicates: Duplicate[];
  /** Times of assignments, revocations and losses, where the picture draws guide lines. */
  rebalances: number[];
  /** The stretch of time worth a closer look: around the duplicates, or else the first hand-over of a partition. */
  focus: { from: number; to: number } | null;
}

const at = (event: WorkerEvent) => Date.parse(event.time);
/** Partitions as the worker log writes them: `[p0,p1]`. */
const partitionList = (partitions: number[]) => `[${partitions.map((p) => `p${p}`).join(',')}]`;

/** The words on a group's picture: marks on the lanes and the labels of duplicate ranges (the log's own terms in `en`). */
export const LABELS = defineMessages({
  twice: { en: (p: { range: string }) => `${p.range} processed twice`, ko: (p) => `${p.range} 두 번 처리됨` },
  times: { en: (p: { range: string; n: number }) => `${p.range} processed ${p.n} times`, ko: (p) => `${p.range} ${p.n}번 처리됨` },
  started: { en: () => 'started', ko: () => '시작' },
  restarted: { en: (p: { seconds: string }) => `restarted after ${p.seconds} s`, ko: (p) => `${p.seconds}초 뒤 재시작` },
  stopped: { en: () => 'stopped', ko: () => '멈춤' },
  assigned: { en: (p: { partitions: string }) => `assigned ${p.partitions}`, ko: (p) => `할당 ${p.partitions}` },
  revoked: { en: (p: { partitions: string }) => `revoked ${p.partitions}`, ko: (p) => `반납 ${p.partitions}` },
  lost: { en: (p: { partitions: string }) => `lost ${p.partitions}`, ko: (p) => `유실 ${p.partitions}` },
  commitFailed: { en: (p: { offsets: string; error: string }) => `commit ${p.offsets} failed: ${p.error}`, ko: (p) => `commit ${p.offsets} 실패: ${p.error}` },
  pollError: { en: (p: { error: string }) => `poll error: ${p.error}`, ko: (p) => `poll 오류: ${p.error}` },
  left: { en: () => 'max.poll.interval.ms exceeded: left the group', ko: () => 'max.poll.interval.ms 초과: 그룹을 떠남' },
  client: { en: (p: { facility: string }) => `client: ${p.facility}`, ko: (p) => `클라이언트: ${p.facility}` },
  slowWork: { en: (p: { offset: number; took: string }) => `offset ${p.offset}: ${p.took} of work`, ko: (p) => `offset ${p.offset}: ${p.took} 동안 처리` },
  startsFrom: { en: (p: { member: string; offset: number }) => `${p.member} from ${p.offset}`, ko: (p) => `${p.member}: ${p.offset}부터` },
});

/** The label of a duplicate range, as the graders' figures write ranges: `p1 300..349 processed twice`. */
export function duplicateLabel(d: { partition: number; from: number; to: number; times: number }, lang: Lang = 'en'): string {
  const t = textsIn(LABELS, lang);
  const range = `p${d.partition} ${d.from === d.to ? `${d.from}` : `${d.from}..${d.to}`}`;
  return d.times === 2 ? t.twice({ range }) : t.times({ range, n: d.times });
}

function laneOf(log: GroupWorker, member: string, colour: number, lang: Lang): Lane {
  const t = textsIn(LABELS, lang);
  const events = log.events;
  const lane: Lane = { worker: log.worker, member, colour, lives: [], ownership: [], commits: [], slow: [], marks: [] };
  const last = at(events.at(-1)!);
  const open = new Map<number, number>();
  const close = (partitions: number[], time: number, end: Ownership['end']) => {
    for (const partition of partitions) {
      const from = open.get(partition);
      if (from === undefined) continue;
      lane.ownership.push({ partition, from, to: time, end });
      open.delete(partition);
    }
  };
  let life: { from: number; to: number } | null = null;
  let stoppedAt: number | null = null;
  events.forEach((event, index) => {
    const time = at(event);
    switch (event.kind) {
      case 'started':
        life = { from: time, to: last };
        lane.lives.push(life);
        if (stoppedAt !== null) lane.marks.push({ time, kind: 'restarted', label: t.restarted({ seconds: ((time - stoppedAt) / 1000).toFixed(1) }), bad: false });
        else lane.marks.push({ time, kind: 'started', label: t.started(), bad: false });
        break;
      case 'stopped':
        if (life) life.to = time;
        life = null;
        stoppedAt = time;
        close([...open.keys()], time, 'revoked');
        lane.marks.push({ time, kind: 'stopped', label: t.stopped(), bad: false });
        break;
      case 'assigned':
        for (const partition of event.partitions) if (!open.has(partition)) open.set(partition, time);
        lane.marks.push({ time, kind: 'assigned', label: t.assigned({ partitions: partitionList(event.partitions) }), bad: false });
        break;
      case 'revoked':
        close(event.partitions, time, 'revoked');
        if (event.partitions.length) lane.marks.push({ time, kind: 'revoked', label: t.revoked({ partitions: partitionList(event.partitions) }), bad: false });
        break;
      case 'lost':
        close(event.partitions, time, 'lost');
        lane.marks.push({ time, kind: 'lost', label: t.lost({ partitions: partitionList(event.partitions) }), bad: true });
        break;
      case 'commit':
        for (const { partition, offset } of event.offsets) lane.commits.push({ time, partition, offset });
        break;
      case 'commit-failed':
        lane.marks.push({
          time,
          kind: 'commit-failed',
          label: t.commitFailed({ offsets: event.offsets.map((o) => `p${o.partition}=${o.offset}`).join(' '), error: event.error }),
          bad: true,
        });
        break;
      case 'poll-error':
        lane.marks.push({ time, kind: 'poll-error', label: t.pollError({ error: event.error }), bad: true });
        break;
      case 'client': {
        const facility = event.text.split(' ')[0]!;
        const left = facility === 'MAXPOLL';
        lane.marks.push({ time, kind: left ? 'left' : 'client', label: left ? t.left() : t.client({ facility }), bad: left });
        break;
      }
      case 'slow': {
        const done = events.slice(index + 1).find((e) => e.kind === 'processed' && e.partition === event.partition && e.offset === event.offset);
        lane.slow.push({ partition: event.partition, offset: event.offset, from: time, to: done ? at(done) : time + event.sec * 1000 });
        break;
      }
    }
  });
  if (lane.lives.length === 0) lane.lives.push({ from: at(events[0]!), to: last });
  close([...open.keys()], last, 'open');
  return lane;
}

function bandsOf(log: GroupWorker, colour: number): Band[] {
  const bands: Band[] = [];
  const current = new Map<number, Band>();
  for (const event of log.events) {
    if (event.kind === 'started' || event.kind === 'stopped') current.clear();
    if (event.kind !== 'processed') continue;
    const band = current.get(event.partition);
    const previous = band?.points.at(-1);
    if (band && previous && previous[1] === event.offset - 1) {
      band.points.push([at(event), event.offset]);
      continue;
    }
    const next: Band = { worker: log.worker, colour, partition: event.partition, points: [[at(event), event.offset]] };
    bands.push(next);
    current.set(event.partition, next);
  }
  return bands;
}

/** The first time a partition's processing passed from one worker to another: from the last message of one to the first of the other. */
function firstHandover(events: WorkerEvent[]): { from: number; to: number } | null {
  const lastBy = new Map<number, WorkerEvent>();
  let found: { from: number; to: number } | null = null;
  for (const event of events) {
    if (event.kind !== 'processed') continue;
    const previous = lastBy.get(event.partition);
    if (previous && previous.worker !== event.worker) {
      const span = { from: at(previous), to: at(event) };
      if (!found || span.from < found.from) found = span;
    }
    lastBy.set(event.partition, event);
  }
  return found;
}

/** The picture model of one group from its workers' logs (each in its own order, as the worker wrote it). */
export function groupModel(group: string, logs: GroupWorker[], lang: Lang = 'en'): GroupModel {
  const all = logs.flatMap((l) => l.events);
  const merged = [...all].sort((x, y) => x.time.localeCompare(y.time));
  const times = all.map(at);
  const lanes = logs.map((log, i) => laneOf(log, memberOf(group, log.worker), i, lang));
  // The assignments and revocations of the workers' final stop say nothing about the experiment: they stay unlabelled.
  const finalStop = Math.min(...logs.map((log) => at([...log.events].reverse().find((e) => e.kind === 'stopping') ?? log.events.at(-1)!)));
  for (const lane of lanes) lane.marks = lane.marks.filter((m) => !((m.kind === 'assigned' || m.kind === 'revoked') && m.time >= finalStop));
  const bands = logs.flatMap((log, i) => bandsOf(log, i));
  const partitions = [...new Set(all.flatMap((e) => ('partitions' in e ? e.partitions : 'partition' in e ? [e.partition] : 'offsets' in e ? e.offsets.map((o) => o.partition) : [])))].sort((x, y) => x - y);

  const committed = new Map<number, { time: number; offset: number }[]>();
  for (const event of merged) {
    if (event.kind !== 'commit') continue;
    for (const { partition, offset } of event.offsets) committed.set(partition, [...(committed.get(partition) ?? []), { time: at(event), offset }]);
  }

  const report = countDuplicates(all);
  const duplicates: Duplicate[] = Object.entries(report.partitions).flatMap(([p, { ranges }]) =>
    ranges.map((r) => {
      const partition = Number(p);
      const when = all.filter((e) => e.kind === 'processed' && e.partition === partition && e.offset >= r.from && e.offset <= r.to).map(at);
      return { partition, from: r.from, to: r.to, times: r.times, by: r.by, start: Math.min(...when), end: Math.max(...when), label: duplicateLabel({ partition, ...r }, lang) };
    }),
  );

  const start = Math.min(...times);
  const end = Math.max(...times);
  const interest = duplicates.length
    ? { from: Math.min(...duplicates.map((d) => d.start)), to: Math.max(...duplicates.map((d) => d.end)) }
    : firstHandover(merged);
  let focus: GroupModel['focus'] = null;
  if (interest) {
    const pad = Math.max(300, (interest.to - interest.from) * 0.4);
    const window = { from: Math.max(start, interest.from - pad), to: Math.min(end, interest.to + pad) };
    if (window.to - window.from < (end - start) * 0.6) focus = window;
  }
  const rebalances = [...new Set(all.filter((e) => e.kind === 'revoked' || e.kind === 'lost' || (e.kind === 'assigned' && e.partitions.length > 0)).map(at))].sort((x, y) => x - y);
  return { group, lang, start, end, partitions, lanes, bands, committed, duplicates, rebalances, focus };
}
