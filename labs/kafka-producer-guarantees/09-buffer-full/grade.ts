import { compactView } from '@kafka-labs/dumplog';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { bufferFiles, bufferTopic, orderIds, outcomes, overtaken, produceRequests } from '@kafka-labs/kafka-producer-guarantees/buffer-full';
import { payloadsOf, readBatches, readProducerLog, readProxyEvents, topicSequence } from '@kafka-labs/kafka-producer-guarantees/read-back';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's BUFFER_FULL). */
const RECORDED = is.object({
  count: is.integer,
  variants: is.array(is.object({ name: is.string, client: is.string, maxMessages: is.integer, maxBytes: is.integer })),
});

/**
 * With the broker away, librdkafka accepts records up to queue.buffering.max.messages / max.kbytes and refuses the
 * rest at produce() with QUEUE_FULL; kafkajs refuses none and sends every record at once. Either way nothing refused
 * is stored, everything accepted is stored once at its offset, and only after the broker is back.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const proxyEvents = await readProxyEvents(runDir);

  for (const v of S.variants) {
    const scope = v.name;
    const topic = nameOf(names, bufferTopic(v.name));
    const files = bufferFiles(v.name);
    const batches = await readBatches(runDir, files.dump);
    const log = await readProducerLog(runDir, v.name);
    const stored = payloadsOf(batches);
    const dumpLines = compactView(batches);
    const { refused, accepted, failed, value } = outcomes(log);
    const requests = produceRequests(proxyEvents, topic);
    checks.view(topicSequence(topic, { name: v.name, log }, proxyEvents, batches, [files.producer, files.dump]));
    const figure = (what: string) => `${v.name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}${what}`;
    checks.figure(figure('Refused'), refused.length);
    checks.figure(figure('Overtaken'), overtaken(orderIds(stored)));

    if (v.client === 'kafkajs') {
      checks.law({
        scope,
        id: 'no-buffer-limit',
        ok: refused.length === 0 && failed.length === 0 && log.results.length === S.count && requests.swallowedRecords >= S.count,
        expected: t.noLimitExpected({ n: S.count }),
        found: t.noLimitFound({ refused: refused.length, failed: failed.length, swallowed: requests.swallowedRecords }),
      });
    } else {
      const bytes = accepted.reduce((n, r) => n + Buffer.byteLength(value(r.event)), 0);
      const within = v.maxMessages ? accepted.length <= v.maxMessages : bytes <= v.maxBytes;
      checks.law({
        scope,
        id: 'queue-full',
        ok: refused.length > 0 && failed.length === 0 && accepted.length > 0 && within && refused.length + accepted.length === S.count,
        expected: t.refusedExpected({ limit: v.maxMessages ? t.messagesLimit({ n: v.maxMessages }) : t.bytesLimit({ n: v.maxBytes }) }),
        found: t.refusedFound({ refused: refused.length, accepted: accepted.length, bytes, failed: failed.length }),
      });
      const storedRefused = refused.filter((r) => stored.includes(value(r.event)));
      checks.law({
        scope,
        id: 'refused-not-stored',
        ok: storedRefused.length === 0,
        expected: t.notStoredExpected(),
        found: storedRefused.length ? t.storedRefused({ n: storedRefused.length, events: storedRefused.map((r) => r.event).join(', ') }) : t.noneStored({ n: refused.length }),
        evidence: dumpLines,
      });
    }

    const wrong = accepted.filter((r) => stored.filter((s) => s === value(r.event)).length !== 1 || stored[r.offset!] !== value(r.event));
    checks.law({
      scope,
      id: 'accepted-stored-once',
      ok: accepted.length > 0 && wrong.length === 0 && stored.length === accepted.length,
      expected: t.acceptedExpected({ client: v.client }),
      found: t.acceptedFound({ accepted: accepted.length, stored: stored.length, wrong: wrong.length }),
      evidence: dumpLines,
    });
    checks.law({
      scope,
      id: 'stored-after-return',
      ok: requests.forwardedAfter && requests.forwardedRecords >= stored.length && stored.length > 0,
      expected: t.afterReturnExpected(),
      found: t.afterReturnFound({
        swallowed: requests.swallowed.length,
        forwarded: requests.forwarded.length,
        records: requests.forwardedRecords,
        after: requests.forwardedAfter ? t.allAfter() : t.someBefore(),
      }),
    });
  }
  return checks.grade();
}
