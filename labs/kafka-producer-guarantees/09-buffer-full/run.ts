import { textsIn } from '@kafka-labs/i18n';
import { startLab, watchLog } from '@kafka-labs/lab-kit';
import { formatProducerLine, parseProducerLine, scanProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { startProxy } from '@kafka-labs/proxy';
import { BUFFER_FULL as S, bufferFiles, bufferTopic, orderIds, outcomes, overtaken, produceRequests, QUEUE_FULL, SWALLOWED_UP_TO } from '@kafka-labs/kafka-producer-guarantees/buffer-full';
import { CLIENTS, dumpPartition } from '@kafka-labs/kafka-producer-guarantees/clients';
import { payloadsOf, PROXY_EVENTS, readBatches } from '@kafka-labs/kafka-producer-guarantees/read-back';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);

lab.step(t.proxyStep());
const proxy = await startProxy({ listen: '127.0.0.1:0', eventsFile: lab.file(PROXY_EVENTS), print: (line) => line.startsWith('proxy: swallowed ') || lab.say(`   ${line}`) });
lab.defer(() => proxy.stop());
lab.say(`   proxy: ${proxy.addresses.join(', ')} -> 127.0.0.1:9533 (the broker's FAULT listener)`);
const swallowAll = Array.from({ length: SWALLOWED_UP_TO }, (_, i) => i + 1);

/** How long a producer may take from its start to its end: the broker's absence, a timed-out request and its retry. */
const PRODUCER_MS = 90_000;

for (const v of S.variants) {
  lab.step(t.variantStep({ name: v.name, client: v.client, settings: v.settings.join(' ') || t.noSettings(), n: S.count }));
  const topic = await lab.createTopic(bufferTopic(v.name));
  proxy.reset();
  proxy.setFaults({ swallowProduce: swallowAll });
  const timeout = v.client === 'kafkajs' ? `requestTimeout=${S.requestTimeoutMs}` : `request.timeout.ms=${S.requestTimeoutMs}`;
  const { cli, flags, bootstrap } = CLIENTS[v.client];
  const child = lab.spawnTs(v.name, cli, [topic, 'false', 'stream', '--count', String(S.count), '--interval-ms', '0', timeout, ...v.settings, bootstrap(proxy.bootstrap), ...flags]);
  const log = watchLog(child, parseProducerLine);
  if (v.client === 'librdkafka') {
    // The stream produces all its records in one synchronous loop: a refusal in the log means the loop is over.
    await log.waitFor(t.refusalWhat(), 'result', (r) => r.error?.name === QUEUE_FULL, PRODUCER_MS);
  }
  // Whatever was accepted went out and was swallowed (kafkajs: every record, one request each).
  const expected = v.client === 'kafkajs' ? S.count : 1;
  await log.untilLogged(t.swallowedWhat({ n: expected }), () => produceRequests(proxy.events(), topic).swallowedRecords >= expected, PRODUCER_MS);
  const away = produceRequests(proxy.events(), topic);
  lab.say(t.away({ requests: away.swallowed.length, records: away.swallowedRecords }));
  proxy.setFaults({});
  lab.say(t.returned());
  await child.waitForLine(/^producer: done$/, { timeoutMs: PRODUCER_MS });
  const code = await child.exited;
  if (code !== 0) throw new Error(`${v.name} exited with code ${code}; see ${v.name}.log`);
  const { refused, accepted, failed } = outcomes(scanProducerLog(child.lines.join('\n')));
  const back = produceRequests(proxy.events(), topic);
  lab.show(t.resultsTable(), [
    ...refused.slice(0, 2).map((r) => formatProducerLine(r).trim()),
    ...(refused.length > 2 ? [t.more({ n: refused.length - 2 })] : []),
    ...accepted.slice(0, 3).map((r) => formatProducerLine(r).trim()),
    ...(accepted.length > 3 ? [t.more({ n: accepted.length - 3 })] : []),
    ...failed.map((r) => formatProducerLine(r).trim()),
  ]);
  lab.say(t.counts({ refused: refused.length, accepted: accepted.length, failed: failed.length, forwarded: back.forwarded.length, records: back.forwardedRecords }));
  await dumpPartition(lab, topic, bufferFiles(v.name).dump);
  const batches = await readBatches(lab.runDir, bufferFiles(v.name).dump);
  const ids = orderIds(payloadsOf(batches));
  lab.show(t.dumpTable(), [t.storedOrders({ n: ids.length, batches: batches.length, ids: ids.join(' ') || '-' })]);
  if (v.client === 'kafkajs') lab.say(t.orderFinding({ late: overtaken(ids) }));
  lab.say(v.client === 'kafkajs' ? t.kafkajsExplain({ n: S.count }) : v.maxMessages ? t.messagesExplain({ max: v.maxMessages }) : t.kbytesExplain({ bytes: v.maxBytes }));
}
lab.say('', t.javaNote(), '', t.closing());
