// Lab 08-batch-compression: its setup, which the run script records in run.json, and the names of its variants, by
// which the run script writes and the grader reads one dump per variant.

/**
 * `count` orders (the stream mode's JSON orders) produced in one tick into a topic of their own per variant: librdkafka
 * with every batch.size of `sizes` and every codec of `codecs`, then Kafka's Java producer (kafka-console-producer)
 * with every size and each of `javaCodecs`. `lingerMs` holds a batch open until the whole burst is queued, so that
 * batch.size alone cuts the batches.
 */
export const BATCH_COMPRESSION = {
  count: 3000,
  lingerMs: 500,
  sizes: [1024, 16384, 131072],
  codecs: ['none', 'gzip', 'snappy', 'lz4', 'zstd'],
  javaCodecs: ['none', 'gzip'],
} as const;

export type BatchClient = 'librdkafka' | 'java';

/** A variant's name: its producer log (librdkafka) and, with `-dump.txt`, its dump. */
export const variantName = (client: BatchClient, size: number, codec: string) => `${client === 'java' ? 'java-' : ''}batch-${size / 1024}k-${codec}`;

/** The dump file of a variant. */
export const variantDump = (client: BatchClient, size: number, codec: string) => `${variantName(client, size, codec)}-dump.txt`;

/** `1 KB`, `128 KB`: a batch.size as the lab names it. */
export const kilobytes = (size: number) => `${size / 1024} KB`;

/** How many times fewer bytes a codec's batches took than none's for the same records (0 when either is missing). */
export const ratioOf = (none: { bytes: number } | undefined, compressed: { bytes: number }) =>
  none && none.bytes > 0 && compressed.bytes > 0 ? none.bytes / compressed.bytes : 0;
