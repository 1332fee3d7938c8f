import { startLab } from '@kafka-labs/lab-kit';
import { formatProducerLine, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { dumpPartition, produce } from '@kafka-labs/kafka-producer-guarantees/clients';
import { BATCHING as S, BATCHING_FILES as F, batchesOf, CODEC_SETTINGS, codecLog, formatSummary, summarise } from '@kafka-labs/kafka-producer-guarantees/batching';
import { readBatches } from '@kafka-labs/kafka-producer-guarantees/read-back';

await using lab = await startLab(import.meta.url, { parameters: S });

/** The median of a producer's delivery latencies (stream mode), in ms. */
const p50 = (latencies: number[]) => [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)] ?? NaN;

lab.step(`Linger: ${S.streamCount} orders, one every ${S.streamIntervalMs} ms, into topic batching, once per setting`);
const batching = await lab.createTopic('batching');
const lingerLogs: ProducerLog[] = [];
for (const v of S.linger) {
  const log = await produce(lab, v.name, 'librdkafka', [batching, 'false', 'stream', '--count', String(S.streamCount), '--interval-ms', String(S.streamIntervalMs), ...v.settings]);
  lingerLogs.push(log);
  const latencies = log.results.flatMap((r) => (r.latencyMs === undefined ? [] : [r.latencyMs]));
  lab.say(`   ${v.name} (${v.settings.join(' ')}): ${log.results.length} delivery reports, latency p50 ${p50(latencies).toFixed(1)} ms`);
}
await dumpPartition(lab, batching, F.lingerDump, { records: false });
const lingerBatches = await readBatches(lab.runDir, F.lingerDump);
lab.show(
  'kafka-dump-log of batching, per setting (the count on each batch line, added up)',
  S.linger.map((v, i) => formatSummary(v.name, summarise(batchesOf(lingerLogs[i]!, lingerBatches)))),
);
lab.say(
  '   linger.ms is how long the client waits for more records before it sends a batch: the longer, the fewer and larger',
  '   the batches. batch.num.messages sends a batch as soon as it holds that many records, whatever linger.ms says: no',
  `   batch above ${S.maxPerBatch}. The latencies depend on the machine's load as much as on linger.ms; the lab does not judge them.`,
);

lab.step(`Codecs: ${S.burstCount} orders in one tick into topic codecs, once per compression.codec (${CODEC_SETTINGS.join(' ')})`);
const codecs = await lab.createTopic('codecs');
const codecLogs: ProducerLog[] = [];
for (const codec of S.codecs) {
  codecLogs.push(await produce(lab, codecLog('librdkafka', codec), 'librdkafka', [codecs, 'false', 'stream', '--count', String(S.burstCount), '--interval-ms', '0', `compression.codec=${codec}`, ...CODEC_SETTINGS]));
}
lab.say('   kafkajs sends one record with each codec but none (compression=<codec> on its send()):');
const kafkajsLogs: ProducerLog[] = [];
for (const codec of S.kafkajsCodecs) {
  const log = await produce(lab, codecLog('kafkajs', codec), 'kafkajs', [codecs, 'false', 'once', `compression=${codec}`]);
  kafkajsLogs.push(log);
  lab.say(...log.results.map((r) => `   ${codec.padEnd(6)} ${formatProducerLine(r).trim()}`));
}
await dumpPartition(lab, codecs, F.codecDump, { records: false });
const codecBatches = await readBatches(lab.runDir, F.codecDump);
lab.show('kafka-dump-log of codecs, per producer (compresscodec and size from the batch lines)', [
  ...S.codecs.map((c, i) => formatSummary(`librdkafka ${c}`, summarise(batchesOf(codecLogs[i]!, codecBatches)))),
  ...S.kafkajsCodecs.map((c, i) => formatSummary(`kafkajs ${c}`, summarise(batchesOf(kafkajsLogs[i]!, codecBatches)))),
]);
lab.say(
  '',
  'The same orders take fewer, larger batches the longer the producer lingers, and batch.num.messages caps a batch',
  'however long it lingers. Every codec librdkafka has here (gzip, snappy, lz4, zstd) makes the batches smaller than',
  'none, and the broker stores them as sent: the dump names each batch\'s compresscodec. kafkajs compresses with gzip',
  'only; snappy, lz4 and zstd need a codec package registered, and without one its send() throws KafkaJSNotImplemented.',
);
