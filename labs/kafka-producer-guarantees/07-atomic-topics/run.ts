import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { formatProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { dumpPartition, produce, readTopic } from '@kafka-labs/kafka-producer-guarantees/clients';
import { ATOMIC_TOPICS as S, topicFiles } from '@kafka-labs/kafka-producer-guarantees/atomic-topics';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);

lab.step(t.createStep({ topics: S.topics.join(', '), ways: S.variants.length }));
const topics = Object.fromEntries(await Promise.all(S.topics.map(async (topic) => [topic, await lab.createTopic(topic)] as const)));
const all = S.topics.map((topic) => topics[topic]!).join(',');
const way = (v: (typeof S.variants)[number]) =>
  v.failBefore === null
    ? t.committedWay()
    : v.transactional
      ? t.abortedWay({ topic: v.failBefore })
      : v.idempotent
        ? t.idempotentWay({ topic: v.failBefore })
        : t.plainWay({ topic: v.failBefore });
const nameWidth = Math.max(...S.variants.map((v) => v.name.length));
lab.say(t.setup(), ...S.variants.map((v) => `   ${v.name.padEnd(nameWidth)} ${v.event}: ${way(v)}`));

for (const v of S.variants) {
  lab.step(t.variantStep(v));
  const args = [all, String(v.idempotent), 'fan-out', '--event', v.event];
  if (v.failBefore) args.push('--fail-before', topics[v.failBefore]!);
  if (v.transactional) args.push(`transactional.id=${lab.name(`fan-out-${v.name}`)}`);
  const log = await produce(lab, v.name, 'librdkafka', args);
  // A fan-out log's begin comes before the sends, every other step after them.
  const isBegin = (l: (typeof log.steps)[number]) => l.kind === 'transaction' && l.action === 'begin';
  lab.show(t.producerDid(), [...log.steps.filter(isBegin), ...log.results, ...log.steps.filter((l) => !isBegin(l))].map((l) => formatProducerLine(l).trim()));
}

lab.step(t.readBackStep());
const visible = new Map<string, string[]>();
for (const topic of S.topics) {
  const files = topicFiles(topic);
  const records = await readTopic(lab, topics[topic]!, files.committed, { expected: 0, isolation: 'read_committed' });
  visible.set(topic, records.map((r) => r.value));
  lab.show(t.dumpTable({ topic }), await dumpPartition(lab, topics[topic]!, files.dump));
}
const width = Math.max(...S.topics.map((topic) => topic.length));
const heads = S.variants.map((v) => `${v.event} (${v.name})`);
const columnWidth = Math.max(...heads.map((h) => h.length)) + 2;
lab.show(t.visibleTable(), [
  `${''.padEnd(width)}  ${heads.map((h) => h.padEnd(columnWidth)).join('')}`.trimEnd(),
  ...S.topics.map((topic) =>
    `${topic.padEnd(width)}  ${S.variants.map((v) => (visible.get(topic)!.includes(v.event) ? t.yes() : '-').padEnd(columnWidth)).join('')}`.trimEnd(),
  ),
]);
lab.say('', t.closing());
