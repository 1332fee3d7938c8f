import { parseDump, sinkState, type SinkState } from '@kafka-labs/database/dump';
import { parseGroupTable } from '@kafka-labs/dumplog';
import { Checks, GradeError, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { committedByLog, consumedEvents, copies, eachTimes, eventsOf, groupPartitions, orderIds, sinkWorker, type GroupPartition } from '@kafka-labs/kafka-exactly-once/evidence';
import { formatTxnEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import type { SinkView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

const REFUSAL = /^Error: Assignments can only be reset if the group '(\S+)' is inactive, but the current state is (\w+)\.$/m;
const ASSIGNMENT_KINDS = ['assigned', 'revoked', 'lost'];

const rowText = (r: GroupPartition) => `p${r.partition} ${r.committed ?? '-'}/${r.logEnd} ${r.clientId ?? '-'}`;
const idsOf = (events: TxnEvent[], kind: 'consumed' | 'produced' | 'applied' | 'skipped') =>
  events.flatMap((e) => (e.kind === kind ? [e.id] : []));
const timeOf = (events: TxnEvent[], kind: string) => events.find((e) => e.kind === kind)?.time;
/** Every partition committed at its log end and, when `holder` is given, held by that client. */
const atEnd = (rows: GroupPartition[], partitions: number, holder?: string) =>
  rows.length === partitions && rows.every((r) => r.committed === r.logEnd && (holder === undefined || r.clientId === holder));
const sameOffsets = (a: GroupPartition[], b: GroupPartition[]) => a.length > 0 && a.length === b.length && a.every((r, i) => r.committed === b[i]!.committed);
/** The sink tables as comparable lines, one per row. */
const stateLines = (s: SinkState) => [
  ...s.events.map((e) => `order_events ${e.seq} ${e.eventId} ${e.orderId} ${e.status} ${e.appliedAt}`),
  ...s.projection.map((p) => `order_projection ${p.orderId} ${p.status} ${p.updatedAt} applied=${p.applied}`),
  ...s.inbox.map((i) => `inbox ${i.eventId} ${i.processedAt}`),
];

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ orders: is.integer, partitions: is.integer });

/**
 * A replayer in the live group takes a partition from the live member (both log the rebalance), starts at the
 * group's committed offsets and replays nothing; resetting the live group is refused while it has members. A
 * dedicated group, reset while empty, replays every order from offset 0 while the live group keeps its member,
 * assignment and offsets; merging its output through the inbox leaves the live database exactly as it was.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const rowsText = (rows: GroupPartition[]) => rows.map(rowText).join(', ') || t.noRows();
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const [input, backfillTopic] = [nameOf(names, 'orders'), nameOf(names, 'orders_enriched_backfill')];
  const [liveGroup, backfillGroup, mergeGroup] = [nameOf(names, 'live'), nameOf(names, 'backfill'), nameOf(names, 'merge')];
  const [live, replayer, backfill, merge] = [await readTxnLog(runDir, 'live'), await readTxnLog(runDir, 'replayer'), await readTxnLog(runDir, 'backfill'), await readTxnLog(runDir, 'merge')];
  const group = async (file: string, name: string) => groupPartitions(await readRunFile(runDir, file), name, input);
  const liveRows = await group('group-live.txt', liveGroup);
  const replayRows = await group('group-live-replay.txt', liveGroup);
  const beforeBackfill = await group('group-live-before-backfill.txt', liveGroup);
  const afterBackfill = await group('group-live-after-backfill.txt', liveGroup);
  const backfillRows = await group('group-backfill.txt', backfillGroup);
  const all = orderIds(S.orders);
  const rebalanceLines = (events: TxnEvent[]) => events.filter((e) => ASSIGNMENT_KINDS.includes(e.kind)).map(formatTxnEvent);

  checks.law({
    id: 'live-processed',
    ok: eachTimes(idsOf(live, 'consumed'), all, 1) && eachTimes(idsOf(live, 'applied'), all, 1) && atEnd(liveRows, S.partitions, 'live'),
    expected: t.liveProcessedExpected({ n: S.orders, group: liveGroup }),
    found: t.liveProcessedFound({ consumed: idsOf(live, 'consumed').length, applied: idsOf(live, 'applied').length, rows: rowsText(liveRows) }),
  });

  // The same group.id: the rebalance, and where the replayer started.
  const replayerStart = timeOf(replayer, 'started') ?? '';
  const replayerStop = timeOf(replayer, 'stopping') ?? '';
  const replayerParts = eventsOf(replayer, 'assigned').flatMap((e) => e.partitions);
  const liveDuring = live.filter((e) => ASSIGNMENT_KINDS.includes(e.kind) && e.time > replayerStart && e.time < replayerStop);
  const liveShare = eventsOf(liveDuring, 'assigned').at(-1)?.partitions ?? [];
  checks.law({
    id: 'same-group-rebalance',
    ok:
      replayerParts.length > 0 &&
      liveDuring[0]?.kind === 'revoked' &&
      liveShare.length > 0 &&
      liveShare.every((p) => !replayerParts.includes(p)) &&
      replayRows.some((r) => r.clientId === 'replayer') &&
      replayRows.some((r) => r.clientId === 'live'),
    expected: t.rebalanceExpected({ group: liveGroup }),
    found: t.rebalanceFound({
      replayer: replayerParts.join(','),
      live: liveDuring.map((e) => e.kind).join(', ') || t.nothing(),
      share: liveShare.join(','),
      rows: rowsText(replayRows),
    }),
    evidence: [...rebalanceLines(live), ...rebalanceLines(replayer)],
  });
  const heldByReplayer = replayRows.filter((r) => r.clientId === 'replayer');
  checks.law({
    id: 'same-group-replays-nothing',
    ok:
      heldByReplayer.length > 0 &&
      heldByReplayer.every((r) => r.committed === r.logEnd && r.committed === liveRows.find((l) => l.partition === r.partition)?.committed) &&
      idsOf(replayer, 'consumed').length === 0 &&
      idsOf(replayer, 'produced').length === 0,
    expected: t.replaysNothingExpected(),
    found: t.replaysNothingFound({ rows: rowsText(heldByReplayer), consumed: idsOf(replayer, 'consumed').length, produced: idsOf(replayer, 'produced').length }),
  });
  const resetLive = await readRunFile(runDir, 'reset-live.txt');
  const refusal = REFUSAL.exec(resetLive);
  const liveResetRows = parseGroupTable(resetLive, liveGroup);
  checks.law({
    id: 'reset-refused-while-active',
    ok: refusal?.[1] === liveGroup && liveResetRows.length === 0 && sameOffsets(liveRows, beforeBackfill),
    expected: t.refusedExpected({ group: liveGroup }),
    found: t.refusedFound({
      refusal: refusal ? t.refusedState({ state: refusal[2]! }) : t.noRefusal(),
      rows: liveResetRows.length,
      from: rowsText(liveRows),
      to: rowsText(beforeBackfill),
    }),
    evidence: resetLive.split('\n').filter((l) => l.trim() !== ''),
  });
  const backfillStart = timeOf(backfill, 'started') ?? '';
  const afterReplayer = live.filter((e) => ASSIGNMENT_KINDS.includes(e.kind) && e.time >= replayerStop && e.time < backfillStart);
  checks.law({
    id: 'live-reclaims-partitions',
    ok: afterReplayer[0]?.kind === 'revoked' && eventsOf(afterReplayer, 'assigned').at(-1)?.partitions.length === S.partitions && atEnd(beforeBackfill, S.partitions, 'live'),
    expected: t.reclaimsExpected(),
    found: t.reclaimsFound({ events: afterReplayer.map((e) => formatTxnEvent(e).split(' ').slice(2).join(' ')).join(', ') || t.nothing(), rows: rowsText(beforeBackfill) }),
  });

  // The dedicated group.
  const resetRows = parseGroupTable(await readRunFile(runDir, 'reset-backfill.txt'), backfillGroup).filter((r) => r.TOPIC === input);
  checks.law({
    id: 'backfill-reset-accepted',
    ok: resetRows.length === S.partitions && resetRows.every((r) => r['NEW-OFFSET'] === '0'),
    expected: t.resetAcceptedExpected({ group: backfillGroup }),
    found: resetRows.map((r) => `p${r.PARTITION} -> ${r['NEW-OFFSET']}`).join(', ') || t.noNewOffsetRows(),
  });
  const backfillConsumed = eventsOf(backfill, 'consumed');
  const firstOffsets = [...new Set(backfillConsumed.map((e) => e.partition))].sort().map((p) => backfillConsumed.find((e) => e.partition === p)!.offset);
  const backfillCommitted = committedByLog(backfill);
  checks.law({
    id: 'backfill-replays-everything',
    ok:
      firstOffsets.length === S.partitions &&
      firstOffsets.every((o) => o === 0) &&
      eachTimes(idsOf(backfill, 'consumed'), all, 1) &&
      eachTimes(idsOf(backfill, 'produced'), all, 1) &&
      atEnd(backfillRows, S.partitions) &&
      backfillRows.every((r) => backfillCommitted.get(r.partition) === r.committed),
    expected: t.replaysEverythingExpected({ topic: backfillTopic, group: backfillGroup }),
    found: t.replaysEverythingFound({
      first: firstOffsets.join(', ') || t.nothing(),
      consumed: backfillConsumed.length,
      produced: idsOf(backfill, 'produced').length,
      rows: rowsText(backfillRows),
    }),
  });
  const backfillStop = timeOf(backfill, 'stopped') ?? timeOf(backfill, 'stopping') ?? '';
  const liveMoves = live.filter((e) => ASSIGNMENT_KINDS.includes(e.kind) && e.time >= backfillStart && e.time <= backfillStop);
  checks.law({
    id: 'live-untouched',
    ok: backfillStart !== '' && backfillStop !== '' && liveMoves.length === 0 && sameOffsets(beforeBackfill, afterBackfill) && atEnd(afterBackfill, S.partitions, 'live'),
    expected: t.untouchedExpected({ group: liveGroup }),
    found: t.untouchedFound({ n: liveMoves.length, from: rowsText(beforeBackfill), to: rowsText(afterBackfill) }),
    evidence: liveMoves.map(formatTxnEvent),
  });

  // The merge through the inbox.
  const skipped = idsOf(merge, 'skipped');
  const applied = idsOf(merge, 'applied');
  checks.law({
    id: 'merge-skips-all',
    ok: eachTimes(idsOf(merge, 'consumed'), all, 1) && eachTimes(skipped, all, 1) && applied.length === 0,
    expected: t.mergeExpected({ n: S.orders }),
    found: t.mergeFound({ consumed: idsOf(merge, 'consumed').length, skipped: skipped.length, applied: applied.length, ids: applied.join(', ') }),
  });
  const state = async (file: string) => sinkState(parseDump(await readRunFile(runDir, file), file));
  const endState = await state('database.jsonl');
  const [before, after] = [stateLines(await state('database-live.jsonl')), stateLines(endState)];
  const columns = consumedEvents(live);
  checks.view({
    kind: 'sink',
    files: ['live.log', 'replayer.log', 'backfill.log', 'merge.log', 'database.jsonl'],
    name: 'replay',
    events: columns,
    workers: [
      sinkWorker('live', liveGroup, live, columns),
      sinkWorker('replayer', liveGroup, replayer, columns),
      sinkWorker('backfill', backfillGroup, backfill, columns),
      sinkWorker('merge', mergeGroup, merge, columns),
    ],
    rows: columns.map((c) => endState.events.filter((e) => e.eventId === c.id).length),
  } satisfies SinkView);
  const changed = [...before.filter((l) => !after.includes(l)).map((l) => `- ${l}`), ...after.filter((l) => !before.includes(l)).map((l) => `+ ${l}`)];
  const liveEvents = (await state('database-live.jsonl')).events.map((e) => e.eventId);
  if (before.length === 0) throw new GradeError('database-live.jsonl holds no sink row');
  checks.law({
    id: 'projection-unchanged',
    ok: changed.length === 0 && eachTimes(liveEvents, all, 1),
    expected: t.unchangedExpected(),
    found: t.unchangedFound({
      before: before.length,
      after: after.length,
      changed: changed.length,
      once: [...copies(liveEvents).values()].filter((n) => n === 1).length,
      n: S.orders,
    }),
    evidence: changed,
  });

  checks.figure('liveRebalances', eventsOf(live, 'revoked').filter((e) => e.time < backfillStart).length);
  checks.figure('replayerConsumed', idsOf(replayer, 'consumed').length);
  checks.figure('backfillReplayed', idsOf(backfill, 'produced').length);
  checks.figure('mergeSkipped', skipped.length);
  checks.figure('mergeApplied', applied.length);
  checks.figure('rowsChanged', changed.length);
  return checks.grade();
}
