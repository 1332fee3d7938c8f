import { compactView } from '@kafka-labs/dumplog';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { fates, formatFate, formatRequest, lostResponseFiles, lostResponseTopic, produceRequests } from '@kafka-labs/kafka-producer-guarantees/lost-response';
import { readBatches, readProducerLog, readProxyEvents } from '@kafka-labs/kafka-producer-guarantees/read-back';
import { figureName, sentOrder } from '@kafka-labs/kafka-producer-guarantees/retry-ordering';

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
export default async function grade(runDir: string) {
  const checks = new Checks();
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

    const dropped = requests.filter((r) => r.dropped);
    const lostAnswer = dropped.length === 1 && dropped[0]!.ordinal === S.droppedProduce ? dropped[0]! : null;
    checks.law({
      scope,
      id: 'one-response-dropped',
      ok: lostAnswer !== null,
      expected: `the proxy dropped the response to Produce request ${S.droppedProduce} of ${topic}, and to no other`,
      found: dropped.map(formatRequest).join(', ') || 'no response dropped',
    });
    if (!lostAnswer) continue;

    const failed = fate.filter((f) => f.told === null);
    checks.law({
      scope,
      id: 'all-acknowledged',
      ok: failed.length === 0,
      expected: 'every send succeeded with an offset: the application was told nothing of the lost answer',
      found: `${sent.length - failed.length} of ${sent.length} sends told an offset`,
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
      expected: `one later Produce request carried epoch ${lostAnswer.producerEpoch} baseSequence ${lostAnswer.baseSequence} again, and the broker stored one batch under it (the other was a duplicate)`,
      found: `${reused.length} later request(s) with that sequence, ${underIt.length} stored batch(es) with it`,
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
        expected: `exactly one send was told the offset of ${original ?? 'the record of the lost answer'} (the broker's answer to a duplicate sequence) and its own record is stored nowhere`,
        found: notStored.map(formatFate).join('; ') || 'every acknowledged record is stored',
        hint: 'kafkajs winds the sequence back on a timed-out request, and the next send takes it',
        evidence: [...fateLines, ...dumpLines],
      });
      checks.law({
        scope,
        id: 'stored-twice',
        ok: original !== null && twice.length === 1 && twice[0]!.value === original,
        expected: `${original ?? 'the record of the lost answer'} is stored twice (its first request, and its retry under a new sequence), and no other record is`,
        found: twice.map(formatFate).join('; ') || 'no record stored twice',
        evidence: dumpLines,
      });
    } else {
      checks.law({
        scope,
        id: 'each-once',
        ok: fate.every((f) => f.storedAt.length === 1) && batches.length === sent.length,
        expected: `the partition holds each of ${sent.join(', ')} once: the re-sent batch was recognised as a duplicate`,
        found: `${batches.length} batches; ${fate.filter((f) => f.storedAt.length !== 1).map(formatFate).join('; ') || 'each record once'}`,
        evidence: dumpLines,
      });
      const elsewhere = fate.filter((f) => f.told !== null && f.atTold !== f.value);
      checks.law({
        scope,
        id: 'told-own-offset',
        ok: elsewhere.length === 0,
        expected: 'every send was told the offset where its own record is stored',
        found: elsewhere.map(formatFate).join('; ') || 'every send told its own offset',
        evidence: fateLines,
      });
    }
  }
  return checks.grade();
}
