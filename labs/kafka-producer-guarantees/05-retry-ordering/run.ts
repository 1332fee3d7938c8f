import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { formatProducerLine, parseClientEvent, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { startProxy } from '@kafka-labs/proxy';
import { dumpPartition, produce } from '@kafka-labs/kafka-producer-guarantees/clients';
import { payloadsOf, PROXY_EVENTS, readBatches } from '@kafka-labs/kafka-producer-guarantees/read-back';
import {
  allInFlight,
  clientOf,
  failedValue,
  orderingFiles,
  orderingTopic,
  overtakenIn,
  RETRY_ORDERING as S,
} from '@kafka-labs/kafka-producer-guarantees/retry-ordering';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const failed = failedValue(S.events, S.failedProduce);

lab.step(t.proxyStep({ n: S.failedProduce, failed }));
// The table of requests below shows every delay; the transcript keeps the proxy's other lines.
const proxy = await startProxy({
  listen: '127.0.0.1:0',
  eventsFile: lab.file(PROXY_EVENTS),
  print: (line) => line.startsWith('proxy: delayed ') || lab.say(`   ${line}`),
});
lab.defer(() => proxy.stop());
lab.say(
  `   proxy: ${proxy.addresses.join(', ')} -> 127.0.0.1:9533 (the broker's FAULT listener)`,
  t.setup({ events: S.events, delayMs: S.delayMs }),
);

/** The client lines that show how the producer handled the error (debug=msg,eos). */
const handling = (log: ProducerLog) =>
  log.client.flatMap((line) => {
    const kind = parseClientEvent(line)?.kind;
    return kind === 'batch-error' || kind === 'sequence-gap' || kind === 'epoch-bumped' ? [`${line.facility} ${line.text}`] : [];
  });

/** The Produce requests of a topic as the proxy saw them arrive, in ms from the moment it wrote the error answer. */
const requests = (topic: string) => {
  const events = proxy.events().filter((e) => e.apiName === 'Produce' && e.produce?.partitions.some((p) => p.topic === topic));
  const errorAt = Date.parse(events.find((e) => e.action === 'injected')?.time ?? '');
  const ordinals = [...new Set(events.map((e) => e.ordinal))];
  return ordinals.map((ordinal) => {
    const own = events.filter((e) => e.ordinal === ordinal && e.direction === 'request');
    const p = own[0]!.produce!.partitions[0]!;
    const answered = own.find((e) => e.action === 'answered');
    const identity = p.producerId === -1 ? 'no producer id' : `epoch ${p.producerEpoch} baseSequence ${p.baseSequence}`;
    const outcome = answered ? `answered ${answered.errorName}` : 'forwarded';
    return `Produce #${String(ordinal).padEnd(2)} arrived ${String(Date.parse(own[0]!.time) - errorAt).padStart(5)} ms  ${outcome.padEnd(32)} ${identity}`;
  });
};

let client = 'librdkafka';
let overtaken = 0;
for (const v of S.variants) {
  lab.step(t.variantStep(v));
  const topic = await lab.createTopic(orderingTopic(v.name));
  proxy.reset();
  proxy.setFaults({ failProduce: [S.failedProduce], delayMinBytes: S.delayMinBytes, delayMs: S.delayMs });
  const files = orderingFiles(v.name);
  const log = await produce(
    lab,
    v.name,
    'librdkafka',
    [topic, String(v.idempotent), 'burst', '--warm-up', '--count', String(S.events),
      `max.in.flight.requests.per.connection=${v.maxInFlight}`, 'linger.ms=0', 'batch.num.messages=1', 'debug=msg,eos'],
    { bootstrap: proxy.bootstrap },
  );
  lab.show(t.requestsTable(), requests(topic));
  lab.show(t.reportsTable(), log.results.map((r) => formatProducerLine(r).trim()));
  lab.show(t.handlingTable(), handling(log));
  lab.show(t.dumpTable(), await dumpPartition(lab, topic, files.dump));
  client = clientOf(log);
  if (v.idempotent) lab.say(t.idempotentExplain({ failed }));
  else if (allInFlight(v, S)) lab.say(t.plainExplain({ failed }));
  else {
    overtaken = overtakenIn(payloadsOf(await readBatches(lab.runDir, files.dump)), S);
    lab.say(overtaken > 0 ? t.oneInFlightReordered({ failed, client }) : t.oneInFlightInOrder({ failed, client }));
  }
}

lab.say(
  '',
  t.closingPlain(),
  overtaken > 0 ? t.findingReordered({ client, overtaken }) : t.findingInOrder({ client }),
  t.closingIdempotent(),
);
