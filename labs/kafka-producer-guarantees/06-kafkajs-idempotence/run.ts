import { textsIn } from '@kafka-labs/i18n';
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
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const sent = sentOrder(S.events);

lab.step(t.proxyStep({ n: S.droppedProduce }));
const proxy = await startProxy({ listen: '127.0.0.1:0', eventsFile: lab.file(PROXY_EVENTS), print: (line) => lab.say(`   ${line}`) });
lab.defer(() => proxy.stop());
lab.say(
  `   proxy: ${proxy.addresses.join(', ')} -> 127.0.0.1:9533 (the broker's FAULT listener)`,
  t.setup({ first: sent[1]!, last: sent.at(-1)!, n: S.droppedProduce, value: sent[S.droppedProduce - 1]!, timeoutMs: S.requestTimeoutMs }),
);

for (const v of S.variants) {
  lab.step(t.variantStep({ name: v.name, settings: v.settings.join(' ') }));
  const topic = await lab.createTopic(lostResponseTopic(v.name));
  proxy.reset();
  proxy.setFaults({ dropProduce: [S.droppedProduce] });
  const files = lostResponseFiles(v.name);
  const log = await produce(lab, v.name, v.client, [topic, 'true', 'burst', '--warm-up', '--count', String(S.events), ...v.settings], { bootstrap: proxy.bootstrap });
  lab.show(t.requestsTable(), produceRequests(proxy.events(), topic).map(formatRequest));
  lab.show(t.resultsTable(), log.results.map((r) => formatProducerLine(r).trim()));
  lab.show(t.warningsTable(), log.client.filter((c) => c.severity <= 5).map((c) => `${c.facility} ${c.text}`));
  const dump = await dumpPartition(lab, topic, files.dump);
  lab.show(t.dumpTable(), dump);
  const fate = fates(sent, log.results, await readBatches(lab.runDir, files.dump));
  lab.show(t.fatesTable(), fate.map(formatFate));
  const lost = fate.filter((f) => f.told !== null && f.storedAt.length === 0);
  const twice = fate.filter((f) => f.storedAt.length > 1);
  if (v.client === 'kafkajs') {
    lab.say(
      t.kafkajsExplain(),
      ...(lost.length ? lost.map((f) => t.kafkajsLost({ value: f.value, told: f.told!, atTold: f.atTold ?? '-' })) : [t.kafkajsNoneLost()]),
      ...(twice.length ? twice.map((f) => t.kafkajsTwice({ value: f.value, offsets: f.storedAt.join(', ') })) : [t.kafkajsNoneTwice()]),
    );
  } else {
    lab.say(
      t.librdkafkaExplain({ value: sent[S.droppedProduce - 1]! }),
      lost.length + twice.length === 0 ? t.librdkafkaClean() : t.librdkafkaYet({ fates: [...lost, ...twice].map(formatFate).join('; ') }),
    );
  }
}

lab.say('', t.closing());
