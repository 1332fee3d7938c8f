import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { orderValue } from '@kafka-labs/kafka-client/producer-log';
import { BATCH_COMPRESSION as S, kilobytes, variantDump, variantName, type BatchClient } from '@kafka-labs/kafka-producer-guarantees/batch-compression';
import { summarise, type BatchSummary } from '@kafka-labs/kafka-producer-guarantees/batching';
import { dumpPartition, javaProduce, produce } from '@kafka-labs/kafka-producer-guarantees/clients';
import { readBatches } from '@kafka-labs/kafka-producer-guarantees/read-back';
import { formatVariant, MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const variant = formatVariant(lab.lang);
const orders = Array.from({ length: S.count }, (_, i) => orderValue(i + 1));

/** Produces one variant into its own topic with `send`, dumps the topic and returns what its batches add up to. */
async function measure(client: BatchClient, size: number, codec: string, send: (topic: string) => Promise<unknown>): Promise<BatchSummary> {
  const name = variantName(client, size, codec);
  const topic = await lab.createTopic(name);
  await send(topic);
  await dumpPartition(lab, topic, variantDump(client, size, codec), { records: false });
  return summarise(await readBatches(lab.runDir, variantDump(client, size, codec)));
}

/** Shows each batch.size's variants, with each codec's bytes against none's at the same batch.size. */
function showSize(client: BatchClient, size: number, summaries: Map<string, BatchSummary>) {
  const none = summaries.get('none');
  lab.show(t.dumpOf({ client, size: kilobytes(size) }), [...summaries].map(([codec, s]) => variant(codec, s, none)));
}

lab.step(t.librdkafkaStep({ n: S.count, sizes: S.sizes.map(kilobytes).join(' / '), codecs: S.codecs.join(', '), linger: S.lingerMs }));
for (const size of S.sizes) {
  const summaries = new Map<string, BatchSummary>();
  for (const codec of S.codecs) {
    const settings = [`batch.size=${size}`, `compression.codec=${codec}`, `linger.ms=${S.lingerMs}`];
    summaries.set(codec, await measure('librdkafka', size, codec, (topic) => produce(lab, variantName('librdkafka', size, codec), 'librdkafka', [topic, 'false', 'stream', '--count', String(S.count), '--interval-ms', '0', ...settings])));
  }
  showSize('librdkafka', size, summaries);
}
lab.say(t.librdkafkaExplain());

lab.step(t.javaStep({ n: S.count, codecs: S.javaCodecs.join(', '), linger: S.lingerMs }));
const javaLargest = new Map<string, number>();
for (const size of S.sizes) {
  const summaries = new Map<string, BatchSummary>();
  for (const codec of S.javaCodecs) {
    const flags = ['--batch-size', String(size), '--compression-codec', codec, '--timeout', String(S.lingerMs)];
    summaries.set(codec, await measure('java', size, codec, (topic) => javaProduce(lab, topic, orders, { keyed: false, flags })));
    if (size === S.sizes[0]) javaLargest.set(codec, summaries.get(codec)!.largest);
  }
  showSize('java', size, summaries);
}
lab.say(t.javaExplain({ none: javaLargest.get('none') ?? 0, gzip: javaLargest.get('gzip') ?? 0 }));
lab.say('', t.closing());
