import { compactView } from '@kafka-labs/dumplog';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { parseClientEvent } from '@kafka-labs/kafka-client/producer-log';
import { payloadsOf, readBatches, readProducerLog, readProxyEvents } from '@kafka-labs/kafka-producer-guarantees/read-back';
import {
  failedValue,
  figureName,
  mayReorder,
  orderingFiles,
  orderingTopic,
  sentOrder,
} from '@kafka-labs/kafka-producer-guarantees/retry-ordering';

/** What this grader reads of the parameters the run recorded (the run script's RETRY_ORDERING). */
const RECORDED = is.object({
  events: is.integer,
  failedProduce: is.integer,
  variants: is.array(is.object({ name: is.string, idempotent: is.boolean, maxInFlight: is.integer })),
});

/**
 * A retriable error on one Produce request reorders a producer without idempotence (with five requests in flight the
 * failed record is stored last; with one, the next record still slips ahead of it), while the idempotent producer,
 * refused by the broker past the sequence gap, re-sends under a new epoch and keeps the order; every record is
 * stored once and acknowledged at its offset either way.
 */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const proxyEvents = await readProxyEvents(runDir);
  const sent = sentOrder(S.events);
  const failed = failedValue(S.events, S.failedProduce);
  const behind = sent.slice(S.failedProduce);

  for (const v of S.variants) {
    const scope = v.name;
    const topic = nameOf(names, orderingTopic(v.name));
    const files = orderingFiles(v.name);
    const batches = await readBatches(runDir, files.dump);
    const log = await readProducerLog(runDir, v.name);
    const stored = payloadsOf(batches);
    const dumpLines = compactView(batches);

    const answered = proxyEvents.filter((e) => e.action === 'answered' && e.produce?.partitions.some((p) => p.topic === topic));
    checks.law({
      scope,
      id: 'one-error-answer',
      ok: answered.length === 1 && answered[0]!.ordinal === S.failedProduce && answered[0]!.errorName === 'NOT_LEADER_OR_FOLLOWER',
      expected: `the proxy answered Produce request ${S.failedProduce} (${failed}) with NOT_LEADER_OR_FOLLOWER instead of forwarding it, and no other request of ${topic}`,
      found: answered.map((e) => `#${e.ordinal} ${e.errorName}`).join(', ') || 'no request answered',
    });

    const copies = sent.map((value) => [value, stored.filter((s) => s === value).length] as const);
    checks.law({
      scope,
      id: 'each-once',
      ok: stored.length === sent.length && copies.every(([, n]) => n === 1),
      expected: `the partition holds each of ${sent.join(', ')} once: the refused request was not stored, its retry was`,
      found: `stored: ${stored.join(' ') || 'nothing'}`,
      evidence: dumpLines,
    });

    const wrong = log.results.filter((r) => r.error !== null || r.offset !== stored.indexOf(r.event));
    checks.law({
      scope,
      id: 'all-acknowledged',
      ok: log.results.length === sent.length && wrong.length === 0,
      expected: 'every send succeeded, at the offset where its record is stored: the application was told nothing of the retry',
      found: `${log.results.length} delivery reports, ${wrong.length} with an error or another offset`,
      evidence: wrong.map((r) => `${r.event}: told ${r.error ? r.error.name : `offset=${r.offset}`}, stored at ${stored.indexOf(r.event)}`),
    });

    const failedAt = stored.indexOf(failed);
    const overtook = behind.filter((value) => stored.indexOf(value) < failedAt);
    checks.figure(figureName(v.name, 'overtaken'), overtook.length);
    if (mayReorder(v)) {
      checks.law({
        scope,
        id: 'no-sequence',
        ok: batches.length > 0 && batches.every((b) => b.producerId === -1 && b.baseSequence === -1),
        expected: 'every batch has producerId -1 and baseSequence -1: the broker has nothing to tell a late retry by',
        found: `${batches.filter((b) => b.producerId === -1).length} of ${batches.length} batches without a producer id`,
        evidence: dumpLines,
      });
      // With more requests in flight than records behind the failed one, all of them were on the wire before its error came back.
      const allAhead = v.maxInFlight > behind.length;
      checks.law({
        scope,
        id: 'reordered',
        ok: failedAt >= 0 && (allAhead ? overtook.length === behind.length : overtook.length > 0),
        expected: allAhead
          ? `${failed} is stored after ${behind.join(', ')}, which were in flight when its error came back (${v.maxInFlight} in flight)`
          : `${failed} is stored after at least one record sent behind it, although one request was in flight at a time`,
        found: `stored: ${stored.join(' ')}; ${overtook.length} of ${behind.length} records behind ${failed} stored before it`,
        hint: 'only enable.idempotence=true makes the broker refuse a record past a gap',
        evidence: dumpLines,
      });
    } else {
      checks.law({
        scope,
        id: 'in-order',
        ok: stored.join() === sent.join(),
        expected: `the partition holds ${sent.join(', ')} in the order they were sent`,
        found: `stored: ${stored.join(' ') || 'nothing'}`,
        evidence: dumpLines,
      });
      const first = batches[0];
      const before = batches.slice(0, S.failedProduce - 1);
      const after = batches.slice(S.failedProduce - 1);
      const bumped =
        first !== undefined &&
        first.producerId >= 0 &&
        batches.length === sent.length &&
        batches.every((b) => b.producerId === first.producerId) &&
        before.every((b, i) => b.producerEpoch === first.producerEpoch && b.baseSequence === i) &&
        after.every((b, i) => b.producerEpoch === first.producerEpoch + 1 && b.baseSequence === i);
      checks.law({
        scope,
        id: 'resent-under-new-epoch',
        ok: bumped,
        expected: `one producer id throughout; ${sent.slice(0, S.failedProduce - 1).join(', ')} under its first epoch with sequences from 0, ${failed} onward under the next epoch with sequences from 0 again`,
        found: batches.map((b, i) => `${stored[i]} e${b.producerEpoch}/s${b.baseSequence}`).join(' ') || 'no batches',
        evidence: dumpLines,
      });
      const events = log.client.map(parseClientEvent);
      const gaps = events.filter((e) => e?.kind === 'sequence-gap').length;
      const bumps = events.filter((e) => e?.kind === 'epoch-bumped').length;
      checks.law({
        scope,
        id: 'gap-detected',
        ok: gaps > 0 && bumps === 1,
        expected: `the client saw the requests behind ${failed} refused for a sequence gap (ERRSEQ) and bumped its epoch once before re-sending`,
        found: `${gaps} ERRSEQ line(s), ${bumps} epoch bump(s)`,
      });
    }
  }
  return checks.grade();
}
