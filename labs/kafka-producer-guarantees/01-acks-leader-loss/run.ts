import { textsIn } from '@kafka-labs/i18n';
import { startLab, type Child } from '@kafka-labs/lab-kit';
import { parseClientEvent, parseProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { clusterRun } from '@kafka-labs/kafka-producer-guarantees/cluster';
import { NODES, QUORUM_FILE } from '@kafka-labs/kafka-producer-guarantees/replicas';
import { CLUSTER_MESSAGES } from '@kafka-labs/kafka-producer-guarantees/cluster-messages';
import { MESSAGES } from './messages.ts';

/** The three ways to send X, each to a topic of its own led by the same node; the only difference is acks. */
const VARIANTS = [
  { name: 'acks1', acks: '1' },
  { name: 'acks0', acks: '0' },
  { name: 'acksall', acks: 'all' },
] as const;
type Variant = (typeof VARIANTS)[number]['name'];
/** A producer gives up on a record after 3 s; the broker answers an acks=all request it cannot complete after 1 s. */
const PRODUCER_CONFIG = ['message.timeout.ms=3000', 'request.timeout.ms=1000', 'debug=msg'];
const TOPIC_CONFIG = 'min.insync.replicas=2';

await using lab = await startLab(import.meta.url, {
  parameters: { variants: VARIANTS, producerConfig: PRODUCER_CONFIG, topicConfig: TOPIC_CONFIG },
});
const t = textsIn(MESSAGES, lab.lang);
const c = textsIn(CLUSTER_MESSAGES, lab.lang);
const cluster = clusterRun(lab);
const { broker } = cluster;

const { leader, followers } = await cluster.chooseLeader();

lab.step(t.quorum());
const quorum = await lab.kafka({ saveAs: QUORUM_FILE })`kafka-metadata-quorum --bootstrap-server ${cluster.everyNode} describe --status`;
lab.show('kafka-metadata-quorum describe --status', quorum.stdout.split('\n').filter((line) => /^(LeaderId|CurrentVoters):/.test(line)));
lab.say(t.quorumSaid({ followers: followers.join(', ') }));

lab.step(t.create({ replicas: `${leader}:${followers.join(':')}`, config: TOPIC_CONFIG }));
const topics = Object.fromEntries(VARIANTS.map((v) => [v.name, lab.name(v.name)])) as Record<Variant, string>;
const trap = lab.name('trap');
await cluster.createTopics(
  {
    ...Object.fromEntries(VARIANTS.map((v) => [topics[v.name], [leader, ...followers]])),
    // The trap's leader is a follower of the others, so it keeps its leadership through their failover.
    [trap]: [followers[0]!, followers[1]!, leader],
  },
  [TOPIC_CONFIG],
);
lab.show(c.leaderAndIsr(), await cluster.snapshot('created'));

lab.step(t.startProducers({ address: broker.address(leader), config: PRODUCER_CONFIG.join(' ') }));
const producers = Object.fromEntries(
  VARIANTS.map((v) => [v.name, cluster.spawnProducer(v.name, topics[v.name], leader, [`acks=${v.acks}`, ...PRODUCER_CONFIG])]),
) as Record<Variant, Child>;
const results = await Promise.all(VARIANTS.map((v) => cluster.send(producers[v.name], 'A')));
const variantTopics = VARIANTS.map((v) => topics[v.name]);
await cluster.waitFor('A on every replica', async () =>
  Object.values(await cluster.highWatermarks(variantTopics)).filter((hw) => hw === 1).length === VARIANTS.length,
);
await cluster.highWatermarks(variantTopics, 'offsets-before-freeze.txt');
lab.show(t.aEverywhere(), VARIANTS.map((v, i) => `${v.name.padEnd(8)} ${results[i]}`));

lab.step(t.freeze());
for (const follower of followers) {
  const attempts = await broker.freezeFollower(follower, leader);
  lab.say(t.frozen({ node: follower, attempts }));
}

lab.step(t.sendX());
const xResults = await Promise.all(VARIANTS.map((v) => cluster.send(producers[v.name], 'X')));
lab.show(c.deliveryResults(), VARIANTS.map((v, i) => `${`acks=${v.acks}`.padEnd(9)} ${xResults[i]}`));
lab.show(t.frozenIsr(), await cluster.snapshot('frozen'));
lab.say(t.explainX());

lab.step(t.kill());
await broker.kill(leader);
for (const follower of followers) await broker.thaw(follower);
await cluster.waitForPartitions('a new leader', (p) => p.leader !== leader && p.leader !== -1);
lab.show(c.leaderAndIsr(), await cluster.snapshot('failover'));
await Promise.all(VARIANTS.map((v) => cluster.finish(producers[v.name])));

lab.step(t.restart());
await broker.restart(leader);
await cluster.waitForPartitions('L back in sync', (p) => p.isr.length === 3);
await cluster.snapshot('rejoined');
lab.show(c.truncation(), cluster.truncations(leader));

lab.step(t.dump());
for (const v of VARIANTS) lab.show(`${v.name} (offset:payload)`, await cluster.dumpReplicas(v.name, topics[v.name]));

lab.step(t.trap({ topic: trap, leader: followers[0]! }));
const trapLeader = (await broker.partition(trap)).leader;
const trapFollowers = NODES.filter((n) => n !== trapLeader);
const trapProducer = cluster.spawnProducer('trap', trap, trapLeader, ['acks=all', ...PRODUCER_CONFIG]);
for (const follower of trapFollowers) await broker.freezeFollower(follower, trapLeader);
const y = await cluster.send(trapProducer, 'Y');
for (const follower of trapFollowers) await broker.thaw(follower);
const z = await cluster.send(trapProducer, 'Z');
await cluster.finish(trapProducer);
lab.show(c.deliveryResults(), [y, z]);
const attempts = trapProducer.lines.filter((text) => {
  const line = parseProducerLine(text);
  return line?.kind === 'client' && parseClientEvent(line)?.kind === 'produce';
}).length;
lab.show('trap (offset:payload)', await cluster.dumpReplicas('trap', trap));
lab.say(t.attempts({ n: attempts, y: attempts - 1 }));

lab.say('', t.closing());
