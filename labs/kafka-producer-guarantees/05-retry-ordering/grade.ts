import { compactView } from '@kafka-labs/dumplog';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { parseClientEvent } from '@kafka-labs/kafka-client/producer-log';
import { payloadsOf, readBatches, readProducerLog, readProxyEvents, topicSequence } from '@kafka-labs/kafka-producer-guarantees/read-back';
import {
  allInFlight,
  clientOf,
  failedValue,
  figureName,
  orderingFiles,
  orderingTopic,
  overtakenIn,
  sentOrder,
} from '@kafka-labs/kafka-producer-guarantees/retry-ordering';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's RETRY_ORDERING). */
const RECORDED = is.object({
  events: is.integer,
  failedProduce: is.integer,
  variants: is.array(is.object({ name: is.string, idempotent: is.boolean, maxInFlight: is.integer })),
});

/**
 * A retriable error on one Produce request reorders a producer without idempotence when the records behind it are
 * already in flight (the failed record is stored last), while the idempotent producer, refused by the broker past the
 * sequence gap, re-sends under a new epoch and keeps the order; every record is stored once and acknowledged at its
 * offset either way. With one request in flight and no idempotence the order is not guaranteed: how many records
 * overtook the retry is a figure, with the client's version, and no law.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
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
    checks.view(topicSequence(topic, { name: v.name, log }, proxyEvents, batches, [files.producer, files.dump]));

    const answered = proxyEvents.filter((e) => e.action === 'answered' && e.produce?.partitions.some((p) => p.topic === topic));
    checks.law({
      scope,
      id: 'one-error-answer',
      ok: answered.length === 1 && answered[0]!.ordinal === S.failedProduce && answered[0]!.errorName === 'NOT_LEADER_OR_FOLLOWER',
      expected: t.oneErrorExpected({ n: S.failedProduce, failed, topic }),
      found: answered.map((e) => `#${e.ordinal} ${e.errorName}`).join(', ') || t.noneAnswered(),
    });

    const copies = sent.map((value) => [value, stored.filter((s) => s === value).length] as const);
    checks.law({
      scope,
      id: 'each-once',
      ok: stored.length === sent.length && copies.every(([, n]) => n === 1),
      expected: t.eachOnceExpected({ sent: sent.join(', ') }),
      found: t.stored({ values: stored.join(' ') || t.nothing() }),
      evidence: dumpLines,
    });

    const wrong = log.results.filter((r) => r.error !== null || r.offset !== stored.indexOf(r.event));
    checks.law({
      scope,
      id: 'all-acknowledged',
      ok: log.results.length === sent.length && wrong.length === 0,
      expected: t.ackExpected(),
      found: t.ackFound({ n: log.results.length, wrong: wrong.length }),
      evidence: wrong.map((r) => `${r.event}: told ${r.error ? r.error.name : `offset=${r.offset}`}, stored at ${stored.indexOf(r.event)}`),
    });

    const overtaken = overtakenIn(stored, S);
    checks.figure(figureName(v.name, 'overtaken'), overtaken);
    if (!v.idempotent) {
      checks.law({
        scope,
        id: 'no-sequence',
        ok: batches.length > 0 && batches.every((b) => b.producerId === -1 && b.baseSequence === -1),
        expected: t.noSequenceExpected(),
        found: t.noSequenceFound({ n: batches.filter((b) => b.producerId === -1).length, of: batches.length }),
        evidence: dumpLines,
      });
      if (allInFlight(v, S)) {
        checks.law({
          scope,
          id: 'reordered',
          ok: stored.includes(failed) && overtaken === behind.length,
          expected: t.reorderedExpected({ failed, behind: behind.join(', '), maxInFlight: v.maxInFlight }),
          found: t.reorderedFound({ stored: stored.join(' '), overtook: overtaken, behind: behind.length, failed }),
          hint: t.reorderedHint(),
          evidence: dumpLines,
        });
      } else checks.figure(figureName(v.name, 'client'), clientOf(log));
    } else {
      checks.law({
        scope,
        id: 'in-order',
        ok: stored.join() === sent.join(),
        expected: t.inOrderExpected({ sent: sent.join(', ') }),
        found: t.stored({ values: stored.join(' ') || t.nothing() }),
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
        expected: t.newEpochExpected({ first: sent.slice(0, S.failedProduce - 1).join(', '), failed }),
        found: batches.map((b, i) => `${stored[i]} e${b.producerEpoch}/s${b.baseSequence}`).join(' ') || t.noBatches(),
        evidence: dumpLines,
      });
      const events = log.client.map(parseClientEvent);
      const gaps = events.filter((e) => e?.kind === 'sequence-gap').length;
      const bumps = events.filter((e) => e?.kind === 'epoch-bumped').length;
      checks.law({
        scope,
        id: 'gap-detected',
        ok: gaps > 0 && bumps === 1,
        expected: t.gapExpected({ failed }),
        found: t.gapFound({ gaps, bumps }),
      });
    }
  }
  return checks.grade();
}
