// What the graders of this track share: the run folder's files, read into typed evidence, and the laws that
// several labs check (which offsets hold which event, which Produce responses the proxy dropped, what the
// producer was told). Everything here reads only the run folder.
import { dataBatches, parseConsoleRecords, readDump, type ConsoleRecord, type DumpBatch } from '@kafka-labs/dumplog';
import { Checks, excerpt, GradeError, readRunFile } from '@kafka-labs/grader';
import { textsIn } from '@kafka-labs/i18n';
import { MESSAGES } from './messages.ts';
import { scanProducerLog, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { formatEvent, readProxyEvents, type ProxyEvent } from '@kafka-labs/proxy';
import type { SequenceView } from '@kafka-labs/report/views';

/** The files a run of this track writes, besides transcript.txt and run.json; each producer writes `<name>.log`. */
export const FILES = {
  proxyEvents: 'proxy-events.jsonl',
  offsets: 'offsets.txt',
  consumed: 'consumed.txt',
  dump: 'dump.txt',
} as const;

/**
 * The records of consumed.txt (kafka-console-consumer output with print.offset=true); a non-blank line of another
 * form is a GradeError naming the line.
 */
function parseConsumed(text: string): ConsoleRecord[] {
  const lines = text.split('\n');
  const bad = lines.findIndex((line) => line.trim() !== '' && parseConsoleRecords(line).length === 0);
  if (bad >= 0) throw new GradeError(`${FILES.consumed} line ${bad + 1} is not kafka-console-consumer output with offsets: ${excerpt(lines[bad]!, 120)}`);
  return parseConsoleRecords(text);
}


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
  const consumed = parseConsumed(await readRunFile(runDir, FILES.consumed, { allowEmpty: true }));

  const dump = await readDump(runDir, FILES.dump);

  const proxyEvents = await readProxyEvents(runDir, FILES.proxyEvents);
  const dropped = proxyEvents
    .filter((e) => e.action === 'response-dropped' && e.apiName === 'Produce')
    .map((e) => e.ordinal ?? NaN);

  const producers: Record<string, ProducerLog> = {};
  for (const name of producerNames) {
    const file = `${name}.log`;
    const log = scanProducerLog(await readRunFile(runDir, file));
    if (!log.start) throw new GradeError(`${file} is not a producer's log: it has no "producer: topic ..." start line`);
    producers[name] = log;
  }
  return { endOffset, consumed, batches: dataBatches(dump), proxyEvents, dropped, producers };
}

/** The report's picture of the evidence: the producers' exchange with the broker through the proxy, and the log. */
export const sequenceView = (ev: Evidence): SequenceView => ({
  kind: 'sequence',
  files: [FILES.proxyEvents, ...Object.keys(ev.producers).map((name) => `${name}.log`), FILES.dump],
  producers: Object.entries(ev.producers).map(([name, log]) => ({ name, lines: log.lines })),
  proxy: ev.proxyEvents,
  batches: ev.batches,
});

const listConsumed = (consumed: ConsoleRecord[]) => consumed.map((r) => `${r.offset}:${r.value}`).join(' ');

/** Law: partition 0 holds exactly `expected`, in order from offset 0 (the end offset and the records read back agree). */
export function expectStored(checks: Checks, id: string, ev: Evidence, expected: string[], why: string): boolean {
  const t = textsIn(MESSAGES, checks.lang);
  const ok =
    ev.endOffset === expected.length &&
    ev.consumed.length === expected.length &&
    ev.consumed.every((r, i) => r.offset === i && r.value === expected[i]);
  return checks.law({
    id,
    ok,
    expected: t.storedExpected({ last: expected.length - 1, values: expected.join(', '), why }),
    found: t.storedFound({ consumed: listConsumed(ev.consumed) || t.nothing(), end: ev.endOffset }),
    hint: t.storedHint({ consumed: FILES.consumed, offsets: FILES.offsets }),
    evidence: ev.consumed.map((r) => `Offset:${r.offset} ${r.value}`),
  });
}

/** Law: the proxy dropped the responses to exactly these Produce requests (ordinals from 1). */
export function expectDropped(checks: Checks, id: string, ev: Evidence, ordinals: number[], why: string): boolean {
  const t = textsIn(MESSAGES, checks.lang);
  const ok = ev.dropped.length === ordinals.length && ev.dropped.every((n, i) => n === ordinals[i]);
  const drops = ev.proxyEvents.filter((e) => e.action === 'response-dropped');
  return checks.law({
    id,
    ok,
    expected: t.droppedExpected({ ordinals, why }),
    found: t.droppedFound({ dropped: ev.dropped.length ? ev.dropped.map((n) => `#${n}`).join(', ') : t.none() }),
    hint: t.droppedHint({ events: FILES.proxyEvents }),
    evidence: drops.map((e) => formatEvent(e) ?? JSON.stringify(e)),
  });
}

/** An expected delivery report: stored at an offset, or failed with a librdkafka error name. */
export type ExpectedResult = { event: string; offset: number } | { event: string; error: string };

const describeExpected = (r: ExpectedResult) => `${r.event} ${'offset' in r ? `offset=${r.offset}` : r.error}`;
const describeResult = (r: ProducerLog['results'][number]) => `${r.event} ${r.error ? r.error.name : `offset=${r.offset}`}`;

/** Law: the producer's delivery reports are exactly `expected`, in order. */
export function expectResults(checks: Checks, id: string, log: ProducerLog, expected: ExpectedResult[], why: string): boolean {
  const t = textsIn(MESSAGES, checks.lang);
  const ok =
    log.results.length === expected.length &&
    log.results.every((r, i) => {
      const want = expected[i]!;
      return r.event === want.event && ('offset' in want ? r.offset === want.offset : r.error?.name === want.error);
    });
  return checks.law({
    id,
    ok,
    expected: t.resultsExpected({ results: expected.map(describeExpected).join(', '), why }),
    found: t.resultsFound({ results: log.results.map(describeResult).join(', ') || t.nothing() }),
    hint: t.resultsHint(),
  });
}

/** The data batch whose first offset is `offset`. */
export const batchAt = (ev: Evidence, offset: number) => ev.batches.find((b) => b.baseOffset === offset);

/** The data batches that hold a record with this payload. */
export const batchesOf = (ev: Evidence, payload: string) =>
  ev.batches.filter((b) => b.records.some((r) => r.payload === payload));
