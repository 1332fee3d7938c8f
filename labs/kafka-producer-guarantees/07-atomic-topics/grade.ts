import { compactView, readDump, txnOutcome, txnStrip, type DumpLog } from '@kafka-labs/dumplog';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { formatProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { topicFiles, topicsBefore } from '@kafka-labs/kafka-producer-guarantees/atomic-topics';
import { readPlaced, readProducerLog } from '@kafka-labs/kafka-producer-guarantees/read-back';
import { figureName } from '@kafka-labs/kafka-producer-guarantees/retry-ordering';
import type { TransactionsView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's ATOMIC_TOPICS). */
const RECORDED = is.object({
  topics: is.array(is.string),
  variants: is.array(
    is.object({ name: is.string, event: is.string, transactional: is.boolean, idempotent: is.boolean, failBefore: is.nullable(is.string) }),
  ),
});

/**
 * One event to three topics: the committed transaction's event is visible read_committed in all of them, the aborted
 * one's in none although the topics before the failure store it (under ABORT markers), and without a transaction the
 * same failure leaves the event visible in the topics before it and absent from the rest, idempotent or not.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const runName = (topic: string) => nameOf(names, topic);
  const visible = new Map<string, string[]>();
  const dumps = new Map<string, DumpLog>();
  const reads = new Map<string, { offset: number; id: string }[]>();
  for (const t of S.topics) {
    const files = topicFiles(t);
    const placed = await readPlaced(runDir, files.committed);
    visible.set(t, placed.map((r) => r.value));
    reads.set(t, placed.map((r) => ({ offset: r.offset, id: r.value })));
    dumps.set(t, await readDump(runDir, files.dump));
  }
  const writerOf = (event: string) => S.variants.find((v) => v.event === event)?.name ?? '?';
  checks.view({
    kind: 'transactions',
    files: S.topics.flatMap((t) => [topicFiles(t).dump, topicFiles(t).committed]),
    strips: S.topics.map((t) => ({
      title: t,
      batches: txnStrip(dumps.get(t)!, { writerOf: (b) => writerOf(b.records[0]?.payload ?? ''), unknown: '?' }),
      reads: [{ isolation: 'read_committed', reader: 'kafka-console-consumer', records: reads.get(t)!, end: null, twice: [] }],
    })),
  } satisfies TransactionsView);
  const seenIn = (event: string) => S.topics.filter((t) => visible.get(t)!.includes(event));
  const visibility = (event: string) => S.topics.map((t) => `${t}: ${visible.get(t)!.filter((v) => v === event).length}`).join(', ');
  /** The event's data batches per topic, each with the marker that ended its transaction. */
  const storedAs = (event: string) =>
    S.topics.flatMap((t) => {
      const dump = dumps.get(t)!;
      return dump.batches
        .filter((b) => !b.isControl && b.records.some((r) => r.payload === event))
        .map((b) => ({ topic: t, batch: b, outcome: txnOutcome(dump, b), line: `${t}: ${compactView([b])[0]}` }));
    });

  for (const v of S.variants) {
    const scope = v.name;
    const log = await readProducerLog(runDir, v.name);
    const reached = topicsBefore(S.topics, v.failBefore);
    const steps = log.steps.map((s) => (s.kind === 'transaction' ? s.action : `failure before ${s.before}`));
    const wantSteps = [
      ...(v.transactional ? ['begin'] : []),
      ...(v.failBefore ? [`failure before ${runName(v.failBefore)}`] : []),
      ...(v.transactional ? [v.failBefore ? 'abort' : 'commit'] : []),
    ];
    const sentTo = log.results.filter((r) => r.error === null).map((r) => r.topic);
    const failures = log.results.filter((r) => r.error);
    checks.law({
      scope,
      id: 'application-steps',
      ok: steps.join() === wantSteps.join() && sentTo.join() === reached.map(runName).join(),
      expected: t.stepsExpected({ event: v.event, topics: reached.join(', '), steps: wantSteps.join(', ') || t.noSteps() }),
      found:
        t.stepsFound({ sentTo: sentTo.join(', ') || t.noTopic(), steps: steps.join(', ') || t.none() }) +
        (failures.length ? t.stepsFailed({ failures: failures.map((r) => formatProducerLine(r).trim()).join('; ') }) : ''),
    });
    const seen = seenIn(v.event);
    checks.figure(figureName(v.name, 'visibleIn'), seen.length);
    const stored = storedAs(v.event);
    const outcomes = () =>
      stored.map((s) => `${s.topic}: ${s.batch.isTransactional ? s.outcome ?? t.noMarker() : t.notTransactional()}`).join(', ') || t.storedNowhere();
    if (v.transactional && !v.failBefore) {
      checks.law({
        scope,
        id: 'visible-everywhere',
        ok: S.topics.every((t) => visible.get(t)!.filter((e) => e === v.event).length === 1),
        expected: t.everywhereExpected({ event: v.event, topics: S.topics.join(', ') }),
        found: visibility(v.event),
      });
      checks.law({
        scope,
        id: 'committed-markers',
        ok: stored.length === S.topics.length && stored.every((s) => s.batch.isTransactional && s.outcome === 'COMMIT'),
        expected: t.committedExpected({ event: v.event }),
        found: outcomes(),
        evidence: stored.map((s) => s.line),
      });
    } else if (v.transactional) {
      checks.law({
        scope,
        id: 'visible-nowhere',
        ok: seen.length === 0,
        expected: t.nowhereExpected({ event: v.event }),
        found: visibility(v.event),
      });
      checks.law({
        scope,
        id: 'stored-then-aborted',
        ok: stored.map((s) => s.topic).join() === reached.join() && reached.length > 0 && stored.every((s) => s.batch.isTransactional && s.outcome === 'ABORT'),
        expected: t.abortedExpected({ reached: reached.join(', '), event: v.event, missed: S.topics.filter((topic) => !reached.includes(topic)).join(', ') }),
        found: outcomes(),
        evidence: stored.map((s) => s.line),
      });
    } else {
      checks.law({
        scope,
        id: 'partly-visible',
        ok: seen.join() === reached.join() && reached.length > 0 && reached.length < S.topics.length,
        expected: t.partlyExpected({ event: v.event, reached: reached.join(', ') }),
        found: visibility(v.event),
        hint: t.partlyHint(),
      });
      checks.law({
        scope,
        id: 'no-transaction',
        ok:
          stored.length === reached.length &&
          stored.every((s) => !s.batch.isTransactional && (v.idempotent ? s.batch.producerId >= 0 && s.batch.baseSequence === 0 : s.batch.producerId === -1)),
        expected: t.noTransactionExpected({ event: v.event, reached: reached.join(', '), idempotent: v.idempotent }),
        found:
          stored
            .map((s) => t.batchKind({ topic: s.topic, transactional: s.batch.isTransactional, producerId: s.batch.producerId, baseSequence: s.batch.baseSequence }))
            .join(', ') || t.storedNowhere(),
        evidence: stored.map((s) => s.line),
      });
    }
  }
  return checks.grade();
}
