import { textsIn } from '@kafka-labs/i18n';
import { startLab, type Child } from '@kafka-labs/lab-kit';
import { clusterRun } from '@kafka-labs/kafka-producer-guarantees/cluster';
import { CLUSTER_MESSAGES } from '@kafka-labs/kafka-producer-guarantees/cluster-messages';
import { MESSAGES } from './messages.ts';

/**
 * Three topics led by L: acks=all with min.insync.replicas 2 and 1, and acks=1 with min.insync.replicas=2 (so B, on a
 * leader alone, is acknowledged but not committed).
 */
const VARIANTS = [
  { name: 'minisr2', acks: 'all', minInsync: 2 },
  { name: 'minisr1', acks: 'all', minInsync: 1 },
  { name: 'acks1', acks: '1', minInsync: 2 },
] as const;
type Variant = (typeof VARIANTS)[number]['name'];
/** The producer gives up on a record after 3 s; debug=msg shows the broker's answer to each attempt. */
const PRODUCER_CONFIG = ['message.timeout.ms=3000', 'debug=msg'];
/** kafka-topics --describe with the ELR columns, once L is dead and the followers are back. */
const DESCRIBE_FILE = 'topics-leader-dead.txt';

await using lab = await startLab(import.meta.url, { parameters: { variants: VARIANTS, producerConfig: PRODUCER_CONFIG } });
const t = textsIn(MESSAGES, lab.lang);
const c = textsIn(CLUSTER_MESSAGES, lab.lang);
const cluster = clusterRun(lab);
const { broker } = cluster;
const setting = (v: (typeof VARIANTS)[number]) => `acks=${v.acks} min.insync.replicas=${v.minInsync}`;

const { leader, followers } = await cluster.chooseLeader();

lab.step(t.create({ topics: VARIANTS.map((v) => `${v.name} (${setting(v)})`).join(', '), replicas: `${leader}:${followers.join(':')}` }));
const topics = Object.fromEntries(VARIANTS.map((v) => [v.name, lab.name(v.name)])) as Record<Variant, string>;
for (const v of VARIANTS) await cluster.createTopics({ [topics[v.name]]: [leader, ...followers] }, [`min.insync.replicas=${v.minInsync}`]);
lab.show(c.leaderAndIsr(), await cluster.snapshot('created'));

lab.step(t.sendA({ address: broker.address(leader), config: PRODUCER_CONFIG.join(' ') }));
const producers = Object.fromEntries(
  VARIANTS.map((v) => [v.name, cluster.spawnProducer(v.name, topics[v.name], leader, [`acks=${v.acks}`, ...PRODUCER_CONFIG])]),
) as Record<Variant, Child>;
const sendAll = (event: string) => Promise.all(VARIANTS.map(async (v) => `${v.name.padEnd(7)} ${await cluster.send(producers[v.name], event)}`));
lab.show(c.deliveryResults(), await sendAll('A'));

lab.step(t.stopFollowers());
for (const follower of followers) {
  await broker.stop(follower);
  lab.say(t.stopped({ node: follower }));
}
await cluster.waitForPartitions('an ISR of L alone', (p) => p.leader === leader && p.isr.length === 1);
lab.show(c.leaderAndIsr(), await cluster.snapshot('stopped'));

lab.step(t.sendB());
lab.show(c.deliveryResults(), await sendAll('B'));
const refusals = producers.minisr2.lines.filter((line) => / encountered error: Broker: Not enough in-sync replicas/.test(line));
lab.show(t.refusals({ n: refusals.length, variant: VARIANTS[0].name }), refusals.slice(0, 3).map((l) => l.replace(/^rdkafka %\d /, '')));
const watermarks = await cluster.highWatermarks(Object.values(topics), 'offsets-isr-of-one.txt');
lab.show(t.watermarks(), VARIANTS.map((v) => `${v.name}: ${watermarks[topics[v.name]]}`));
lab.say(t.explainB());
await Promise.all(VARIANTS.map((v) => cluster.finish(producers[v.name])));

lab.step(t.killLeader());
await broker.kill(leader);
await Promise.all(followers.map((follower) => broker.restart(follower)));
await cluster.waitForPartitions('L fenced: a new leader or none', (p) => p.leader !== leader);
lab.show(c.leaderAndIsr(), await cluster.snapshot('leader-dead'));
const described = await lab.kafka({ saveAs: DESCRIBE_FILE })`kafka-topics --bootstrap-server ${cluster.everyNode} --describe --topic ${`(${Object.values(topics).join('|')})`}`;
lab.show(t.describe(), described.stdout.split('\n').filter((line) => /\tPartition: 0\t/.test(line)).map((line) => line.trim().replace(/\t+/g, '  ')));
lab.say(t.explainElection());

lab.step(t.restartLeader());
await broker.restart(leader);
await cluster.waitForPartitions('three in-sync replicas', (p) => p.isr.length === 3);
lab.show(c.leaderAndIsr(), await cluster.snapshot('recovered'));
lab.show(c.truncation(), cluster.truncations(leader));

lab.step(t.dump());
for (const v of VARIANTS) lab.show(`${v.name} (offset:payload)`, await cluster.dumpReplicas(v.name, topics[v.name]));
lab.say('', t.closing());
