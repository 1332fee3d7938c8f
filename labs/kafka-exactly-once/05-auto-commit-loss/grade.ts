import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { Checks, GradeError, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { formatTxnEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';

const offsetsOf = (events: TxnEvent[], kind: 'consumed' | 'processed') => events.flatMap((e) => (e.kind === kind ? [e.offset] : []));
const span = (offsets: number[]) => (offsets.length ? `${offsets[0]}-${offsets.at(-1)}` : 'none');
const lines = (events: TxnEvent[], kinds: TxnEvent['kind'][]) => events.filter((e) => kinds.includes(e.kind)).map(formatTxnEvent);

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ orders: is.integer, killAfterProcessed: is.integer, variants: is.array(is.literal('auto', 'sync')) });

/**
 * Both variants: the first worker fetched every order in one call and was killed after processing a few, without a
 * commit of its own; the second started at the group's committed offset. auto: that offset was already past what was
 * processed, and the orders between were processed by no one. sync: nothing was committed, the second worker started
 * at the beginning, processed what the first had processed again, and lost nothing.
 */
export default async function grade(runDir: string) {
  const checks = new Checks();
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

    checks.law({
      id: 'one-fetch',
      scope: v,
      ok: consumed.join() === all.join(),
      expected: `${v}-1 received all ${S.orders} orders (offsets 0-${S.orders - 1}) from one consume call`,
      found: `consumed: ${span(consumed)} (${consumed.length})`,
      evidence: lines(first, ['consumed']),
    });
    const ownCommit = first.filter((e) => e.kind === 'offsets-committed' || e.kind === 'stopping');
    checks.law({
      id: 'killed-mid-batch',
      scope: v,
      ok: processed.length === S.killAfterProcessed && first.at(-1)?.kind === 'paused' && ownCommit.length === 0,
      expected: `${v}-1 was killed while paused after ${S.killAfterProcessed} processed orders, before a commit or a stop of its own`,
      found: `processed ${span(processed)}, last line: ${first.at(-1)?.kind ?? 'none'}, own commits or stops: ${ownCommit.length}`,
      evidence: lines(first, ['processed', 'offsets-committed', 'paused', 'stopping']),
    });
    checks.law({
      id: 'restart-at-committed',
      scope: v,
      ok: start === (atKill ?? 0),
      expected: `${v}-2 started at the offset the group had committed when ${v}-1 was killed (the log start, 0, when none)`,
      found: `committed at the kill: ${atKill ?? 'none'}, ${v}-2 started at ${start}`,
    });
    checks.law({
      id: 'committed-at-end',
      scope: v,
      ok: atEnd === S.orders,
      expected: `the group's committed offset is ${S.orders}, the end of the topic, once ${v}-2 stopped`,
      found: `committed: ${atEnd ?? 'none'}`,
    });
    if (v === 'auto') {
      const next = Math.max(-1, ...processed) + 1;
      checks.law({
        id: 'committed-ahead',
        ok: atKill !== null && atKill > next,
        expected: `before the kill, auto commit had committed past the last processed order (offset ${next - 1}): up to what consume() returned`,
        found: `committed: ${atKill ?? 'none'}`,
        hint: 'the group offset must be read (kafka-consumer-groups --describe) once the background commit has happened',
      });
      checks.law({
        id: 'orders-lost',
        ok: lost.length > 0 && lost.join() === all.filter((o) => o >= next && o < (atKill ?? 0)).join(),
        expected: `the orders between the last processed one and the committed offset were processed by no one`,
        found: `never processed: ${span(lost)} (${lost.length}), processed twice: ${twice.length}`,
      });
    } else {
      checks.law({
        id: 'nothing-committed-early',
        ok: atKill === null,
        expected: 'when sync-1 was killed the group had no committed offset: commitSync comes after the whole batch',
        found: `committed: ${atKill ?? 'none'}`,
      });
      checks.law({
        id: 'nothing-lost',
        ok: lost.length === 0,
        expected: 'every order was processed by sync-1 or sync-2',
        found: `never processed: ${lost.length ? span(lost) : 'none'}`,
      });
      checks.law({
        id: 'repeated',
        ok: twice.length === processed.length && twice.length > 0,
        expected: 'the orders sync-1 processed before the crash were processed again by sync-2 (at least once)',
        found: `processed by both: ${span(twice)} (${twice.length} of ${processed.length})`,
      });
    }
    checks.figure(`${v}Lost`, lost.length);
    checks.figure(`${v}Twice`, twice.length);
  }
  return checks.grade();
}
