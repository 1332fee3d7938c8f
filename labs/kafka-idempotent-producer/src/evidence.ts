// What the graders of this track share: the run folder's files, read into typed evidence, and the laws that
// several labs check (which offsets hold which event, which Produce responses the proxy dropped, what the
// producer was told). Everything here reads only the run folder.
import { dataBatches, parseConsoleRecords, parseDumpLog, type ConsoleRecord, type DumpBatch } from '@kafka-labs/dumplog';
import { Checks, GradeError, readRunFile } from '@kafka-labs/grader';
import { scanProducerLog, type ProducerLog } from '@kafka-labs/producer';
import { formatEvent, type ProxyEvent } from '@kafka-labs/proxy';

/** The files a run of this track writes, besides transcript.txt and run.json; each producer writes `<name>.log`. */
export const FILES = {
  proxyEvents: 'proxy-events.jsonl',
  offsets: 'offsets.txt',
  consumed: 'consumed.txt',
  dump: 'dump.txt',
} as const;

/** The end offset of partition 0 in kafka-get-offsets output (`topic:0:4`), or null when there is no such line. */
export function parseEndOffset(text: string): number | null {
  const match = /^\S+:0:(\d+)$/m.exec(text);
  return match ? Number(match[1]) : null;
}

/** Everything a grader of this track reads from a run folder. */
export interface Evidence {
  endOffset: number;
  consumed: ConsoleRecord[];
  /** The data batches of the partition's segment, in log order. */
  batches: DumpBatch[];
  proxyEvents: ProxyEvent[];
  /** Ordinals of the Produce requests whose response the proxy dropped, in drop order. */
  dropped: number[];
  /** Each producer's log by its name. */
  producers: Record<string, ProducerLog>;
}

/** Reads the run folder's evidence; a missing, empty or unreadable file is a GradeError naming it. */
export async function readEvidence(runDir: string, producerNames: string[]): Promise<Evidence> {
  const offsets = await readRunFile(runDir, FILES.offsets);
  const endOffset = parseEndOffset(offsets);
  if (endOffset === null) throw new GradeError(`${FILES.offsets} has no 'topic:0:<end offset>' line`);
  const consumed = parseConsoleRecords(await readRunFile(runDir, FILES.consumed, { allowEmpty: true }));

  const dump = parseDumpLog(await readRunFile(runDir, FILES.dump));
  const bad = dump.errors[0];
  if (bad) throw new GradeError(`${FILES.dump} line ${bad.line} is not kafka-dump-log output (${bad.reason}): ${bad.text}`);

  const proxyEvents = (await readRunFile(runDir, FILES.proxyEvents)).split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    try {
      return [JSON.parse(line) as ProxyEvent];
    } catch {
      throw new GradeError(`${FILES.proxyEvents} line ${index + 1} is not JSON`);
    }
  });
  const dropped = proxyEvents
    .filter((e) => e.action === 'response-dropped' && e.apiName === 'Produce')
    .map((e) => (typeof e.ordinal === 'number' ? e.ordinal : NaN));

  const producers: Record<string, ProducerLog> = {};
  for (const name of producerNames) producers[name] = scanProducerLog(await readRunFile(runDir, `${name}.log`));
  return { endOffset, consumed, batches: dataBatches(dump), proxyEvents, dropped, producers };
}

const listConsumed = (consumed: ConsoleRecord[]) => consumed.map((r) => `${r.offset}:${r.value}`).join(' ') || 'nothing';

/** Law: partition 0 holds exactly `expected`, in order from offset 0 (the end offset and the records read back agree). */
export function expectStored(checks: Checks, id: string, ev: Evidence, expected: string[], why: string): boolean {
  const ok =
    ev.endOffset === expected.length &&
    ev.consumed.length === expected.length &&
    ev.consumed.every((r, i) => r.offset === i && r.value === expected[i]);
  return checks.expect(
    id,
    ok,
    `offsets 0-${expected.length - 1} hold ${expected.join(', ')} and nothing else, ${why} ` +
      `(read back: ${listConsumed(ev.consumed)}; end offset ${ev.endOffset})`,
    ev.consumed.map((r) => `Offset:${r.offset} ${r.value}`),
  );
}

/** Law: the proxy dropped the responses to exactly these Produce requests (ordinals from 1). */
export function expectDropped(checks: Checks, id: string, ev: Evidence, ordinals: number[], why: string): boolean {
  const ok = ev.dropped.length === ordinals.length && ev.dropped.every((n, i) => n === ordinals[i]);
  const drops = ev.proxyEvents.filter((e) => e.action === 'response-dropped');
  return checks.expect(
    id,
    ok,
    `the proxy dropped the response to Produce request${ordinals.length > 1 ? 's' : ''} ${ordinals.join(' and ')} and to no other: ${why} ` +
      `(dropped: ${ev.dropped.length ? ev.dropped.map((n) => `#${n}`).join(', ') : 'none'})`,
    drops.map((e) => formatEvent(e) ?? JSON.stringify(e)),
  );
}

/** An expected delivery report: stored at an offset, or failed with a librdkafka error name. */
export type ExpectedResult = { event: string; offset: number } | { event: string; error: string };

const describeExpected = (r: ExpectedResult) => `${r.event} ${'offset' in r ? `offset=${r.offset}` : r.error}`;
const describeResult = (r: ProducerLog['results'][number]) => `${r.event} ${r.error ? r.error.name : `offset=${r.offset}`}`;

/** Law: the producer's delivery reports are exactly `expected`, in order. */
export function expectResults(checks: Checks, id: string, log: ProducerLog, expected: ExpectedResult[], why: string): boolean {
  const ok =
    log.results.length === expected.length &&
    log.results.every((r, i) => {
      const want = expected[i]!;
      return r.event === want.event && ('offset' in want ? r.offset === want.offset : r.error?.name === want.error);
    });
  return checks.expect(
    id,
    ok,
    `the producer was told ${expected.map(describeExpected).join(', ')}, ${why} ` +
      `(told: ${log.results.map(describeResult).join(', ') || 'nothing'})`,
  );
}

/** The data batch whose first offset is `offset`. */
export const batchAt = (ev: Evidence, offset: number) => ev.batches.find((b) => b.baseOffset === offset);

/** The data batches that hold a record with this payload. */
export const batchesOf = (ev: Evidence, payload: string) =>
  ev.batches.filter((b) => b.records.some((r) => r.payload === payload));
