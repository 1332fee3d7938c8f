import { compactView } from '@kafka-labs/dumplog';
import { Checks, is, readRunInfo } from '@kafka-labs/grader';
import { formatProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { BATCHING_FILES as F, batchesOf, codecLog, formatSummary, summarise } from '@kafka-labs/kafka-producer-guarantees/batching';
import { readBatches, readProducerLog } from '@kafka-labs/kafka-producer-guarantees/read-back';

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
export default async function grade(runDir: string) {
  const checks = new Checks();
  const S = (await readRunInfo(runDir, RECORDED)).parameters;

  const lingerBatches = await readBatches(runDir, F.lingerDump);
  const linger = [];
  for (const v of S.linger) {
    linger.push({ name: v.name, summary: summarise(batchesOf(await readProducerLog(runDir, v.name), lingerBatches)) });
  }
  for (const v of linger) checks.figure(`${v.name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Batches`, v.summary.batches);
  const lines = linger.map((v) => formatSummary(v.name, v.summary));
  const [none, five, twenty, capped] = linger.map((v) => v.summary);
  checks.law({
    id: 'all-stored',
    ok: linger.every((v) => v.summary.records === S.streamCount),
    expected: `each linger setting's ${S.streamCount} records are all in the dump, in the offsets its delivery reports name`,
    found: lines.join('; '),
  });
  checks.law({
    id: 'more-linger-fewer-batches',
    // 5 against 20 is not judged: a stalled process (load) sends a burst that linger.ms=5 packs as well as 20 does.
    ok: none!.batches > five!.batches && none!.batches > twenty!.batches,
    expected: 'with linger.ms 5 and 20 the same stream goes in fewer (so larger) batches than with linger.ms 0',
    found: linger.slice(0, 3).map((v) => `${v.name} ${v.summary.batches} batches`).join(', '),
    evidence: lines,
  });
  checks.law({
    id: 'batch-num-messages-caps',
    ok: capped!.largest <= S.maxPerBatch && capped!.largest > 0 && capped!.batches > twenty!.batches,
    expected: `with batch.num.messages=${S.maxPerBatch} no batch holds more than ${S.maxPerBatch} records, so linger.ms=20 sends more batches than without it`,
    found: `at most ${capped!.largest} per batch; ${capped!.batches} batches against ${twenty!.batches}`,
    evidence: lines,
  });

  const codecBatches = await readBatches(runDir, F.codecDump);
  const codecs = [];
  for (const codec of S.codecs) codecs.push({ codec, summary: summarise(batchesOf(await readProducerLog(runDir, codecLog('librdkafka', codec)), codecBatches)) });
  const plain = codecs.find((c) => c.codec === 'none')?.summary;
  for (const { codec, summary } of codecs) {
    checks.figure(`${codec}Bytes`, summary.bytes);
    const compressed = codec !== 'none';
    checks.law({
      scope: `codec-${codec}`,
      id: compressed ? 'smaller-than-none' : 'stored-uncompressed',
      ok:
        summary.records === S.burstCount &&
        summary.codecs.join() === codec &&
        (!compressed || (plain !== undefined && plain.bytes > 0 && summary.bytes < plain.bytes)),
      expected: compressed
        ? `the ${S.burstCount} orders are stored in batches with compresscodec ${codec}, fewer bytes than with none (${plain?.bytes ?? '?'})`
        : `the ${S.burstCount} orders are stored in batches with compresscodec none`,
      found: formatSummary(codec, summary),
    });
  }

  // Records in the codecs dump that no librdkafka producer and not kafkajs's gzip send was told an offset for.
  const told = codecs.reduce((n, c) => n + c.summary.records, 0) + 1;
  const stray = codecBatches.reduce((n, b) => n + b.count, 0) - told;
  for (const codec of S.kafkajsCodecs) {
    const log = await readProducerLog(runDir, codecLog('kafkajs', codec));
    const summary = summarise(batchesOf(log, codecBatches));
    const results = log.results.map((r) => formatProducerLine(r).trim()).join('; ') || 'no result';
    if (codec === 'gzip') {
      checks.law({
        scope: 'kafkajs-gzip',
        id: 'stored-compressed',
        ok: log.results.length === 1 && log.results[0]!.error === null && summary.records === 1 && summary.codecs.join() === 'gzip',
        expected: 'kafkajs sends the record with gzip and the broker stores it in a batch with compresscodec gzip',
        found: `${results}; ${formatSummary('stored', summary)}`,
        evidence: compactView(batchesOf(log, codecBatches)),
      });
    } else {
      checks.law({
        scope: `kafkajs-${codec}`,
        id: 'not-implemented',
        ok: log.results.length > 0 && log.results.every((r) => r.error?.name === 'KafkaJSNotImplemented') && summary.batches === 0 && stray === 0,
        expected: `kafkajs's send() with ${codec} throws KafkaJSNotImplemented (no codec registered) and nothing is stored`,
        found: `${results}; ${stray} record(s) in the codecs dump that no send was told`,
      });
    }
  }
  return checks.grade();
}
