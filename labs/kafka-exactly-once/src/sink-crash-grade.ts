// What the graders of the sink labs (06, 13) read and check alike of the crash in sink-crash.ts: each variant's two
// worker logs, the group's offset and a dump at the kill, the dump at the end; the laws of the crash and its picture.
import { parseDump, sinkFigures, sinkState, type SinkFigures, type SinkState } from '@kafka-labs/database/dump';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { GradeError, nameOf, readRunFile, type Checks } from '@kafka-labs/grader';
import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
import { formatTxnEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import type { SinkView } from '@kafka-labs/report/views';
import { consumedEvents, eventsOf, sinkWorker } from './evidence.ts';

/** What the sink labs' graders say of the crash, in English and Korean. */
export const SINK_CRASH_GRADE_MESSAGES = defineMessages({
  none: { en: () => 'none', ko: () => '없음' },
  killedExpected: {
    en: (p: { v: string; n: number }) =>
      `${p.v}-1 was killed after ${p.n} events committed in the database (the dump at the kill has them) and before Kafka had their offsets`,
    ko: (p) => `${p.v}-1 은 DB 에 이벤트 ${p.n}개가 commit 된 뒤(죽일 때의 덤프에 있음), Kafka 가 그 offset 을 갖기 전에 죽었음`,
  },
  killedFound: {
    en: (p: { applied: number; rows: number; committed: string; last: string }) =>
      `applied ${p.applied}, rows at the kill ${p.rows}, group offset ${p.committed}, last line ${p.last}`,
    ko: (p) => `반영 ${p.applied}, 죽일 때 행 ${p.rows}, 그룹 offset ${p.committed}, 마지막 줄 ${p.last}`,
  },
  restartExpected: { en: (p: { v: string }) => `${p.v}-2 started at the group's committed offset`, ko: (p) => `${p.v}-2 는 그룹의 commit offset 에서 시작함` },
  restartFound: {
    en: (p: { committed: string; start: number }) => `committed ${p.committed}, started at ${p.start}`,
    ko: (p) => `commit offset ${p.committed}, 시작 ${p.start}`,
  },
  redeliveredExpected: {
    en: (p: { v: string }) => `${p.v}-2 received again the events ${p.v}-1 had applied past the committed offset`,
    ko: (p) => `${p.v}-2 가 ${p.v}-1 이 commit offset 너머로 반영했던 이벤트를 다시 받음`,
  },
  redeliveredFound: { en: (p: { ids: string }) => `redelivered: ${p.ids}`, ko: (p) => `다시 전달된 것: ${p.ids}` },
  everyEventExpected: {
    en: (p: { n: number }) => `the database holds all ${p.n} events and orders after the restart`,
    ko: (p) => `재시작 뒤 DB 에 이벤트와 주문 ${p.n}개가 모두 있음`,
  },
  everyEventFound: {
    en: (p: { events: number; orders: number }) => `${p.events} distinct events, ${p.orders} orders`,
    ko: (p) => `서로 다른 이벤트 ${p.events}개, 주문 ${p.orders}개`,
  },
  crashPoint: {
    en: (p: { v: string; rows: number; committed: string }) => `${p.v}: ${p.rows} rows, offset ${p.committed}`,
    ko: (p) => `${p.v}: ${p.rows}행, offset ${p.committed}`,
  },
  appliedOnceExpected: {
    en: (p: { n: number }) => `with the inbox every event was applied once: ${p.n} rows, ${p.n} inbox rows, applied counters summing to ${p.n}`,
    ko: (p) => `inbox 가 있으면 이벤트마다 한 번 반영됨: ${p.n}행, inbox ${p.n}행, applied 카운터 합계 ${p.n}`,
  },
  appliedOnceFound: {
    en: (p: { rows: number; excess: number; inbox: number; total: number }) => `${p.rows} rows, excess ${p.excess}, inbox ${p.inbox}, applied total ${p.total}`,
    ko: (p) => `${p.rows}행, 초과 ${p.excess}, inbox ${p.inbox}, applied 합계 ${p.total}`,
  },
  skippedExpected: {
    en: () => 'inbox-2 skipped exactly the redelivered events (their event_id was in the inbox)',
    ko: () => 'inbox-2 는 다시 전달된 이벤트만 정확히 건너뜀(그 event_id 가 inbox 에 있었음)',
  },
  skippedFound: {
    en: (p: { skipped: string; redelivered: string }) => `skipped: ${p.skipped}; redelivered: ${p.redelivered}`,
    ko: (p) => `건너뜀: ${p.skipped}; 다시 전달됨: ${p.redelivered}`,
  },
  sameCrashExpected: {
    en: () => 'every variant crashed at the same point, so their figures compare',
    ko: () => '모든 변형이 같은 지점에서 죽었음: 그래서 수치를 비교할 수 있어요',
  },
});

/** One variant's crash as its run folder shows it. */
export interface SinkCrashEvidence {
  first: TxnEvent[];
  second: TxnEvent[];
  /** What the first worker applied, in order. */
  applied: string[];
  /** The group's committed offset at the kill (null: none); where the second worker started. */
  committed: number | null;
  start: number;
  /** The events the second worker received that the first had applied. */
  redelivered: string[];
  atKill: SinkFigures;
  endState: SinkState;
  end: SinkFigures;
}

/** Reads variant `v`'s crash (sink-crash.ts's files) from a run folder. */
export async function readSinkCrash(runDir: string, names: Record<string, string>, v: string): Promise<SinkCrashEvidence> {
  const topic = nameOf(names, `orders-${v}`);
  const group = nameOf(names, v);
  const [first, second] = [await readTxnLog(runDir, `${v}-1`), await readTxnLog(runDir, `${v}-2`)];
  const stateOf = async (file: string) => sinkState(parseDump(await readRunFile(runDir, file), file));
  const endState = await stateOf(`database-${v}.jsonl`);
  const committed = parseGroupOffsets(await readRunFile(runDir, `offsets-${v}-at-kill.txt`), group, topic).get(0)?.committed ?? null;
  const start = eventsOf(second, 'starting-at')[0]?.offsets[0]?.offset;
  if (start === undefined) throw new GradeError(`${v}-2.log has no 'starting at' line`);
  const applied = eventsOf(first, 'applied').map((e) => e.id);
  return {
    first,
    second,
    applied,
    committed,
    start,
    redelivered: eventsOf(second, 'consumed').map((e) => e.id).filter((id) => applied.includes(id)),
    atKill: sinkFigures(await stateOf(`database-${v}-at-kill.jsonl`)),
    endState,
    end: sinkFigures(endState),
  };
}

/**
 * The laws every variant's crash obeys (killed between the commits, restart at the committed offset, the
 * difference redelivered, every event in the database at the end) and its sink picture; returns its crash point.
 */
export function checkSinkCrash(checks: Checks, lang: Lang, runGroup: string, v: string, S: { orders: number; killAfterApplied: number }, e: SinkCrashEvidence): string {
  const t = textsIn(SINK_CRASH_GRADE_MESSAGES, lang);
  const columns = consumedEvents(e.first, e.second);
  checks.view({
    kind: 'sink',
    files: [`${v}-1.log`, `${v}-2.log`, `offsets-${v}-at-kill.txt`, `database-${v}.jsonl`],
    name: v,
    events: columns,
    workers: [sinkWorker(`${v}-1`, runGroup, e.first, columns), sinkWorker(`${v}-2`, runGroup, e.second, columns)],
    committedAtKill: e.committed,
    rows: columns.map((c) => e.endState.events.filter((row) => row.eventId === c.id).length),
  } satisfies SinkView);
  checks.law({
    id: 'killed-between-commits',
    scope: v,
    ok:
      e.first.at(-1)?.kind === 'paused' &&
      e.applied.length === S.killAfterApplied &&
      e.atKill.eventRows === e.applied.length &&
      e.committed !== null &&
      e.committed < e.applied.length,
    expected: t.killedExpected({ v, n: S.killAfterApplied }),
    found: t.killedFound({ applied: e.applied.length, rows: e.atKill.eventRows, committed: String(e.committed ?? t.none()), last: e.first.at(-1)?.kind ?? t.none() }),
    evidence: e.first.filter((x) => ['applied', 'offsets-committed', 'paused'].includes(x.kind)).map(formatTxnEvent),
  });
  checks.law({
    id: 'restart-at-committed',
    scope: v,
    ok: e.start === e.committed,
    expected: t.restartExpected({ v }),
    found: t.restartFound({ committed: String(e.committed ?? t.none()), start: e.start }),
  });
  checks.law({
    id: 'redelivered',
    scope: v,
    ok: e.redelivered.length > 0 && e.redelivered.length === e.applied.length - (e.committed ?? 0),
    expected: t.redeliveredExpected({ v }),
    found: t.redeliveredFound({ ids: e.redelivered.length ? e.redelivered.join(', ') : t.none() }),
  });
  checks.law({
    id: 'every-event-applied',
    scope: v,
    ok: e.end.distinctEvents === S.orders && e.end.orders === S.orders,
    expected: t.everyEventExpected({ n: S.orders }),
    found: t.everyEventFound({ events: e.end.distinctEvents, orders: e.end.orders }),
  });
  return t.crashPoint({ v, rows: e.atKill.eventRows, committed: String(e.committed ?? t.none()) });
}

/**
 * The inbox sink's laws after the crash: every event applied once (one row and one inbox row each, counters summing
 * to the orders), and exactly the redelivered events skipped.
 */
export function checkInbox(checks: Checks, lang: Lang, S: { orders: number }, { end, second, redelivered }: SinkCrashEvidence): void {
  const t = textsIn(SINK_CRASH_GRADE_MESSAGES, lang);
  const list = (ids: string[]) => (ids.length ? ids.join(', ') : t.none());
  const skipped = eventsOf(second, 'skipped').map((e) => e.id);
  checks.law({
    id: 'applied-once',
    ok: end.eventRows === S.orders && end.excessRows === 0 && end.inboxRows === S.orders && end.appliedTotal === S.orders,
    expected: t.appliedOnceExpected({ n: S.orders }),
    found: t.appliedOnceFound({ rows: end.eventRows, excess: end.excessRows, inbox: end.inboxRows, total: end.appliedTotal }),
    evidence: end.duplicated.map((d) => `${d.eventId}: ${d.rows} rows (seq ${d.seqs.join(', ')})`),
  });
  checks.law({
    id: 'skipped-redelivered',
    ok: skipped.join() === redelivered.join(),
    expected: t.skippedExpected(),
    found: t.skippedFound({ skipped: list(skipped), redelivered: list(redelivered) }),
  });
}

/** All variants crashed at the same point (rows and offset at the kill), so their figures compare. */
export function checkSameCrashPoint(checks: Checks, lang: Lang, crashPoints: string[]): void {
  const t = textsIn(SINK_CRASH_GRADE_MESSAGES, lang);
  checks.law({
    id: 'same-crash-point',
    ok: new Set(crashPoints.map((p) => p.replace(/^[\w-]+: /, ''))).size === 1,
    expected: t.sameCrashExpected(),
    found: crashPoints.join('; '),
  });
}
