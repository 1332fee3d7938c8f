import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { formatProducerLine, scanProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { dumpPartition, readTopic } from '@kafka-labs/kafka-producer-guarantees/clients';
import {
  CUSTOM_PARTITIONER as S,
  orderName,
  parseOrder,
  partitionDump,
  shortName,
  spreadText,
  standardPartition,
  storedOrders,
  VIP_LANE,
  VIP_PRODUCER,
  type StoredOrder,
} from '@kafka-labs/kafka-producer-guarantees/custom-partitioner';
import { readBatches } from '@kafka-labs/kafka-producer-guarantees/read-back';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
/** Longest the VIP producer may take: a client's start and 32 acknowledged sends, on a loaded machine. */
const PRODUCER_DONE_MS = 90_000;

lab.step(t.partitionerStep({ partitions: S.partitions }));
lab.say(t.streamAbout({ ...S, vip: S.vip.join(', ') }));

const topics: Record<string, string> = {};
const stored: Record<string, StoredOrder[]> = {};
for (const client of S.clients) {
  lab.step(client === 'kafkajs' ? t.kafkajsStep() : t.confluentStep());
  if (client === 'confluent') lab.say(t.confluentAbout());
  const topic = await lab.createTopic(`vip-${client}`, { partitions: S.partitions });
  topics[client] = topic;
  const child = lab.spawnTs(client, VIP_PRODUCER, [topic, client, BOOTSTRAP.host]);
  await child.waitForLine(/^producer: done$/, { timeoutMs: PRODUCER_DONE_MS });
  const code = await child.exited;
  if (code !== 0) throw new Error(`${client} exited with code ${code}; see ${client}.log`);
  const log = scanProducerLog(child.lines.join('\n'));
  lab.say(`   ${formatProducerLine(log.start!)}`, ...log.clientErrors.map((e) => `   ${formatProducerLine(e)}`));
  const own: StoredOrder[] = [];
  const rows: string[] = [];
  for (let p = 0; p < S.partitions; p++) {
    await dumpPartition(lab, topic, partitionDump(client, p), { partition: p });
    const records = storedOrders(p, await readBatches(lab.runDir, partitionDump(client, p)));
    own.push(...records);
    rows.push(`p${p}${p === 0 ? ' (VIP)' : '      '} ${records.map(shortName).join(' ')}`);
  }
  stored[client] = own;
  lab.show(t.partitionsTable({ client }), rows);
  const vip = own.filter((s) => s.order?.vip).length;
  lab.say(t.placedExplain({ vip, standard: own.length - vip, spread: spreadText(own, S.partitions) }));
}

const from = standardPartition(S.upgraded, S.partitions);
const ofUpgraded = stored.kafkajs!.filter((s) => s.order?.customer === S.upgraded).sort((a, b) => a.order!.order - b.order!.order);
const names = (list: readonly StoredOrder[]) => list.map((s) => orderName(s.order!)).join(', ');
const earlier = ofUpgraded.filter((s) => s.order!.order <= S.upgradeAfter);
const later = ofUpgraded.filter((s) => s.order!.order > S.upgradeAfter);
lab.step(t.upgradeStep({ upgraded: S.upgraded, after: S.upgradeAfter }));
lab.show(
  'kafka-dump-log',
  ofUpgraded.map((s) => `${orderName(s.order!).padEnd(9)} vip=${String(s.order!.vip).padEnd(5)} p${s.partition} offset ${s.offset}`),
);
lab.say(t.upgradeExplain({ upgraded: S.upgraded, before: names(earlier), after: names(later), from }));

lab.step(t.laneStep());
const onZero = stored.kafkajs!.filter((s) => s.partition === 0).length;
const lane = await readTopic(lab, topics.kafkajs!, VIP_LANE, { expected: onZero, partitions: 1 });
lab.show(
  t.laneTable({ key: S.upgraded }),
  lane.filter((r) => r.key === S.upgraded).map((r) => `p${r.partition} offset ${r.offset}  ${orderName(parseOrder(r.value) ?? { customer: '?', order: 0 })}`),
);
lab.say(t.laneExplain({ later: names(later), earlier: names(earlier), from }), '', t.closing());
