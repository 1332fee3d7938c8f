// Lab 03-batching: its setup, which the run script records in run.json, and how its run script and grader split the
// two dumps into variants: by the offsets each producer's delivery reports name.
import type { DumpBatch } from '@kafka-labs/dumplog';
import type { ProducerLog } from '@kafka-labs/kafka-client/producer-log';

/**
 * librdkafka producers one after the other. Linger: `streamCount` orders at one every `streamIntervalMs` into topic
 * `batching`, with each variant's settings. Codecs: `burstCount` orders in one tick into topic `codecs`, gathered by a
 * long linger, once per codec; then kafkajs sends one record into `codecs` with each codec but none.
 */
export const BATCHING = {
  streamCount: 300,
  streamIntervalMs: 2,
  linger: [
    { name: 'linger-0', settings: ['linger.ms=0'] },
    { name: 'linger-5', settings: ['linger.ms=5'] },
    { name: 'linger-20', settings: ['linger.ms=20'] },
    { name: 'linger-20-max-5', settings: ['linger.ms=20', 'batch.num.messages=5'] },
  ],
  maxPerBatch: 5,
  burstCount: 500,
  codecs: ['none', 'gzip', 'snappy', 'lz4', 'zstd'],
  kafkajsCodecs: ['gzip', 'snappy', 'lz4', 'zstd'],
} as const;

/** The settings every codec variant shares: the whole burst gathered into few batches. */
export const CODEC_SETTINGS = ['linger.ms=100', 'batch.num.messages=10000'];

/** The run folder's files. */
export const BATCHING_FILES = { lingerDump: 'batching-dump.txt', codecDump: 'codecs-dump.txt' } as const;

/** The producer log (without `.log`) of a codec variant, by client. */
export const codecLog = (client: 'librdkafka' | 'kafkajs', codec: string) => `${client === 'kafkajs' ? 'kafkajs-' : ''}codec-${codec}`;

/** The data batches that hold the records a producer was told offsets for (its offsets are one contiguous range). */
export function batchesOf(log: ProducerLog, batches: readonly DumpBatch[]): DumpBatch[] {
  const offsets = log.results.flatMap((r) => (r.offset === null ? [] : [r.offset]));
  if (offsets.length === 0) return [];
  const first = Math.min(...offsets);
  const last = Math.max(...offsets);
  return batches.filter((b) => b.baseOffset >= first && b.lastOffset <= last);
}

/** What a variant's batches add up to. */
export interface BatchSummary {
  batches: number;
  records: number;
  bytes: number;
  largest: number;
  codecs: string[];
}

export function summarise(batches: readonly DumpBatch[]): BatchSummary {
  return {
    batches: batches.length,
    records: batches.reduce((n, b) => n + b.count, 0),
    bytes: batches.reduce((n, b) => n + b.size, 0),
    largest: Math.max(0, ...batches.map((b) => b.count)),
    codecs: [...new Set(batches.map((b) => b.compressCodec))],
  };
}
