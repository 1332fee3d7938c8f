import { compactView } from '@kafka-labs/dumplog';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { fates, formatFate, formatRequest, lostResponseFiles, lostResponseTopic, produceRequests } from '@kafka-labs/kafka-producer-guarantees/lost-response';
import { readBatches, readProducerLog, readProxyEvents, topicSequence } from '@kafka-labs/kafka-producer-guarantees/read-back';
import { figureName, sentOrder } from '@kafka-labs/kafka-producer-guarantees/retry-ordering';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's LOST_RESPONSE). */
const RECORDED = is.object({
  events: is.integer,
  droppedProduce: is.integer,
  variants: is.array(is.object({ name: is.string, client: is.literal('kafkajs', 'librdkafka') })),
});

/**
 * One dropped Produce response, two idempotent producers: kafkajs hands the timed-out batch's sequence to the next
 * send, which the broker answers as a duplicate with the stored record's offset (that record is never written) while
 * the timed-out record is stored again; librdkafka re-sends the batch itself under its sequence, and every record is
 * stored once at the offset its send was told.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const proxyEvents = await readProxyEvents(runDir);
  const sent = sentOrder(S.events);

  for (const v of S.variants) {
    const scope = v.name;
    const topic = nameOf(names, lostResponseTopic(v.name));
    const files = lostResponseFiles(v.name);
    const batches = await readBatches(runDir, files.dump);
    const log = await readProducerLog(runDir, v.name);
    const requests = produceRequests(proxyEvents, topic);
    const fate = fates(sent, log.results, batches);
    const dumpLines = compactView(batches);
    const fateLines = fate.map(formatFate);
    checks.view(topicSequence(topic, { name: v.name, log }, proxyEvents, batches, [files.producer, files.dump]));

    const dropped = requests.filter((r) => r.dropped);
    const lostAnswer = dropped.length === 1 && dropped[0]!.ordinal === S.droppedProduce ? dropped[0]! : null;
    checks.law({
      scope,
      id: 'one-response-dropped',
      ok: lostAnswer !== null,
      expected: t.droppedExpected({ n: S.droppedProduce, topic }),
      found: dropped.map(formatRequest).join(', ') || t.noneDropped(),
    });
    if (!lostAnswer) continue;

    const failed = fate.filter((f) => f.told === null);
    checks.law({
      scope,
      id: 'all-acknowledged',
      ok: failed.length === 0,
      expected: t.ackExpected(),
      found: t.ackFound({ n: sent.length - failed.length, of: sent.length }),
      evidence: failed.map(formatFate),
    });

    const sameNumber = (b: { producerId: number; producerEpoch: number; baseSequence: number }) =>
      b.producerId === lostAnswer.producerId && b.producerEpoch === lostAnswer.producerEpoch && b.baseSequence === lostAnswer.baseSequence;
    const reused = requests.filter((r) => r.ordinal > lostAnswer.ordinal && sameNumber(r));
    const underIt = batches.filter(sameNumber);
    checks.law({
      scope,
      id: 'sequence-reused',
      ok: reused.length === 1 && underIt.length === 1,
      expected: t.reusedExpected({ epoch: lostAnswer.producerEpoch, sequence: lostAnswer.baseSequence }),
      found: t.reusedFound({ requests: reused.length, batches: underIt.length }),
      evidence: requests.map(formatRequest),
    });
    const original = underIt[0]?.records[0]?.payload ?? null;

    const notStored = fate.filter((f) => f.told !== null && f.storedAt.length === 0);
    const twice = fate.filter((f) => f.storedAt.length > 1);
    checks.figure(figureName(v.name, 'acknowledgedNotStored'), notStored.length);
    checks.figure(figureName(v.name, 'storedTwice'), twice.length);
    if (v.client === 'kafkajs') {
      checks.law({
        scope,
        id: 'acknowledged-not-stored',
        ok: original !== null && notStored.length === 1 && notStored[0]!.atTold === original,
        expected: t.notStoredExpected({ original: original ?? t.lostRecord() }),
        found: notStored.map(formatFate).join('; ') || t.everyStored(),
        hint: t.notStoredHint(),
        evidence: [...fateLines, ...dumpLines],
      });
      checks.law({
        scope,
        id: 'stored-twice',
        ok: original !== null && twice.length === 1 && twice[0]!.value === original,
        expected: t.twiceExpected({ original: original ?? t.lostRecord() }),
        found: twice.map(formatFate).join('; ') || t.noneTwice(),
        evidence: dumpLines,
      });
    } else {
      checks.law({
        scope,
        id: 'each-once',
        ok: fate.every((f) => f.storedAt.length === 1) && batches.length === sent.length,
        expected: t.eachOnceExpected({ sent: sent.join(', ') }),
        found: t.eachOnceFound({ batches: batches.length, fates: fate.filter((f) => f.storedAt.length !== 1).map(formatFate).join('; ') || t.eachOnce() }),
        evidence: dumpLines,
      });
      const elsewhere = fate.filter((f) => f.told !== null && f.atTold !== f.value);
      checks.law({
        scope,
        id: 'told-own-offset',
        ok: elsewhere.length === 0,
        expected: t.ownOffsetExpected(),
        found: elsewhere.map(formatFate).join('; ') || t.everyOwn(),
        evidence: fateLines,
      });
    }
  }
  return checks.grade();
}
