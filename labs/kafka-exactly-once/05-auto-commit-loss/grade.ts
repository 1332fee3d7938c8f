import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { Checks, GradeError, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { consumedEvents, sinkWorker } from '@kafka-labs/kafka-exactly-once/evidence';
import { formatTxnEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import type { SinkView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

const offsetsOf = (events: TxnEvent[], kind: 'consumed' | 'processed') => events.flatMap((e) => (e.kind === kind ? [e.offset] : []));
const lines = (events: TxnEvent[], kinds: TxnEvent['kind'][]) => events.filter((e) => kinds.includes(e.kind)).map(formatTxnEvent);

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ orders: is.integer, killAfterProcessed: is.integer, variants: is.array(is.literal('auto', 'sync')) });

/**
 * Both variants (librdkafka's callback API): the first worker fetched every order in one call and was killed after
 * processing a few, without a commit of its own; the second started at the group's committed offset. auto: that offset was already past what was
 * processed, and the orders between were processed by no one. sync: nothing was committed, the second worker started
 * at the beginning, processed what the first had processed again, and lost nothing.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const span = (offsets: number[]) => (offsets.length ? `${offsets[0]}-${offsets.at(-1)}` : t.none());
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const all = Array.from({ length: S.orders }, (_, i) => i);

  for (const v of S.variants) {
    const topic = nameOf(names, `orders-${v}`);
    const group = nameOf(names, v);
    const [first, second] = [await readTxnLog(runDir, `${v}-1`), await readTxnLog(runDir, `${v}-2`)];
    const committedIn = async (file: string) => parseGroupOffsets(await readRunFile(runDir, file, { allowEmpty: true }), group, topic).get(0)?.committed ?? null;
    const atKill = await committedIn(`offsets-${v}-at-kill.txt`);
    const atEnd = await committedIn(`offsets-${v}-end.txt`);
    const consumed = offsetsOf(first, 'consumed');
    const processed = offsetsOf(first, 'processed');
    const again = offsetsOf(second, 'processed');
    const start = second.find((e) => e.kind === 'starting-at')?.offsets[0]?.offset;
    if (start === undefined) throw new GradeError(`${v}-2.log has no 'starting at' line`);
    const lost = all.filter((o) => !processed.includes(o) && !again.includes(o));
    const twice = processed.filter((o) => again.includes(o));
    const columns = consumedEvents(first, second);
    checks.view({
      kind: 'sink',
      files: [`${v}-1.log`, `${v}-2.log`, `offsets-${v}-at-kill.txt`],
      name: v,
      events: columns,
      workers: [sinkWorker(`${v}-1`, group, first, columns), sinkWorker(`${v}-2`, group, second, columns)],
      committedAtKill: atKill,
    } satisfies SinkView);

    checks.law({
      id: 'one-fetch',
      scope: v,
      ok: consumed.join() === all.join(),
      expected: t.oneFetchExpected({ v, n: S.orders, last: S.orders - 1 }),
      found: t.oneFetchFound({ span: span(consumed), n: consumed.length }),
      evidence: lines(first, ['consumed']),
    });
    const ownCommit = first.filter((e) => e.kind === 'offsets-committed' || e.kind === 'stopping');
    checks.law({
      id: 'killed-mid-batch',
      scope: v,
      ok: processed.length === S.killAfterProcessed && first.at(-1)?.kind === 'paused' && ownCommit.length === 0,
      expected: t.killedExpected({ v, n: S.killAfterProcessed }),
      found: t.killedFound({ processed: span(processed), last: first.at(-1)?.kind ?? t.none(), own: ownCommit.length }),
      evidence: lines(first, ['processed', 'offsets-committed', 'paused', 'stopping']),
    });
    checks.law({
      id: 'restart-at-committed',
      scope: v,
      ok: start === (atKill ?? 0),
      expected: t.restartExpected({ v }),
      found: t.restartFound({ v, atKill: String(atKill ?? t.none()), start }),
    });
    checks.law({
      id: 'committed-at-end',
      scope: v,
      ok: atEnd === S.orders,
      expected: t.endExpected({ v, n: S.orders }),
      found: t.committedFound({ committed: String(atEnd ?? t.none()) }),
    });
    if (v === 'auto') {
      const next = Math.max(-1, ...processed) + 1;
      checks.law({
        id: 'librdkafka-committed-ahead',
        ok: atKill !== null && atKill > next,
        expected: t.aheadExpected({ last: next - 1 }),
        found: t.committedFound({ committed: String(atKill ?? t.none()) }),
        hint: t.aheadHint(),
      });
      checks.law({
        id: 'orders-lost',
        ok: lost.length > 0 && lost.join() === all.filter((o) => o >= next && o < (atKill ?? 0)).join(),
        expected: t.lostExpected(),
        found: t.lostFound({ lost: span(lost), n: lost.length, twice: twice.length }),
      });
    } else {
      checks.law({
        id: 'nothing-committed-early',
        ok: atKill === null,
        expected: t.earlyExpected(),
        found: t.committedFound({ committed: String(atKill ?? t.none()) }),
      });
      checks.law({
        id: 'nothing-lost',
        ok: lost.length === 0,
        expected: t.nothingLostExpected(),
        found: t.nothingLostFound({ lost: span(lost) }),
      });
      checks.law({
        id: 'repeated',
        ok: twice.length === processed.length && twice.length > 0,
        expected: t.repeatedExpected(),
        found: t.repeatedFound({ twice: span(twice), n: twice.length, of: processed.length }),
      });
    }
    checks.figure(`${v}Lost`, lost.length);
    checks.figure(`${v}Twice`, twice.length);
  }
  return checks.grade();
}
