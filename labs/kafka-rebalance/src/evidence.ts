// What the graders (and run scripts) of this track share: the run folder's files read into worker events, the
// committed offsets the broker reports, and timelines over the events. Everything here reads only the run folder.
import { countDuplicates, type DuplicateReport } from '@kafka-labs/dups';
import { parseGroupOffsets, parseGroupTable, type GroupOffset } from '@kafka-labs/dumplog';
import { GradeError, readRunFile, readRunJson } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { formatWorkerEvent, parseWorkerLog, WorkerError, type WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import type { ConsumerGroupView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

/** The files of a run besides transcript.txt and run.json: `<worker>.log` per worker and these per group. */
export const FILES = {
  log: (worker: string) => `${worker}.log`,
  dups: (group: string) => `dups-${group}.json`,
  offsets: (group: string) => `offsets-${group}.txt`,
  members: (group: string) => `members-${group}.txt`,
} as const;

/** The worker names of a group in this track: `<group>-a`, `<group>-b`, ... */
export const workerName = (group: string, member: string) => `${group}-${member}`;

/** Reads and strictly parses `<worker>.log` for each worker; a missing, empty or malformed log is a GradeError naming it. */
export async function readWorkerLogs(runDir: string, workers: string[]): Promise<Record<string, WorkerEvent[]>> {
  const logs: Record<string, WorkerEvent[]> = {};
  for (const worker of workers) {
    const file = FILES.log(worker);
    try {
      logs[worker] = parseWorkerLog(await readRunFile(runDir, file));
    } catch (error) {
      if (error instanceof WorkerError) throw new GradeError(`${file}: ${error.message}`);
      throw error;
    }
    const stranger = logs[worker]!.find((e) => e.worker !== worker);
    if (stranger) throw new GradeError(`${file} holds a line of worker ${stranger.worker}: ${formatWorkerEvent(stranger)}`);
  }
  return logs;
}

/** The report's picture of a group: its workers' events as read by readWorkerLogs. */
export const groupView = (group: string, logs: Record<string, WorkerEvent[]>): ConsumerGroupView => ({
  kind: 'consumer-group',
  files: Object.keys(logs).map((worker) => FILES.log(worker)),
  group,
  workers: Object.entries(logs).map(([worker, events]) => ({ worker, events })),
});

/**
 * Reads the saved dups report of a group; a missing or malformed file is a GradeError. The grader compares it
 * with `countDuplicates` of the logs, which is what it checks laws on.
 */
export async function readDupsReport(runDir: string, group: string): Promise<DuplicateReport> {
  const report = await readRunJson<DuplicateReport>(runDir, FILES.dups(group));
  if (typeof report?.duplicates !== 'number' || typeof report.partitions !== 'object') {
    throw new GradeError(`${FILES.dups(group)} is not a dups report (no duplicates count or partitions)`);
  }
  return report;
}

/** True when a saved dups report says what counting the logs says. */
export const sameReport = (saved: DuplicateReport, events: WorkerEvent[]) =>
  JSON.stringify(saved) === JSON.stringify(countDuplicates(events));

/** A member in `kafka-consumer-groups --describe --members` output: its client id and group.instance.id (null if dynamic). */
export interface GroupMember {
  clientId: string;
  instanceId: string | null;
}

/** Reads `members-<group>.txt`: the members of the group as the broker listed them. */
export async function readGroupMembers(runDir: string, group: string, name: string): Promise<GroupMember[]> {
  const text = await readRunFile(runDir, FILES.members(group));
  if (!/^GROUP\s+CONSUMER-ID\s/m.test(text)) throw new GradeError(`${FILES.members(group)} is not kafka-consumer-groups --describe --members output`);
  return parseGroupTable(text, name).map((row) => ({
    clientId: row['CLIENT-ID']!,
    instanceId: row['GROUP-INSTANCE-ID'] === undefined || row['GROUP-INSTANCE-ID'] === '-' ? null : row['GROUP-INSTANCE-ID'],
  }));
}

/** Reads `offsets-<group>.txt`; a file without a row for every partition is a GradeError. */
export async function readGroupOffsets(
  runDir: string,
  group: string,
  names: { group: string; topic: string },
  partitions: number,
): Promise<Map<number, GroupOffset>> {
  const file = FILES.offsets(group);
  const rows = parseGroupOffsets(await readRunFile(runDir, file), names.group, names.topic);
  for (let p = 0; p < partitions; p++) {
    if (!rows.has(p)) throw new GradeError(`${file} has no row for ${names.topic} partition ${p} of group ${names.group}`);
  }
  return rows;
}

/** The events of one kind. */
export type EventOf<K extends WorkerEvent['kind']> = Extract<WorkerEvent, { kind: K }>;

/** The first event of `kind` that satisfies `test`. */
export function first<K extends WorkerEvent['kind']>(
  events: WorkerEvent[],
  kind: K,
  test: (event: EventOf<K>) => boolean = () => true,
): EventOf<K> | undefined {
  return events.find((e): e is EventOf<K> => e.kind === kind && test(e as EventOf<K>));
}

/** The last event of `kind` that satisfies `test`. */
export function last<K extends WorkerEvent['kind']>(
  events: WorkerEvent[],
  kind: K,
  test: (event: EventOf<K>) => boolean = () => true,
): EventOf<K> | undefined {
  return first([...events].reverse(), kind, test);
}

/** The partitions a worker owns after its events: `assigned` adds (eager: all of them, cooperative: the increment), `revoked` and `lost` remove. */
export function ownedBy(events: WorkerEvent[]): Set<number> {
  const owned = new Set<number>();
  for (const e of events) {
    if (e.kind === 'assigned') for (const p of e.partitions) owned.add(p);
    if (e.kind === 'revoked' || e.kind === 'lost') for (const p of e.partitions) owned.delete(p);
  }
  return owned;
}

/** Where a worker stands at some point of its log: committed and next offset to process, per partition. */
export interface Progress {
  committed: Map<number, number>;
  next: Map<number, number>;
}

/** Folds a worker's events (in log order) into its progress: the last successful commit and the next offset after the last processed message. */
export function progressOf(events: WorkerEvent[]): Progress {
  const progress: Progress = { committed: new Map(), next: new Map() };
  for (const event of events) {
    if (event.kind === 'commit') for (const { partition, offset } of event.offsets) progress.committed.set(partition, offset);
    if (event.kind === 'processed') progress.next.set(event.partition, event.offset + 1);
  }
  return progress;
}

/** Messages a worker processed after its last commit (over all partitions): what its next commit waits for. */
export function sinceLastCommit(events: WorkerEvent[]): number {
  let count = 0;
  for (const e of events) {
    if (e.kind === 'commit') count = 0;
    if (e.kind === 'processed') count += 1;
  }
  return count;
}

/** Processed but not committed messages of a partition: next - committed (0 when nothing was processed). */
export const uncommitted = (progress: Progress, partition: number) =>
  (progress.next.get(partition) ?? 0) - (progress.committed.get(partition) ?? 0);

/**
 * Each worker's events before the first `stopping` line of any of them: what they did while the experiment ran.
 * When the workers stop together, the first to leave can cause one more rebalance in the others before they stop.
 */
export function beforeFirstStop(logs: Record<string, WorkerEvent[]>): Record<string, WorkerEvent[]> {
  const stops = Object.values(logs).flatMap((events) => events.filter((e) => e.kind === 'stopping').map((e) => e.time));
  const cut = stops.sort()[0];
  return Object.fromEntries(Object.entries(logs).map(([worker, events]) => [worker, cut ? events.filter((e) => e.time < cut) : events]));
}

/** Every worker's events merged by time (a stable sort keeps each log's own order for equal times). */
export const merged = (...logs: WorkerEvent[][]) => logs.flat().sort((x, y) => x.time.localeCompare(y.time));

/** The successful commits of all workers in time order, per partition, as [time, offset, worker]. */
export function commitsByPartition(events: WorkerEvent[]): Map<number, { time: string; offset: number; worker: string }[]> {
  const commits = new Map<number, { time: string; offset: number; worker: string }[]>();
  for (const event of merged(events)) {
    if (event.kind !== 'commit') continue;
    for (const { partition, offset } of event.offsets) {
      const list = commits.get(partition) ?? [];
      list.push({ time: event.time, offset, worker: event.worker });
      commits.set(partition, list);
    }
  }
  return commits;
}

/**
 * The rebalance b's join caused, as a's and b's logs (before the first stop) show it: a's first revoke, a's assignment
 * after it, b's first non-empty assignment; whether a handed over as the protocol does (classic range: a gives back
 * every partition and keeps one; consumer protocol: a gives back only b's); and, for the one partition b took, a's last
 * commit and last processed offset before the revoke and b's first processed message there.
 */
export function handover(a: WorkerEvent[], b: WorkerEvent[], partitions: number, protocol: 'classic' | 'consumer') {
  const revoke = first(a, 'revoked');
  const revokeAt = revoke ? a.indexOf(revoke) : -1;
  const aAfter = first(a.slice(revokeAt + 1), 'assigned');
  const bAssigned = first(b, 'assigned', (e) => e.partitions.length > 0);
  const every = partitionsOf(partitions);
  const handedOver =
    revoke !== undefined &&
    aAfter !== undefined &&
    bAssigned !== undefined &&
    bAssigned.partitions.length === 1 &&
    (protocol === 'consumer'
      ? revoke.partitions.join() === bAssigned.partitions.join() && aAfter.partitions.length === 0
      : revoke.partitions.join() === every.join() && [...aAfter.partitions, ...bAssigned.partitions].sort().join() === every.join());
  const moved = handedOver ? bAssigned!.partitions[0]! : -1;
  const beforeRevoke = a.slice(0, Math.max(revokeAt, 0));
  const progress = progressOf(beforeRevoke);
  return {
    revoke,
    aAfter,
    bAssigned,
    handedOver,
    /** The partition b took (-1 when a did not hand over). */
    moved,
    /** a's last commit of the moved partition before the revoke (0 without one). */
    committedAtRevoke: progress.committed.get(moved) ?? 0,
    /** The last offset of the moved partition a processed before the revoke (-1 without one). */
    lastByA: (progress.next.get(moved) ?? 0) - 1,
    lastCommitLine: last(beforeRevoke, 'commit', (e) => e.offsets.some((o) => o.partition === moved)),
    lastProcessedLine: last(beforeRevoke, 'processed', (e) => e.partition === moved),
    firstOfB: first(b, 'processed', (e) => e.partition === moved),
    /** a's events inside the revoke: from the revoke to its next assignment. */
    inRevoke: revoke && aAfter ? a.slice(revokeAt + 1, a.indexOf(aAfter)) : [],
  };
}

/** Partitions with a message that no log shows processed, each with its first missing offset. */
export function unprocessed(events: WorkerEvent[], partitions: number, perPartition: number): string[] {
  const seen = new Set(events.flatMap((e) => (e.kind === 'processed' ? [`${e.partition}@${e.offset}`] : [])));
  const missing: string[] = [];
  for (let p = 0; p < partitions; p++) {
    for (let offset = 0; offset < perPartition; offset++) {
      if (!seen.has(`${p}@${offset}`)) {
        missing.push(`p${p} offset ${offset}`);
        break;
      }
    }
  }
  return missing;
}

/** A worker's slow message (its `slow` line at `offset`), the MAXPOLL line after it and the end of its work, if logged. */
export interface SlowWork {
  slow?: EventOf<'slow'>;
  maxpoll?: EventOf<'client'>;
  done?: EventOf<'processed'>;
  /** Milliseconds from the slow start to MAXPOLL (NaN without both). */
  silentMs: number;
}

/** Finds in a worker's events its slow work on `offset` and the first client line after it that `isMaxpoll` accepts. */
export function slowWork(events: WorkerEvent[], offset: number, isMaxpoll: (text: string) => boolean): SlowWork {
  const slow = first(events, 'slow', (e) => e.offset === offset);
  const after = slow ? events.slice(events.indexOf(slow)) : [];
  const maxpoll = first(after, 'client', (e) => isMaxpoll(e.text));
  const done = first(after, 'processed', (e) => e.offset === offset);
  return { slow, maxpoll, done, silentMs: slow && maxpoll ? msBetween(slow, maxpoll) : NaN };
}

/** What a MAXPOLL law found, in `lang`: how long after the slow start MAXPOLL came, or which of the two is missing. */
export function maxpollFound(work: SlowWork, offset: number, lang: Lang): string {
  const t = textsIn(MESSAGES, lang);
  const { slow, maxpoll, done } = work;
  if (!slow) return t.neverSlow({ offset });
  if (!maxpoll) return t.noMaxpoll();
  return t.maxpollFound({ ms: work.silentMs, afterDone: done !== undefined && maxpoll.time > done.time });
}

/** Partition numbers 0..count-1. */
export const partitionsOf = (count: number) => [...Array(count).keys()];

/** Partitions as the worker log writes them: `[p0,p1]`, sorted. */
export const partitionList = (partitions: Iterable<number>) =>
  `[${[...partitions].sort((x, y) => x - y).map((p) => `p${p}`).join(',')}]`;

/** Milliseconds from one event to another. */
export const msBetween = (from: WorkerEvent, to: WorkerEvent) => Date.parse(to.time) - Date.parse(from.time);

/** An event as a transcript line: `HH:MM:SS.mmm <worker> <event>`, like the article's logs. */
export const showEvent = (event: WorkerEvent) => formatWorkerEvent(event).slice(11).replace(/^(\S+)Z /, '$1 ');

/**
 * Events as transcript lines, with runs of more than `keep` consecutive processed lines (of any worker) shortened to
 * their first and last lines around a `... N more processed lines ...` marker in `lang`, so a rebalance shows at a glance.
 */
export function excerpt(events: WorkerEvent[], lang: Lang, keep = 4): string[] {
  const t = textsIn(MESSAGES, lang);
  const lines: string[] = [];
  let run: WorkerEvent[] = [];
  const flush = () => {
    if (run.length > keep + 1) {
      const head = run.slice(0, Math.ceil(keep / 2));
      const tail = run.slice(run.length - Math.floor(keep / 2));
      lines.push(...head.map(showEvent), t.moreProcessed({ n: run.length - head.length - tail.length }), ...tail.map(showEvent));
    } else {
      lines.push(...run.map(showEvent));
    }
    run = [];
  };
  for (const event of events) {
    if (event.kind === 'processed') {
      run.push(event);
      continue;
    }
    flush();
    lines.push(showEvent(event));
  }
  flush();
  return lines;
}

/** Evidence lines for a failed check: the given events as transcript lines (at most `max`). */
export const evidenceOf = (events: (WorkerEvent | undefined)[], max = 12) =>
  events.filter((e): e is WorkerEvent => e !== undefined).slice(0, max).map(showEvent);
