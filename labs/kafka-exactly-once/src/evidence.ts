// What the graders (and run scripts) of this track share: the run folder's files read into typed evidence (program
// logs, saved reads at either isolation level, dumps, kafka-transactions rows) and the order ids they hold.
// Everything here reads only the run folder.
import { parseConsoleRecords, parseGroupOffsets, parseGroupTable, parseTransactionStates, type ConsoleRecord, type DumpLog, type TransactionState } from '@kafka-labs/dumplog';
import { GradeError, readRunFile } from '@kafka-labs/grader';
import { orderEvent, parseOrder, parseRead, TxnWorkerError, type TopicRead, type TxnEvent, type TxnEventKind, type TxnEventOf } from '@kafka-labs/kafka-client/txn-log';
import type { SinkMark, SinkWorker } from '@kafka-labs/report/views';

/** The files of a run besides transcript.txt and run.json: `<program>.log` per program and these. */
export const FILES = {
  log: (name: string) => `${name}.log`,
  /** What `readTopic` saw of a topic at an isolation level (`formatRead`). */
  read: (isolation: 'read_committed' | 'read_uncommitted', scope?: string) => `read-${isolation.replace('read_', '')}${scope ? `-${scope}` : ''}.txt`,
  /** What the Java console consumer printed: its default isolation level, or `--isolation-level read_committed`. */
  console: (isolation: 'default' | 'read_committed') => `console-${isolation.replace('_', '-')}.txt`,
  dump: (scope?: string) => `dump${scope ? `-${scope}` : ''}.txt`,
  transactions: (scope?: string) => `transactions${scope ? `-${scope}` : ''}.txt`,
} as const;

/** Turns a parser's error into a GradeError naming the file. */
async function parsed<T>(file: string, parse: () => T | Promise<T>): Promise<T> {
  try {
    return await parse();
  } catch (error) {
    if (error instanceof TxnWorkerError) throw new GradeError(`${file}: ${error.message}`);
    throw error;
  }
}

/** Reads a saved read (`read-committed.txt`, ...). */
export async function readSavedRead(runDir: string, file: string): Promise<TopicRead> {
  return parsed(file, async () => parseRead(await readRunFile(runDir, file), file));
}

/** Reads kafka-console-consumer output (print.offset=true); it may be empty (a reader that saw nothing). */
export async function readConsole(runDir: string, file: string): Promise<ConsoleRecord[]> {
  return parseConsoleRecords(await readRunFile(runDir, file, { allowEmpty: true }));
}

/** Reads the kafka-transactions describe rows a run saved; a file without one is a GradeError. */
export async function readTransactionStates(runDir: string, file: string = FILES.transactions()): Promise<TransactionState[]> {
  const rows = parseTransactionStates(await readRunFile(runDir, file));
  if (rows.length === 0) throw new GradeError(`${file} has no kafka-transactions describe row`);
  return rows;
}

/** The order's event id in a record value (`E-0003`), `?` for a value that is not an order. */
export const eventIdOf = (value: string | null) => parseOrder(value)?.eventId ?? '?';

/** The event ids of orders 1..n: E-0001 ... */
export const orderIds = (n: number) => Array.from({ length: n }, (_, i) => orderEvent(i).eventId);

/** The event ids of records, in their order, as one short text: `E-0001@6 E-0002@7`. */
export const listIds = (records: { offset: number; id: string }[]) => records.map((r) => `${r.id}@${r.offset}`).join(' ') || 'none';

