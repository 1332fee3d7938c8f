import { startLab } from '@kafka-labs/lab-kit';
import { formatProducerLine, parseClientEvent, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { startProxy } from '@kafka-labs/proxy';
import { dumpPartition, produce } from '@kafka-labs/kafka-producer-guarantees/clients';
import { PROXY_EVENTS } from '@kafka-labs/kafka-producer-guarantees/read-back';
import {
  failedValue,
  orderingFiles,
  orderingTopic,
  RETRY_ORDERING as S,
} from '@kafka-labs/kafka-producer-guarantees/retry-ordering';

await using lab = await startLab(import.meta.url, { parameters: S });
const failed = failedValue(S.events, S.failedProduce);

lab.step(`Start the fault proxy: it answers Produce request ${S.failedProduce} (${failed}) with NOT_LEADER_OR_FOLLOWER, the broker never sees it`);
// The table of requests below shows every delay; the transcript keeps the proxy's other lines.
const proxy = await startProxy({
  eventsFile: lab.file(PROXY_EVENTS),
  print: (line) => line.startsWith('proxy: delayed ') || lab.say(`   ${line}`),
});
lab.defer(() => proxy.stop());
lab.say(
  `   proxy: ${proxy.addresses.join(', ')} -> 127.0.0.1:9533 (the broker's FAULT listener)`,
  `   Each variant: a librdkafka producer sends W, waits for it, then E-1 ... E-${S.events} in one tick, one record per`,
  '   request (linger.ms=0, batch.num.messages=1). The error is retriable: the client refreshes its metadata and retries.',
  `   The proxy holds every Produce request for ${S.delayMs} ms (a slow broker), so the client has sent all the requests it`,
  '   may before the error comes back.',
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

for (const v of S.variants) {
  lab.step(`${v.name}: enable.idempotence=${v.idempotent}, max.in.flight.requests.per.connection=${v.maxInFlight}`);
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
    { direct: false },
  );
  lab.show(`Produce requests through the proxy (ms from the error answer's arrival at the client; < 0: sent before it)`, requests(topic));
  lab.show('delivery reports, in the order they arrived', log.results.map((r) => formatProducerLine(r).trim()));
  lab.show('how the client handled the error (debug=msg,eos)', handling(log));
  lab.show('kafka-dump-log, one line per batch (offset order)', await dumpPartition(lab, topic, files.dump));
  lab.say(
    v.idempotent
      ? `   The broker refused the requests behind the gap (out of order sequence number); the client bumped its epoch and\n   re-sent from ${failed} on, with sequences from 0 again: in order.`
      : v.maxInFlight > 1
        ? `   The requests behind ${failed} were already on the wire when its error came back, and were stored; its retry came last.`
        : `   One request at a time, yet the request queued behind ${failed} went out as soon as the error came back, before\n   the retry: ${failed} is stored one place late. Nothing numbers the records, so the broker takes them as they come.`,
  );
}

lab.say(
  '',
  'Without idempotence a retriable error on one request stores its record after records sent behind it: every record',
  'is there once and every send succeeded, yet the log is out of order. With five requests in flight the retry comes',
  "last; with one, librdkafka still sends the next queued request before the retry. The idempotent producer numbers",
  'its batches and the broker accepts them only in sequence: the gap makes it refuse what follows, and the client',
  're-sends in order under a new epoch. Here only idempotence kept the order.',
);
