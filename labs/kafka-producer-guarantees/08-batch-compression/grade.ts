import type { DumpBatch } from '@kafka-labs/dumplog';
import { Checks, is, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { kilobytes, ratioOf, variantDump, variantName, type BatchClient } from '@kafka-labs/kafka-producer-guarantees/batch-compression';
import { summarise, type BatchSummary } from '@kafka-labs/kafka-producer-guarantees/batching';
import { readBatches } from '@kafka-labs/kafka-producer-guarantees/read-back';
import type { BatchBar } from '@kafka-labs/report/views';
import { formatVariant, MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's BATCH_COMPRESSION). */
const RECORDED = is.object({
  count: is.integer,
  sizes: is.array(is.integer),
  codecs: is.array(is.string),
  javaCodecs: is.array(is.string),
});

interface Variant {
  client: BatchClient;
  size: number;
  codec: string;
  summary: BatchSummary;
  /** The stored size of its largest batch. */
  largestBytes: number;
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * Per client and codec, the same orders in fewer bytes the larger batch.size (every compressed codec, both clients);
 * no uncompressed batch above batch.size; librdkafka's compressed batches no fuller than its uncompressed ones (it
 * counts uncompressed bytes). How full Kafka's Java producer's gzip batches get is a figure, not a law.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const variantLine = formatVariant(lang);
  const checks = new Checks(lang);
  const S = (await readRunInfo(runDir, RECORDED)).parameters;
  const codecsOf = (client: BatchClient) => (client === 'java' ? S.javaCodecs : S.codecs);

  const variants: Variant[] = [];
  for (const client of ['librdkafka', 'java'] as const) {
    for (const size of S.sizes) {
      for (const codec of codecsOf(client)) {
        const batches: DumpBatch[] = await readBatches(runDir, variantDump(client, size, codec));
        variants.push({ client, size, codec, summary: summarise(batches), largestBytes: Math.max(0, ...batches.map((b) => b.size)) });
      }
    }
  }
  const find = (client: BatchClient, size: number, codec: string) => variants.find((v) => v.client === client && v.size === size && v.codec === codec);
  const ratio = (v: Variant) => ratioOf(find(v.client, v.size, 'none')?.summary, v.summary);
  const line = (v: Variant) => `${v.client} ${kilobytes(v.size)} ${variantLine(v.codec, v.summary, find(v.client, v.size, 'none')?.summary)}`;

  const missing = variants.filter((v) => v.summary.records !== S.count || v.summary.codecs.join() !== v.codec);
  checks.law({
    id: 'all-stored',
    ok: missing.length === 0,
    expected: t.allStoredExpected({ n: S.count }),
    found: missing.length ? missing.map(line).join('; ') : variants.map((v) => `${variantName(v.client, v.size, v.codec)} ${v.summary.records}`).join(', '),
  });

  for (const client of ['librdkafka', 'java'] as const) {
    const plain = S.sizes.map((size) => find(client, size, 'none')!);
    checks.law({
      scope: client,
      id: 'batch-size-caps',
      ok: plain.every((v) => v.summary.batches > 0 && v.largestBytes <= v.size),
      expected: t.capExpected({ client }),
      found: plain.map((v) => t.largestBatch({ size: kilobytes(v.size), largest: v.largestBytes })).join(', '),
    });
    for (const codec of codecsOf(client).filter((c) => c !== 'none')) {
      const bySize = S.sizes.map((size) => find(client, size, codec)!);
      for (const v of bySize) checks.figure(camel(`${client}-${codec}-${v.size / 1024}k-ratio`), Number(ratio(v).toFixed(2)));
      checks.law({
        scope: `${client}-${codec}`,
        id: 'bigger-batches-compress-better',
        ok: bySize.every((v, i) => v.summary.bytes > 0 && (i === 0 || v.summary.bytes < bySize[i - 1]!.summary.bytes)),
        expected: t.betterExpected({ client, codec, n: S.count }),
        found: bySize.map((v) => t.sizeBytes({ size: kilobytes(v.size), bytes: v.summary.bytes, ratio: ratio(v).toFixed(2) })).join(' > '),
        evidence: bySize.map(line),
      });
    }
  }

  const smallest = S.sizes[0]!;
  const largestOrders = (client: BatchClient, codec: string) => find(client, smallest, codec)?.summary.largest ?? 0;
  const rdkafka = S.codecs.map((codec) => t.largestOrders({ codec, largest: largestOrders('librdkafka', codec) })).join(', ');
  checks.law({
    scope: 'librdkafka',
    id: 'batch-size-counts-uncompressed',
    ok: S.codecs.every((codec) => largestOrders('librdkafka', codec) <= largestOrders('librdkafka', 'none')),
    expected: t.uncompressedExpected({ size: kilobytes(smallest) }),
    found: rdkafka,
  });
  // Kafka's Java producer counts batch.size against an estimate of the compressed bytes that learns only from batches
  // already closed: how much its gzip batches grow past none's depends on how fast its sender closes them. A finding.
  checks.figure('javaNone1kLargest', largestOrders('java', 'none'));
  checks.figure('javaGzip1kLargest', largestOrders('java', 'gzip'));

  const bar = (v: Variant): BatchBar => ({
    label: kilobytes(v.size),
    batches: v.summary.batches,
    records: v.summary.records,
    bytes: v.summary.bytes,
    codec: v.codec,
    ...(v.codec === 'none' ? {} : { ratio: Number(ratio(v).toFixed(2)) }),
  });
  checks.view({
    kind: 'batches',
    files: variants.map((v) => variantDump(v.client, v.size, v.codec)),
    groups: (['librdkafka', 'java'] as const).flatMap((client) =>
      codecsOf(client).map((codec) => ({
        setting: t.group({ client, codec }),
        records: S.count,
        measure: 'bytes' as const,
        bars: S.sizes.map((size) => bar(find(client, size, codec)!)),
      })),
    ),
  });
  return checks.grade();
}
