import { parseDump, sinkFigures, sinkState } from '@kafka-labs/database/dump';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { Checks, GradeError, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { consumedEvents, sinkWorker } from '@kafka-labs/kafka-exactly-once/evidence';
import { formatTxnEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import type { SinkView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

const idsOf = (events: TxnEvent[], kind: 'applied' | 'skipped' | 'consumed') =>
  events.flatMap((e) => (e.kind === kind ? [e.id] : []));

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ orders: is.integer, killAfterApplied: is.integer, variants: is.array(is.literal('plain', 'inbox')) });

/**
 * Both variants crash at the same point: the first worker is killed after the database committed more events than
 * the group's offset covers; the second starts at that offset and redelivers the difference. plain: each redelivered
 * event has a second row (excess rows = redelivered) and its projection counter counts it twice. inbox: every event has one row and one inbox row, and exactly
 * the redelivered ones were skipped.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const list = (ids: string[]) => (ids.length ? ids.join(', ') : t.none());
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const crashPoints: string[] = [];

  for (const v of S.variants) {
    const topic = nameOf(names, `orders-${v}`);
    const group = nameOf(names, v);
    const [first, second] = [await readTxnLog(runDir, `${v}-1`), await readTxnLog(runDir, `${v}-2`)];
    const stateOf = async (file: string) => sinkState(parseDump(await readRunFile(runDir, file), file));
    const atKill = sinkFigures(await stateOf(`database-${v}-at-kill.jsonl`));
    const endState = await stateOf(`database-${v}.jsonl`);
    const end = sinkFigures(endState);
    const committed = parseGroupOffsets(await readRunFile(runDir, `offsets-${v}-at-kill.txt`), group, topic).get(0)?.committed ?? null;
    const applied = idsOf(first, 'applied');
    const start = second.find((e) => e.kind === 'starting-at')?.offsets[0]?.offset;
    if (start === undefined) throw new GradeError(`${v}-2.log has no 'starting at' line`);
    const redelivered = idsOf(second, 'consumed').filter((id) => applied.includes(id));
    const skipped = idsOf(second, 'skipped');
    const columns = consumedEvents(first, second);
    checks.view({
      kind: 'sink',
      files: [`${v}-1.log`, `${v}-2.log`, `offsets-${v}-at-kill.txt`, `database-${v}.jsonl`],
      name: v,
      events: columns,
      workers: [sinkWorker(`${v}-1`, group, first, columns), sinkWorker(`${v}-2`, group, second, columns)],
      committedAtKill: committed,
      rows: columns.map((c) => endState.events.filter((e) => e.eventId === c.id).length),
    } satisfies SinkView);

    checks.law({
      id: 'killed-between-commits',
      scope: v,
      ok: first.at(-1)?.kind === 'paused' && applied.length === S.killAfterApplied && atKill.eventRows === applied.length && committed !== null && committed < applied.length,
      expected: t.killedExpected({ v, n: S.killAfterApplied }),
      found: t.killedFound({ applied: applied.length, rows: atKill.eventRows, committed: String(committed ?? t.none()), last: first.at(-1)?.kind ?? t.none() }),
      evidence: first.filter((e) => ['applied', 'offsets-committed', 'paused'].includes(e.kind)).map(formatTxnEvent),
    });
    crashPoints.push(t.crashPoint({ v, rows: atKill.eventRows, committed: String(committed ?? t.none()) }));
    checks.law({
      id: 'restart-at-committed',
      scope: v,
      ok: start === committed,
      expected: t.restartExpected({ v }),
      found: t.restartFound({ committed: String(committed ?? t.none()), start }),
    });
    checks.law({
      id: 'redelivered',
      scope: v,
      ok: redelivered.length > 0 && redelivered.length === applied.length - (committed ?? 0),
      expected: t.redeliveredExpected({ v }),
      found: t.redeliveredFound({ ids: list(redelivered) }),
    });
    checks.law({
      id: 'every-event-applied',
      scope: v,
      ok: end.distinctEvents === S.orders && end.orders === S.orders,
      expected: t.everyEventExpected({ n: S.orders }),
      found: t.everyEventFound({ events: end.distinctEvents, orders: end.orders }),
    });
    const twice = end.duplicated.map((d) => d.eventId);
    if (v === 'plain') {
      checks.law({
        id: 'duplicate-rows',
        ok: end.excessRows === redelivered.length && twice.join() === redelivered.join() && end.duplicated.every((d) => d.rows === 2),
        expected: t.duplicateExpected(),
        found: t.duplicateFound({ rows: end.eventRows, events: end.distinctEvents, excess: end.excessRows, twice: list(twice) }),
        evidence: end.duplicated.map((d) => `${d.eventId}: ${d.rows} rows (seq ${d.seqs.join(', ')})`),
      });
      checks.law({
        id: 'projection-counts-twice',
        ok: end.appliedTotal === end.eventRows,
        expected: t.countsTwiceExpected(),
        found: t.countsTwiceFound({ total: end.appliedTotal, rows: end.eventRows }),
      });
    } else {
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
    checks.figure(`${v}Rows`, end.eventRows);
    checks.figure(`${v}Excess`, end.excessRows);
    checks.figure(`${v}Redelivered`, redelivered.length);
    if (v === 'inbox') checks.figure('inboxSkipped', skipped.length);
  }
  checks.law({
    id: 'same-crash-point',
    ok: new Set(crashPoints.map((p) => p.replace(/^\w+: /, ''))).size === 1,
    expected: t.sameCrashExpected(),
    found: crashPoints.join('; '),
  });
  return checks.grade();
}
