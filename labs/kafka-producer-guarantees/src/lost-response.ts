// Lab 06-kafkajs-idempotence: its setup, which the run script records in run.json, and what its run script and grader
// both read from a variant's files: each record's fate, and the Produce requests the proxy saw.
import type { DumpBatch } from '@kafka-labs/dumplog';
import type { ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import type { ProxyEvent } from '@kafka-labs/proxy';

/**
 * Both clients idempotent, each on its own topic: W first (the producer id, a warmed-up sequence), then E-1 ... E-5 in
 * one tick, one record per Produce request; the proxy drops the response to Produce request `droppedProduce` (the
 * broker stores it), and each client times the request out after `requestTimeoutMs` and retries.
 */
export const LOST_RESPONSE = {
  events: 5,
  droppedProduce: 3,
  requestTimeoutMs: 3000,
  variants: [
    { name: 'kafkajs', client: 'kafkajs', settings: ['requestTimeout=3000'] },
    { name: 'librdkafka', client: 'librdkafka', settings: ['socket.timeout.ms=3000', 'linger.ms=0', 'batch.num.messages=1'] },
  ],
} as const;

export type LostResponseVariant = (typeof LOST_RESPONSE.variants)[number];

/** The files of a variant's run: its producer log, and its partition dumped with kafka-dump-log. */
export const lostResponseFiles = (variant: string) => ({ producer: `${variant}.log`, dump: `${variant}-dump.txt` });

/** The topic's base name for a variant (run.json's `names` maps it to the run's topic). */
export const lostResponseTopic = (variant: string) => `idem-${variant}`;

/** What became of one sent record: what its send was told, and where the partition holds it. */
export interface Fate {
  value: string;
  /** The offset its delivery report named, or null when it failed or has no report. */
  told: number | null;
  error: string | null;
  /** The offsets that hold it. */
  storedAt: number[];
  /** The record the partition holds at the told offset (null when none or not told one). */
  atTold: string | null;
}

/** Each sent value's fate, from the producer's result lines and the partition's data batches . */
export function fates(sent: readonly string[], results: ProducerLog['results'], batches: readonly DumpBatch[]): Fate[] {
  const stored = batches.flatMap((b) => b.records.map((r) => ({ offset: r.offset, payload: r.payload ?? 'null' })));
  return sent.map((value) => {
    const result = results.find((r) => r.event === value);
    const told = result && result.error === null ? result.offset : null;
    return {
      value,
      told,
      error: result ? (result.error?.name ?? null) : 'no delivery report',
      storedAt: stored.filter((s) => s.payload === value).map((s) => s.offset),
      atTold: stored.find((s) => s.offset === told)?.payload ?? null,
    };
  });
}

/** One line per fate: `E-3 told offset=2 (holds E-2), stored at: nowhere`. */
export const formatFate = (f: Fate) =>
  `${f.value} told ${f.told === null ? `error ${f.error}` : `offset=${f.told} (holds ${f.atTold ?? 'nothing'})`}, stored at: ${f.storedAt.length ? f.storedAt.join(', ') : 'nowhere'}`;

/** One Produce request of a topic as the proxy saw it: its ordinal, whether its response was dropped, its batch's numbering. */
export interface SeenRequest {
  ordinal: number;
  dropped: boolean;
  producerId: number;
  producerEpoch: number;
  baseSequence: number;
}

/** The Produce requests of `topic` in the proxy's events, in arrival order. */
export function produceRequests(events: readonly ProxyEvent[], topic: string): SeenRequest[] {
  const ofTopic = events.filter((e) => e.apiName === 'Produce' && e.produce?.partitions.some((p) => p.topic === topic));
  const dropped = new Set(ofTopic.filter((e) => e.action === 'response-dropped').map((e) => e.ordinal));
  return ofTopic
    .filter((e) => e.direction === 'request' && e.action === 'forwarded')
    .map((e) => {
      const p = e.produce!.partitions.find((q) => q.topic === topic)!;
      return { ordinal: e.ordinal!, dropped: dropped.has(e.ordinal), producerId: p.producerId, producerEpoch: p.producerEpoch, baseSequence: p.baseSequence };
    });
}

/** `Produce #3 response dropped, epoch 0 baseSequence 2`. */
export const formatRequest = (r: SeenRequest) =>
  `Produce #${r.ordinal} ${r.dropped ? 'response dropped' : 'answered'}, epoch ${r.producerEpoch} baseSequence ${r.baseSequence}`;
