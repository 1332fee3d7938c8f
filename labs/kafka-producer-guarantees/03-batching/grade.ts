import { compactView } from '@kafka-labs/dumplog';
import { Checks, is, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { formatProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { BATCHING_FILES as F, batchesOf, codecLog, summarise, type BatchSummary } from '@kafka-labs/kafka-producer-guarantees/batching';
import { readBatches, readProducerLog } from '@kafka-labs/kafka-producer-guarantees/read-back';
import type { BatchBar } from '@kafka-labs/report/views';
import { formatSummary, MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's BATCHING). */
const RECORDED = is.object({
  streamCount: is.integer,
  linger: is.array(is.object({ name: is.string })),
  maxPerBatch: is.integer,
  burstCount: is.integer,
  codecs: is.array(is.string),
  kafkajsCodecs: is.array(is.string),
});

/**
 * The same stream in fewer, larger batches the longer librdkafka lingers, and in batches of at most batch.num.messages
 * whatever it lingers; every codec's batches smaller than none's and stored under their codec; kafkajs stores a gzip
 * batch and refuses the other codecs with KafkaJSNotImplemented.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const summary = formatSummary(lang);
  const checks = new Checks(lang);
  const S = (await readRunInfo(runDir, RECORDED)).parameters;

  const lingerBatches = await readBatches(runDir, F.lingerDump);
  const linger = [];
  for (const v of S.linger) {
    linger.push({ name: v.name, summary: summarise(batchesOf(await readProducerLog(runDir, v.name), lingerBatches)) });
  }
  for (const v of linger) checks.figure(`${v.name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Batches`, v.summary.batches);
  const lines = linger.map((v) => summary(v.name, v.summary));
  const [none, five, twenty, capped] = linger.map((v) => v.summary);
  checks.law({
    id: 'all-stored',
    ok: linger.every((v) => v.summary.records === S.streamCount),
    expected: t.allStoredExpected({ n: S.streamCount }),
    found: lines.join('; '),
  });
  checks.law({
    id: 'more-linger-fewer-batches',
    // 5 against 20 is not judged: a stalled process (load) sends a burst that linger.ms=5 packs as well as 20 does.
    ok: none!.batches > five!.batches && none!.batches > twenty!.batches,
    expected: t.fewerExpected(),
    found: linger.slice(0, 3).map((v) => t.batchCount({ name: v.name, n: v.summary.batches })).join(', '),
    evidence: lines,
  });
  checks.law({
    id: 'batch-num-messages-caps',
    ok: capped!.largest <= S.maxPerBatch && capped!.largest > 0 && capped!.batches > twenty!.batches,
    expected: t.capExpected({ max: S.maxPerBatch }),
    found: t.capFound({ largest: capped!.largest, batches: capped!.batches, without: twenty!.batches }),
    evidence: lines,
  });

  const codecBatches = await readBatches(runDir, F.codecDump);
  const codecs = [];
  for (const codec of S.codecs) codecs.push({ codec, summary: summarise(batchesOf(await readProducerLog(runDir, codecLog('librdkafka', codec)), codecBatches)) });
  const plain = codecs.find((c) => c.codec === 'none')?.summary;
  for (const { codec, summary: s } of codecs) {
    checks.figure(`${codec}Bytes`, s.bytes);
    const compressed = codec !== 'none';
    checks.law({
      scope: `codec-${codec}`,
      id: compressed ? 'smaller-than-none' : 'stored-uncompressed',
      ok:
        s.records === S.burstCount &&
        s.codecs.join() === codec &&
        (!compressed || (plain !== undefined && plain.bytes > 0 && s.bytes < plain.bytes)),
      expected: compressed
        ? t.smallerExpected({ n: S.burstCount, codec, none: String(plain?.bytes ?? '?') })
        : t.plainExpected({ n: S.burstCount }),
      found: summary(codec, s),
    });
  }

  // Records in the codecs dump that no librdkafka producer and not kafkajs's gzip send was told an offset for.
  const told = codecs.reduce((n, c) => n + c.summary.records, 0) + 1;
  const stray = codecBatches.reduce((n, b) => n + b.count, 0) - told;
  for (const codec of S.kafkajsCodecs) {
    const log = await readProducerLog(runDir, codecLog('kafkajs', codec));
    const sent = summarise(batchesOf(log, codecBatches));
    const results = log.results.map((r) => formatProducerLine(r).trim()).join('; ') || t.noResult();
    if (codec === 'gzip') {
      checks.law({
        scope: 'kafkajs-gzip',
        id: 'stored-compressed',
        ok: log.results.length === 1 && log.results[0]!.error === null && sent.records === 1 && sent.codecs.join() === 'gzip',
        expected: t.gzipExpected(),
        found: t.resultsAndSummary({ results, summary: summary(t.stored(), sent) }),
        evidence: compactView(batchesOf(log, codecBatches)),
      });
    } else {
      checks.law({
        scope: `kafkajs-${codec}`,
        id: 'not-implemented',
        ok: log.results.length > 0 && log.results.every((r) => r.error?.name === 'KafkaJSNotImplemented') && sent.batches === 0 && stray === 0,
        expected: t.notImplementedExpected({ codec }),
        found: t.notImplementedFound({ results, stray }),
      });
    }
  }
  const bar = (label: string, s: BatchSummary): BatchBar => ({ label, batches: s.batches, records: s.records, bytes: s.bytes, codec: s.codecs.join('/') });
  checks.view({
    kind: 'batches',
    files: [F.lingerDump, F.codecDump, ...S.linger.map((v) => `${v.name}.log`), ...S.codecs.map((c) => `${codecLog('librdkafka', c)}.log`)],
    groups: [
      { setting: 'linger.ms', records: S.streamCount, measure: 'batches', bars: linger.map((v) => bar(v.name, v.summary)) },
      { setting: 'compression.codec', records: S.burstCount, measure: 'bytes', bars: codecs.map((c) => bar(c.codec, c.summary)) },
    ],
  });
  return checks.grade();
}
