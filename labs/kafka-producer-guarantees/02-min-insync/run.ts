import { startLab, type Child } from '@kafka-labs/lab-kit';
import { clusterRun } from '@kafka-labs/kafka-producer-guarantees/cluster';

/** Two topics that differ only in min.insync.replicas; both producers use acks=all. */
const VARIANTS = [
  { name: 'minisr2', minInsync: 2 },
  { name: 'minisr1', minInsync: 1 },
] as const;
type Variant = (typeof VARIANTS)[number]['name'];
/** The producer gives up on a record after 3 s; debug=msg shows the broker's answer to each attempt. */
const PRODUCER_CONFIG = ['acks=all', 'message.timeout.ms=3000', 'debug=msg'];

await using lab = await startLab(import.meta.url, { parameters: { variants: VARIANTS, producerConfig: PRODUCER_CONFIG } });
const cluster = clusterRun(lab);
const { broker } = cluster;

lab.step('Pick the partition leader L: a node that is not the active KRaft controller');
const { leader, followers } = await cluster.chooseLeader();

lab.step(`Create ${VARIANTS.map((v) => `${v.name} (min.insync.replicas=${v.minInsync})`).join(' and ')}, replicas ${leader}:${followers.join(':')}`);
const topics = Object.fromEntries(VARIANTS.map((v) => [v.name, lab.name(v.name)])) as Record<Variant, string>;
for (const v of VARIANTS) await cluster.createTopics({ [topics[v.name]]: [leader, ...followers] }, [`min.insync.replicas=${v.minInsync}`]);
lab.show('leader and ISR', await cluster.snapshot('created'));

lab.step(`Send A to each with acks=all, bootstrapping from L (${broker.address(leader)}): ${PRODUCER_CONFIG.join(' ')}`);
const producers = Object.fromEntries(VARIANTS.map((v) => [v.name, cluster.spawnProducer(v.name, topics[v.name], leader, PRODUCER_CONFIG)])) as Record<
  Variant,
  Child
>;
lab.show('delivery results', await Promise.all(VARIANTS.map(async (v) => `${v.name} ${await cluster.send(producers[v.name], 'A')}`)));

lab.step(`Stop both followers cleanly (SIGTERM: a controlled shutdown), and wait until L is the only in-sync replica`);
for (const follower of followers) {
  await broker.stop(follower);
  lab.say(`   node ${follower} stopped`);
}
await cluster.waitForPartitions('an ISR of L alone', (p) => p.leader === leader && p.isr.length === 1);
lab.show('leader and ISR', await cluster.snapshot('stopped'));

lab.step('Send B to each with acks=all');
lab.show('delivery results', await Promise.all(VARIANTS.map(async (v) => `${v.name} ${await cluster.send(producers[v.name], 'B')}`)));
const refusals = producers.minisr2.lines.filter((line) => / encountered error: Broker: Not enough in-sync replicas/.test(line));
lab.show(`the broker refused B ${refusals.length} times on ${VARIANTS[0].name} (minisr2.log, debug=msg; the first 3)`, refusals.slice(0, 3).map((l) => l.replace(/^rdkafka %\d /, '')));
const watermarks = await cluster.highWatermarks(Object.values(topics), 'offsets-isr-of-one.txt');
lab.show('high watermarks with L alone in sync', VARIANTS.map((v) => `${v.name}: ${watermarks[topics[v.name]]}`));
lab.say(
  '   min.insync.replicas=2: L refuses the write before appending it (NOT_ENOUGH_REPLICAS, which librdkafka marks',
  '   MsgNotPersisted); the client retries until message.timeout.ms and reports _MSG_TIMED_OUT. min.insync.replicas=1:',
  '   L alone is enough: B is acknowledged and committed (the high watermark moves) with a single copy.',
);
await Promise.all(VARIANTS.map((v) => cluster.finish(producers[v.name])));

lab.step('Restart both followers and wait until every replica is back in sync');
await Promise.all(followers.map((follower) => broker.restart(follower)));
await cluster.waitForPartitions('three in-sync replicas', (p) => p.isr.length === 3);
lab.show('leader and ISR', await cluster.snapshot('recovered'));

lab.step('Dump every replica');
for (const v of VARIANTS) lab.show(`${v.name} (offset:payload)`, await cluster.dumpReplicas(v.name, topics[v.name]));
lab.say(
  '',
  'With two of three replicas down, min.insync.replicas decides what acks=all means: with 2 the write is refused and',
  'nothing is acknowledged that could be lost; with 1 the leader acknowledges B on its own copy, which the followers',
  'only got when they came back. acks=all alone is acks=1 once the ISR has shrunk to the leader.',
);
