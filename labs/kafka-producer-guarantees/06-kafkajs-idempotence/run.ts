import { startLab } from '@kafka-labs/lab-kit';
import { formatProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { startProxy } from '@kafka-labs/proxy';
import { dumpPartition, produce } from '@kafka-labs/kafka-producer-guarantees/clients';
import {
  fates,
  formatFate,
  formatRequest,
  LOST_RESPONSE as S,
  lostResponseFiles,
  lostResponseTopic,
  produceRequests,
} from '@kafka-labs/kafka-producer-guarantees/lost-response';
import { PROXY_EVENTS, readBatches } from '@kafka-labs/kafka-producer-guarantees/read-back';
import { sentOrder } from '@kafka-labs/kafka-producer-guarantees/retry-ordering';

await using lab = await startLab(import.meta.url, { parameters: S });
const sent = sentOrder(S.events);

lab.step(`Start the fault proxy: it drops the response to Produce request ${S.droppedProduce}; the broker still stores that request`);
const proxy = await startProxy({ eventsFile: lab.file(PROXY_EVENTS), print: (line) => lab.say(`   ${line}`) });
lab.defer(() => proxy.stop());
lab.say(
  `   proxy: ${proxy.addresses.join(', ')} -> 127.0.0.1:9533 (the broker's FAULT listener)`,
  `   Each variant: an idempotent producer sends W, waits for it, then ${sent[1]} ... ${sent.at(-1)} in one tick, one send per record,`,
  `   one record per Produce request. Request ${S.droppedProduce} carries ${sent[S.droppedProduce - 1]}: it is stored, its answer never comes, the client`,
  `   times it out after ${S.requestTimeoutMs} ms and tries again.`,
);

for (const v of S.variants) {
  lab.step(`${v.name}: idempotent producer, ${v.settings.join(' ')}`);
  const topic = await lab.createTopic(lostResponseTopic(v.name));
  proxy.reset();
  proxy.setFaults({ dropProduce: [S.droppedProduce] });
  const files = lostResponseFiles(v.name);
  const log = await produce(lab, v.name, v.client, [topic, 'true', 'burst', '--warm-up', '--count', String(S.events), ...v.settings], { direct: false });
  lab.show('Produce requests through the proxy, in arrival order', produceRequests(proxy.events(), topic).map(formatRequest));
  lab.show('what each send was told, in the order the answers arrived', log.results.map((r) => formatProducerLine(r).trim()));
  lab.show('client warnings', log.client.filter((c) => c.severity <= 5).map((c) => `${c.facility} ${c.text}`));
  const dump = await dumpPartition(lab, topic, files.dump);
  lab.show('kafka-dump-log, one line per batch (offset order)', dump);
  const fate = fates(sent, log.results, await readBatches(lab.runDir, files.dump));
  lab.show('each record: what its send was told, and where the partition holds it', fate.map(formatFate));
  const lost = fate.filter((f) => f.told !== null && f.storedAt.length === 0);
  const twice = fate.filter((f) => f.storedAt.length > 1);
  if (v.client === 'kafkajs') {
    lab.say(
      '   kafkajs sends one request at a time per broker when idempotent (a lock) and numbers a batch when its send takes',
      '   the lock. When a request times out it winds the partition\'s sequence back and lets the lock go: the next waiting',
      '   send takes the sequence of the record the broker had already stored, and the broker answers a duplicate sequence',
      `   with the original's offset: ${lost.map((f) => `${f.value} is told offset=${f.told}, where ${f.atTold} lies, and is never written`).join('; ') || 'no record is told another\'s offset'}.`,
      `   ${twice.map((f) => `${f.value}'s retry comes later under a new sequence and is stored again (offsets ${f.storedAt.join(', ')})`).join('; ') || 'No record is stored twice'}.`,
    );
  } else {
    lab.say(
      '   librdkafka numbers each batch once, when it is first sent, and re-sends a timed-out batch with the same',
      '   producer id, epoch and sequence. The broker keeps the last five batches of each producer: it recognises the',
      `   re-sent ${sent[S.droppedProduce - 1]} as a duplicate and answers with its first offset instead of appending it again.`,
      `   ${lost.length + twice.length === 0 ? 'Every record is stored once, at the offset its send was told.' : `Yet here: ${[...lost, ...twice].map(formatFate).join('; ')}.`}`,
    );
  }
}

lab.say(
  '',
  'Both producers were idempotent and both lost one answer. kafkajs 2.2.4 told every send it succeeded, yet one record',
  'is missing and another is stored twice: its sequence numbers follow the sends, not the batches, and a timed-out',
  "batch gives its number away. librdkafka's numbers belong to the batch, so its retry is a true duplicate the broker",
  'discards: there the broker\'s duplicate check did the work, and every record is stored once.',
);