/** How often each id occurs. */
export function copies(ids: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/** True when `ids` holds each of `expected` exactly `times` times and nothing else. */
export function eachTimes(ids: string[], expected: string[], times: number): boolean {
  const counts = copies(ids);
  return counts.size === expected.length && expected.every((id) => counts.get(id) === times);
}

/** The events of `kind` in a log. */
export const eventsOf = <K extends TxnEventKind>(events: TxnEvent[], kind: K): TxnEventOf<K>[] =>
  events.filter((e): e is TxnEventOf<K> => e.kind === kind);

/**
 * The input offset (partition 0) a worker's log shows as durably committed for its group: the last `offsets-committed`
 * with commitSync (after-txn, before-txn, sync), the last `sent-offsets` of a transaction that was then committed with
 * `transaction`; null when there is none.
 */
export function durableOffset(events: TxnEvent[], commit: string): number | null {
  let offset: number | null = null;
  const sent = new Map<number, number>();
  for (const e of events) {
    if (commit !== 'transaction' && e.kind === 'offsets-committed') offset = e.offsets.find((o) => o.partition === 0)?.offset ?? offset;
    if (commit === 'transaction' && e.kind === 'sent-offsets') sent.set(e.txn, e.offsets.find((o) => o.partition === 0)?.offset ?? -1);
    if (commit === 'transaction' && e.kind === 'committed' && (sent.get(e.txn) ?? -1) >= 0) offset = sent.get(e.txn)!;
  }
  return offset;
}

/** What kafka-consumer-groups --describe said of a run's group at one moment (`scope`). */
export const groupOffsetsFile = (scope: string) => `offsets-${scope}.txt`;

/** The committed offset of `topic` p0 for `group` in a saved kafka-consumer-groups --describe; null for none. */
export async function readGroupOffset(runDir: string, scope: string, group: string, topic: string): Promise<number | null> {
  const text = await readRunFile(runDir, groupOffsetsFile(scope), { allowEmpty: true });
  return parseGroupOffsets(text, group, topic).get(0)?.committed ?? null;
}

/** The ids that do not occur exactly once, with their counts (`E-0001 x2`), or `each once`. */
export const describeCopies = (ids: string[]) =>
  [...copies(ids)].filter(([, n]) => n !== 1).map(([id, n]) => `${id} x${n}`).join(' ') || 'each once';

/** The transactional.id a txn-worker log's `started` line names; undefined for a worker without one. */
export const transactionalIdOf = (events: TxnEvent[]) => eventsOf(events, 'started')[0]?.settings['transactional.id'];

/**
 * A transaction in a dump: the data batch holding one of `offsets` (a worker's `produced` offsets), its producer
 * epoch, and the first control batch after it of the same producer (linked by the producer id's equality, never its
 * value) with that marker's kind.
 */
export function transactionIn(dump: DumpLog, offsets: Set<number>) {
  const data = dump.batches.find((b) => !b.isControl && b.records.some((r) => offsets.has(r.offset)));
  const marker = data && dump.batches.find((b) => b.isControl && b.baseOffset > data.lastOffset && b.producerId === data.producerId);
  return { data, epoch: data?.producerEpoch ?? NaN, marker, outcome: marker?.records[0]?.endTxnMarker };
}

/** The distinct producer epochs of the data batches that hold one of `offsets`. */
export const epochsOf = (dump: DumpLog, offsets: Set<number>) => [
  ...new Set(dump.batches.filter((b) => !b.isControl && b.records.some((r) => offsets.has(r.offset))).map((b) => b.producerEpoch)),
];
/** One partition's row of `kafka-consumer-groups --describe`: the committed offset (null: none), the log end, who holds it. */
export interface GroupPartition {
  partition: number;
  committed: number | null;
  logEnd: number;
  /** The member's client.id (a txn-worker's name), null when no member holds the partition. */
  clientId: string | null;
}

/** The rows of `kafka-consumer-groups --describe --group G` for one topic, sorted by partition. */
export function groupPartitions(text: string, group: string, topic: string): GroupPartition[] {
  return parseGroupTable(text, group)
    .filter((row) => row.TOPIC === topic)
    .map((row) => ({
      partition: Number(row.PARTITION),
      committed: row['CURRENT-OFFSET'] === '-' ? null : Number(row['CURRENT-OFFSET']),
      logEnd: Number(row['LOG-END-OFFSET']),
      clientId: row['CLIENT-ID'] === '-' || row['CLIENT-ID'] === undefined ? null : row['CLIENT-ID'],
    }))
    .sort((a, b) => a.partition - b.partition);
}

/** The offsets a worker's log shows as committed with commitSync, per partition (the last `offsets-committed` of each). */
export function committedByLog(events: TxnEvent[]): Map<number, number> {
  const committed = new Map<number, number>();
  for (const e of eventsOf(events, 'offsets-committed')) for (const o of e.offsets) committed.set(o.partition, o.offset);
  return committed;
}

/** An input event as a sink picture's column. */
export interface InputEvent {
  id: string;
  partition: number;
  offset: number;
}

/** The input events the workers' logs consumed, each once, in partition and offset order. */
export function consumedEvents(...logs: TxnEvent[][]): InputEvent[] {
  const byPosition = new Map<string, InputEvent>();
  for (const e of logs.flatMap((events) => eventsOf(events, 'consumed'))) byPosition.set(`${e.partition}:${e.offset}`, { id: e.id, partition: e.partition, offset: e.offset });
  return [...byPosition.values()].sort((a, b) => a.partition - b.partition || a.offset - b.offset);
}

/** How far a worker got with an event, from least to most: the last of these it logged for the event is its mark. */
const MARK_ORDER: SinkMark[] = ['fetched', 'processed', 'written', 'applied', 'stale', 'duplicate', 'skipped'];

/**
 * A worker's log as a row of a sink picture over `columns`: per event the furthest it got (consumed → fetched,
 * processed, produced → written, applied, stale, duplicate, skipped), killed when it logged no stop, and where its first fetch
 * started when it logged one `starting at` position. An event id at several offsets (the same event delivered again
 * by its producer) gives each of its columns one outcome in turn: its first sink line to the first column, and so on.
 */
export function sinkWorker(name: string, group: string, events: TxnEvent[], columns: InputEvent[]): SinkWorker {
  const at = (partition: number, offset: number) => columns.findIndex((c) => c.partition === partition && c.offset === offset);
  const marks: (SinkMark | null)[] = columns.map(() => null);
  /** Per outcome (the sink's, a topic write), the columns that have had theirs. */
  const taken = { sink: new Set<number>(), written: new Set<number>() };
  const mark = (i: number | undefined, to: SinkMark) => {
    if (i !== undefined && i !== -1 && (marks[i] === null || MARK_ORDER.indexOf(to) > MARK_ORDER.indexOf(marks[i]!))) marks[i] = to;
  };
  const columnOf = (id: string, outcome: keyof typeof taken) => {
    const candidates = columns.flatMap((c, i) => (c.id === id ? [i] : []));
    const i = candidates.find((c) => !taken[outcome].has(c)) ?? candidates.at(-1);
    if (i !== undefined) taken[outcome].add(i);
    return i;
  };
  for (const e of events) {
    if (e.kind === 'consumed') mark(at(e.partition, e.offset), 'fetched');
    if (e.kind === 'processed') mark(at(e.partition, e.offset), 'processed');
    if (e.kind === 'produced') mark(columnOf(e.id, 'written'), 'written');
    if (e.kind === 'applied' || e.kind === 'skipped' || e.kind === 'stale' || e.kind === 'duplicate') mark(columnOf(e.id, 'sink'), e.kind);
  }
  const start = eventsOf(events, 'starting-at')[0]?.offsets;
  const startedAt =
    start?.length === 1 ? columns.findIndex((c) => c.partition === start[0]!.partition && c.offset >= start[0]!.offset) : undefined;
  return {
    name,
    group,
    marks,
    killed: !events.some((e) => e.kind === 'stopping' || e.kind === 'stopped'),
    ...(startedAt === undefined ? {} : { startedAt: startedAt === -1 ? columns.length : startedAt }),
  };
}
