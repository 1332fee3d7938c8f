import { readFileSync } from 'node:fs';
import { startLab, type Child } from '@kafka-labs/lab-kit';
import { parseClientEvent, parseProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { clusterRun } from '@kafka-labs/kafka-producer-guarantees/cluster';
import { NODES } from '@kafka-labs/kafka-producer-guarantees/replicas';

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
const cluster = clusterRun(lab);
const { broker } = cluster;

lab.step('Pick the partition leader L: a node that is not the active KRaft controller');
const { leader, followers } = await cluster.chooseLeader();

lab.step(`Create one topic per variant with replicas ${leader}:${followers.join(':')} and ${TOPIC_CONFIG}, and one for the retry trap`);
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
lab.show('leader and ISR', await cluster.snapshot('created'));

lab.step(`Start one producer per variant, bootstrapping from L only (${broker.address(leader)}): ${PRODUCER_CONFIG.join(' ')}`);
const producers = Object.fromEntries(
  VARIANTS.map((v) => [v.name, cluster.spawnProducer(v.name, topics[v.name], leader, [`acks=${v.acks}`, ...PRODUCER_CONFIG])]),
) as Record<Variant, Child>;
const results = await Promise.all(VARIANTS.map((v) => cluster.send(producers[v.name], 'A')));
const variantTopics = VARIANTS.map((v) => topics[v.name]);
await cluster.waitFor('A on every replica', async () =>
  Object.values(await cluster.highWatermarks(variantTopics)).filter((hw) => hw === 1).length === VARIANTS.length,
);
await cluster.highWatermarks(variantTopics, 'offsets-before-freeze.txt');
lab.show('A, then the high watermark 1 on each topic: every replica has A', VARIANTS.map((v, i) => `${v.name.padEnd(8)} ${results[i]}`));

lab.step(`Freeze the followers (SIGSTOP) once the answer to their last fetch from L is in`);
for (const follower of followers) {
  const attempts = await broker.freezeFollower(follower, leader);
  lab.say(`   node ${follower} frozen (attempt ${attempts}); no fetch of it is parked at L`);
}

lab.step('Send X through each producer: only L can take it');
const xResults = await Promise.all(VARIANTS.map((v) => cluster.send(producers[v.name], 'X')));
lab.show('delivery results', VARIANTS.map((v, i) => `${`acks=${v.acks}`.padEnd(9)} ${xResults[i]}`));
lab.say(
  '   acks=1 was answered by L alone; acks=0 asks for no answer, so the client reports -1001. acks=all: L cannot get',
  '   the 2 copies min.insync.replicas asks for, answers each attempt "Request timed out" after request.timeout.ms',
  '   (the MSGSET lines of acksall.log), and the client gives X up after message.timeout.ms.',
);

lab.step('Kill L (SIGKILL), thaw the followers, wait for a follower to lead');
await broker.kill(leader);
for (const follower of followers) await broker.thaw(follower);
await cluster.waitForPartitions('a new leader', (p) => p.leader !== leader && p.leader !== -1);
lab.show('leader and ISR', await cluster.snapshot('failover'));
await Promise.all(VARIANTS.map((v) => cluster.finish(producers[v.name])));

lab.step(`Restart L and wait until it is back in every ISR`);
await broker.restart(leader);
await cluster.waitForPartitions('L back in sync', (p) => p.isr.length === 3);
await cluster.snapshot('rejoined');
const serverLog = broker.serverLog(leader);
const truncations = serverLog
  ? readFileSync(serverLog, 'utf8').split('\n').filter((line) => / Truncating to offset /.test(line) && [...Object.values(topics), trap].some((t) => line.includes(`partition=${t}-0,`)))
  : [];
lab.writeFile('truncation.txt', `${truncations.join('\n')}\n`);
lab.show(`L's server.log: what it cut from its own log on rejoining`, truncations.map((line) => line.replace(/^\[[^\]]+\] INFO /, '')));

lab.step('Dump every replica of every variant');
for (const v of VARIANTS) lab.show(`${v.name} (offset:payload)`, await cluster.dumpReplicas(v.name, topics[v.name]));

lab.step(`The trap: acks=all to ${trap} (leader node ${followers[0]}), its followers frozen, then thawed`);
const trapLeader = (await broker.partition(trap)).leader;
const trapFollowers = NODES.filter((n) => n !== trapLeader);
const trapProducer = cluster.spawnProducer('trap', trap, trapLeader, ['acks=all', ...PRODUCER_CONFIG]);
for (const follower of trapFollowers) await broker.freezeFollower(follower, trapLeader);
const y = await cluster.send(trapProducer, 'Y');
for (const follower of trapFollowers) await broker.thaw(follower);
const z = await cluster.send(trapProducer, 'Z');
await cluster.finish(trapProducer);
lab.show('delivery results', [y, z]);
const attempts = trapProducer.lines.filter((text) => {
  const line = parseProducerLine(text);
  return line?.kind === 'client' && parseClientEvent(line)?.kind === 'produce';
}).length;
lab.show('trap (offset:payload)', await cluster.dumpReplicas('trap', trap));
lab.say(`   the client sent ${attempts} Produce requests (${attempts - 1} for Y, one for Z): every one of them left a copy.`);

lab.say(
  '',
  'acks=1: L acknowledged X at offset 1 alone; it died before a follower copied X, a follower took over without it',
  'and L cut X from its own log when it rejoined. An acknowledged record is gone. acks=0: the producer never learns',
  'an offset (-1001) and X is gone the same way. acks=all with min.insync.replicas=2: L could not get X to a second',
  'replica, so X was never acknowledged (_MSG_TIMED_OUT) and nothing acknowledged was lost. The trap: a timed-out',
  'acks=all write is not a write that did not happen: once the followers came back, every attempt of Y was copied',
  'and committed before Z.',
);
