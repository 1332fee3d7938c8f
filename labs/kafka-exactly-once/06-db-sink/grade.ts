import { parseDump, sinkFigures, sinkState, type SinkFigures } from '@kafka-labs/database/dump';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { Checks, GradeError, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { formatTxnEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';

const idsOf = (events: TxnEvent[], kind: 'applied' | 'skipped' | 'consumed') =>
  events.flatMap((e) => (e.kind === kind ? [e.id] : []));
const list = (ids: string[]) => (ids.length ? ids.join(', ') : 'none');

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ orders: is.integer, killAfterApplied: is.integer, variants: is.array(is.literal('plain', 'inbox')) });

/**
 * Both variants crash at the same point: the first worker is killed after the database committed more events than
 * the group's offset covers; the second starts at that offset and redelivers the difference. plain: each redelivered
 * event has a second row (excess rows = redelivered). inbox: every event has one row and one inbox row, and exactly
 * the redelivered ones were skipped.
 */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const crashPoints: string[] = [];

  for (const v of S.variants) {
    const topic = nameOf(names, `orders-${v}`);
    const group = nameOf(names, v);
    const [first, second] = [await readTxnLog(runDir, `${v}-1`), await readTxnLog(runDir, `${v}-2`)];
    const dumpOf = async (file: string): Promise<SinkFigures> => sinkFigures(sinkState(parseDump(await readRunFile(runDir, file), file)));
    const atKill = await dumpOf(`database-${v}-at-kill.jsonl`);
    const end = await dumpOf(`database-${v}.jsonl`);
    const committed = parseGroupOffsets(await readRunFile(runDir, `offsets-${v}-at-kill.txt`), group, topic).get(0)?.committed ?? null;
    const applied = idsOf(first, 'applied');
    const start = second.find((e) => e.kind === 'starting-at')?.offsets[0]?.offset;
    if (start === undefined) throw new GradeError(`${v}-2.log has no 'starting at' line`);
    const redelivered = idsOf(second, 'consumed').filter((id) => applied.includes(id));
    const skipped = idsOf(second, 'skipped');

    checks.law({
      id: 'killed-between-commits',
      scope: v,
      ok: first.at(-1)?.kind === 'paused' && applied.length === S.killAfterApplied && atKill.eventRows === applied.length && committed !== null && committed < applied.length,
      expected: `${v}-1 was killed after ${S.killAfterApplied} events committed in the database (the dump at the kill has them) and before Kafka had their offsets`,
      found: `applied ${applied.length}, rows at the kill ${atKill.eventRows}, group offset ${committed ?? 'none'}, last line ${first.at(-1)?.kind ?? 'none'}`,
      evidence: first.filter((e) => ['applied', 'offsets-committed', 'paused'].includes(e.kind)).map(formatTxnEvent),
    });
    crashPoints.push(`${v}: ${atKill.eventRows} rows, offset ${committed ?? 'none'}`);
    checks.law({
      id: 'restart-at-committed',
      scope: v,
      ok: start === committed,
      expected: `${v}-2 started at the group's committed offset`,
      found: `committed ${committed ?? 'none'}, started at ${start}`,
    });
    checks.law({
      id: 'redelivered',
      scope: v,
      ok: redelivered.length > 0 && redelivered.length === applied.length - (committed ?? 0),
      expected: `${v}-2 received again the events ${v}-1 had applied past the committed offset`,
      found: `redelivered: ${list(redelivered)}`,
    });
    checks.law({
      id: 'every-event-applied',
      scope: v,
      ok: end.distinctEvents === S.orders && end.orders === S.orders,
      expected: `the database holds all ${S.orders} events and orders after the restart`,
      found: `${end.distinctEvents} distinct events, ${end.orders} orders`,
    });
    const twice = end.duplicated.map((d) => d.eventId);
    if (v === 'plain') {
      checks.law({
        id: 'duplicate-rows',
        ok: end.excessRows === redelivered.length && twice.join() === redelivered.join() && end.duplicated.every((d) => d.rows === 2),
        expected: 'the plain sink applied each redelivered event a second time: one excess row per redelivery, no other',
        found: `${end.eventRows} rows for ${end.distinctEvents} events, excess ${end.excessRows}; twice: ${list(twice)}`,
        evidence: end.duplicated.map((d) => `${d.eventId}: ${d.rows} rows (seq ${d.seqs.join(', ')})`),
      });
      checks.law({
        id: 'projection-counts-twice',
        ok: end.appliedTotal === end.eventRows,
        expected: 'order_projection counted every application: its applied counters sum to the rows of order_events',
        found: `applied total ${end.appliedTotal}, rows ${end.eventRows}`,
      });
    } else {
      checks.law({
        id: 'applied-once',
        ok: end.eventRows === S.orders && end.excessRows === 0 && end.inboxRows === S.orders && end.appliedTotal === S.orders,
        expected: `with the inbox every event was applied once: ${S.orders} rows, ${S.orders} inbox rows, applied counters summing to ${S.orders}`,
        found: `${end.eventRows} rows, excess ${end.excessRows}, inbox ${end.inboxRows}, applied total ${end.appliedTotal}`,
        evidence: end.duplicated.map((d) => `${d.eventId}: ${d.rows} rows (seq ${d.seqs.join(', ')})`),
      });
      checks.law({
        id: 'skipped-redelivered',
        ok: skipped.join() === redelivered.join(),
        expected: 'inbox-2 skipped exactly the redelivered events (their event_id was in the inbox)',
        found: `skipped: ${list(skipped)}; redelivered: ${list(redelivered)}`,
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
    expected: 'both variants crashed at the same point, so their figures compare',
    found: crashPoints.join('; '),
  });
  return checks.grade();
}
