import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { formatProducerLine, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { dumpPartition, produce } from '@kafka-labs/kafka-producer-guarantees/clients';
import { BATCHING as S, BATCHING_FILES as F, batchesOf, CODEC_SETTINGS, codecLog, summarise } from '@kafka-labs/kafka-producer-guarantees/batching';
import { readBatches } from '@kafka-labs/kafka-producer-guarantees/read-back';
import { formatSummary, MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const summary = formatSummary(lab.lang);

/** The median of a producer's delivery latencies (stream mode), in ms. */
const p50 = (latencies: number[]) => [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)] ?? NaN;

lab.step(t.lingerStep({ n: S.streamCount, ms: S.streamIntervalMs }));
const batching = await lab.createTopic('batching');
const lingerLogs: ProducerLog[] = [];
for (const v of S.linger) {
  const log = await produce(lab, v.name, 'librdkafka', [batching, 'false', 'stream', '--count', String(S.streamCount), '--interval-ms', String(S.streamIntervalMs), ...v.settings]);
  lingerLogs.push(log);
  const latencies = log.results.flatMap((r) => (r.latencyMs === undefined ? [] : [r.latencyMs]));
  lab.say(t.lingerRun({ name: v.name, settings: v.settings.join(' '), n: log.results.length, p50: p50(latencies).toFixed(1) }));
}
await dumpPartition(lab, batching, F.lingerDump, { records: false });
const lingerBatches = await readBatches(lab.runDir, F.lingerDump);
lab.show(t.lingerDump(), S.linger.map((v, i) => summary(v.name, summarise(batchesOf(lingerLogs[i]!, lingerBatches)))));
lab.say(t.lingerExplain({ max: S.maxPerBatch }), t.lingerDefault());

lab.step(t.codecStep({ n: S.burstCount, settings: CODEC_SETTINGS.join(' ') }));
const codecs = await lab.createTopic('codecs');
const codecLogs: ProducerLog[] = [];
for (const codec of S.codecs) {
  codecLogs.push(await produce(lab, codecLog('librdkafka', codec), 'librdkafka', [codecs, 'false', 'stream', '--count', String(S.burstCount), '--interval-ms', '0', `compression.codec=${codec}`, ...CODEC_SETTINGS]));
}
lab.say(t.kafkajsSends());
const kafkajsLogs: ProducerLog[] = [];
for (const codec of S.kafkajsCodecs) {
  const log = await produce(lab, codecLog('kafkajs', codec), 'kafkajs', [codecs, 'false', 'once', `compression=${codec}`]);
  kafkajsLogs.push(log);
  lab.say(...log.results.map((r) => `   ${codec.padEnd(6)} ${formatProducerLine(r).trim()}`));
}
await dumpPartition(lab, codecs, F.codecDump, { records: false });
const codecBatches = await readBatches(lab.runDir, F.codecDump);
lab.show(t.codecDump(), [
  ...S.codecs.map((c, i) => summary(`librdkafka ${c}`, summarise(batchesOf(codecLogs[i]!, codecBatches)))),
  ...S.kafkajsCodecs.map((c, i) => summary(`kafkajs ${c}`, summarise(batchesOf(kafkajsLogs[i]!, codecBatches)))),
]);
lab.say('', t.closing());
