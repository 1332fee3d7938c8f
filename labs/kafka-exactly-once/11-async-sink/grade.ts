import { parseDump, sinkFigures, sinkState } from '@kafka-labs/database/dump';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { Checks, GradeError, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { consumedEvents, eventsOf, sinkWorker } from '@kafka-labs/kafka-exactly-once/evidence';
import { formatTxnEvent, readTxnLog } from '@kafka-labs/kafka-client/txn-log';
import type { SinkView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ orders: is.integer, variants: is.array(is.literal('unawaited', 'awaited')) });

/**
 * Both variants (txn-worker, librdkafka, one batch, a plain INSERT sink whose writes are slow, commitSync after the
 * batch): the first worker is killed right after its commit of the whole batch; the second starts at the committed
 * offset, the end, and receives nothing. unawaited: the writes were started and not awaited, the commit went out
 * first, and the rows the committed offset covers are missing from the database for good. awaited: every row landed
 * before the commit; nothing is missing and nothing twice.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const list = (ids: string[]) => (ids.length ? ids.join(', ') : t.none());
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);

  for (const v of S.variants) {
    const topic = nameOf(names, `orders-${v}`);
    const group = nameOf(names, v);
    const [first, second] = [await readTxnLog(runDir, `${v}-1`), await readTxnLog(runDir, `${v}-2`)];
    const stateOf = async (file: string) => sinkState(parseDump(await readRunFile(runDir, file), file));
    const atKill = await stateOf(`database-${v}-at-kill.jsonl`);
    const end = await stateOf(`database-${v}.jsonl`);
    const committed = parseGroupOffsets(await readRunFile(runDir, `offsets-${v}-at-kill.txt`, { allowEmpty: true }), group, topic).get(0)?.committed ?? null;
    const start = eventsOf(second, 'starting-at')[0]?.offsets[0]?.offset;
    if (start === undefined) throw new GradeError(`${v}-2.log has no 'starting at' line`);
    const columns = consumedEvents(first, second);
    const rowsOf = (id: string) => end.events.filter((row) => row.eventId === id).length;
    /** The orders the committed offset covers (partition 0, offsets below it) that have no row at the end. */
    const covered = columns.filter((c) => c.partition === 0 && committed !== null && c.offset < committed);
    const missing = covered.filter((c) => rowsOf(c.id) === 0).map((c) => c.id);
    const commitAt = first.findIndex((e) => e.kind === 'offsets-committed');
    const beforeCommit = commitAt === -1 ? first : first.slice(0, commitAt);
    const notAwaited = eventsOf(beforeCommit, 'unawaited').map((e) => e.id);
    const appliedBefore = eventsOf(beforeCommit, 'applied').map((e) => e.id);
    const ids = columns.map((c) => c.id);

    checks.view({
      kind: 'sink',
      files: [`${v}-1.log`, `${v}-2.log`, `offsets-${v}-at-kill.txt`, `database-${v}.jsonl`],
      name: v,
      events: columns,
      workers: [sinkWorker(`${v}-1`, group, first, columns), sinkWorker(`${v}-2`, group, second, columns)],
      committedAtKill: committed,
      rows: columns.map((c) => rowsOf(c.id)),
    } satisfies SinkView);

    const commits = eventsOf(first, 'offsets-committed').map((e) => `p0=${e.offsets.find((o) => o.partition === 0)?.offset ?? '-'}`);
    checks.law({
      id: 'killed-after-commit',
      scope: v,
      ok: commits.join() === `p0=${S.orders}` && first.at(-1)?.kind === 'paused' && first[commitAt + 1]?.kind === 'paused' && committed === S.orders && ids.length === S.orders,
      expected: t.killedExpected({ v, n: S.orders }),
      found: t.killedFound({ commit: commits.join(', ') || t.none(), last: first.at(-1) ? formatTxnEvent(first.at(-1)!) : t.none() }),
    });
    const found = t.beforeCommitFound({ unawaited: list(notAwaited), applied: list(appliedBefore), rows: atKill.events.length });
    if (v === 'unawaited') {
      checks.law({
        id: 'writes-not-awaited',
        ok: notAwaited.join() === ids.join() && appliedBefore.length === 0,
        expected: t.notAwaitedExpected(),
        found,
        evidence: first.filter((e) => ['unawaited', 'processed', 'applied', 'offsets-committed', 'paused'].includes(e.kind)).map(formatTxnEvent),
      });
    } else {
      checks.law({
        id: 'writes-awaited',
        ok: notAwaited.length === 0 && appliedBefore.join() === ids.join() && atKill.events.length === S.orders,
        expected: t.awaitedExpected(),
        found,
      });
    }
    const received = eventsOf(second, 'consumed').length;
    checks.law({
      id: 'consumer-resumes-at-committed',
      scope: v,
      ok: committed !== null && start === committed && received === ids.filter((_, i) => columns[i]!.offset >= committed).length,
      expected: t.resumesExpected({ v }),
      found: t.resumesFound({ committed: String(committed ?? t.none()), start: String(start), received }),
    });
    const lostFound = t.lostFound({ committed: String(committed ?? t.none()), missing: list(missing), n: missing.length, rows: end.events.length });
    if (v === 'unawaited') {
      checks.law({
        id: 'unawaited-rows-lost',
        ok: committed === S.orders && missing.length > 0 && missing.every((id) => notAwaited.includes(id)) && eventsOf(first, 'applied').every((e) => !missing.includes(e.id)),
        expected: t.lostExpected(),
        found: lostFound,
        hint: t.lostHint(),
      });
    } else {
      const figures = sinkFigures(end);
      checks.law({
        id: 'awaited-nothing-lost',
        ok: committed === S.orders && missing.length === 0 && figures.eventRows === S.orders && figures.excessRows === 0,
        expected: t.nothingLostExpected({ n: S.orders }),
        found: lostFound,
      });
    }
    checks.figure(`${v}Rows`, end.events.length);
    checks.figure(`${v}Missing`, missing.length);
    checks.figure(`${v}Committed`, committed ?? -1);
  }
  return checks.grade();
}
