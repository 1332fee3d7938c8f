import { readFileSync } from 'node:fs';
import { startLab, type Child } from '@kafka-labs/lab-kit';
import { parseClientEvent, parseProducerLine, PRODUCER_CLI } from '@kafka-labs/producer';
import { retry } from 'zx';

/** The three ways to send X, each to a topic of its own led by the same node; the only difference is acks. */
const VARIANTS = [
  { name: 'acks1', acks: '1' },
  { name: 'acks0', acks: '0' },
  { name: 'acksall', acks: 'all' },
] as const;
/** A producer gives up on a record after 3 s; the broker answers an acks=all request it cannot complete after 1 s. */
const PRODUCER_CONFIG = ['message.timeout.ms=3000', 'request.timeout.ms=1000', 'debug=msg'];
const TOPIC_CONFIG = 'min.insync.replicas=2';
const RESULT_MS = 20_000;
/** Failover and restart bounds: a leader moves about 3 s after its node dies; a node's restart takes up to a minute under load. */
const CLUSTER_WAIT = { count: 600, delay: 100 } as const;

await using lab = await startLab(import.meta.url, {
  parameters: { variants: VARIANTS, producerConfig: PRODUCER_CONFIG, topicConfig: TOPIC_CONFIG },
});
const { broker } = lab;
const nodes = [1, 2, 3];
// However the run ends, no node stays frozen (a killed one is restarted by the next run's broker check).
lab.defer(async () => {
  for (const node of nodes) if ((await broker.nodeState(node)) === 'frozen') await broker.thaw(node);
});
const everyNode = nodes.map((n) => broker.address(n)).join(',');

lab.step('Pick the partition leader L: a node that is not the active KRaft controller');
const controller = await broker.activeController();
const leader = nodes.find((n) => n !== controller)!;
const followers = nodes.filter((n) => n !== leader);
lab.say(`   active controller: node ${controller}; leader L: node ${leader}; followers: nodes ${followers.join(', ')}`);
lab.figure('leader', leader);

lab.step(`Create one topic per variant with replicas ${leader}:${followers.join(':')} and ${TOPIC_CONFIG}, and one for the retry trap`);
const topics = Object.fromEntries(VARIANTS.map((v) => [v.name, lab.name(v.name)])) as Record<(typeof VARIANTS)[number]['name'], string>;
const trap = lab.name('trap');
const assignments: [string, number[]][] = [
  ...VARIANTS.map((v) => [topics[v.name], [leader, ...followers]] as [string, number[]]),
  // The trap's leader is a follower of the others, so it keeps its leadership through their failover.
  [trap, [followers[0]!, followers[1]!, leader]],
];
for (const [topic, replicas] of assignments) {
  await lab.kafka`kafka-topics --bootstrap-server ${everyNode} --create --topic ${topic} --replica-assignment ${replicas.join(':')} --config ${TOPIC_CONFIG}`;
}
const cluster: string[] = [];
/** Records every topic's leader and ISR (a Metadata request to a running node) in cluster.jsonl under `moment`. */
const snapshot = async (moment: string) => {
  for (const [topic] of assignments) cluster.push(JSON.stringify({ moment, topic, ...(await broker.partition(topic)) }));
  lab.writeFile('cluster.jsonl', `${cluster.join('\n')}\n`);
};
const waitFor = (what: string, test: () => Promise<boolean>) =>
  retry(CLUSTER_WAIT.count, CLUSTER_WAIT.delay, async () => {
    if (!(await test().catch(() => false))) throw new Error(`waited in vain for ${what}`);
  });
const everyTopic = async (test: (state: Awaited<ReturnType<typeof broker.partition>>) => boolean) =>
  (await Promise.all(assignments.map(([t]) => broker.partition(t)))).every(test);
await waitFor('three in-sync replicas', () => everyTopic((p) => p.isr.length === 3));
await snapshot('created');
lab.show('leader and ISR', cluster);

lab.step(`Start one producer per variant, bootstrapping from L only (${broker.address(leader)}): ${PRODUCER_CONFIG.join(' ')}`);
const producers = Object.fromEntries(
  VARIANTS.map((v) => [
    v.name,
    lab.spawnTs(v.name, PRODUCER_CLI, [topics[v.name], 'false', 'stdin', `bootstrap.servers=${broker.address(leader)}`, `acks=${v.acks}`, ...PRODUCER_CONFIG]),
  ]),
) as Record<(typeof VARIANTS)[number]['name'], Child>;
/** Writes `event` to the producer's input and resolves with its delivery result line. */
const send = async (child: Child, event: string) => {
  const after = child.lines.length;
  child.process.stdin.write(`${event}\n`);
  return (await child.waitForLine(new RegExp(`^\\s*\\d+\\.\\ds ${event} result: `), { timeoutMs: RESULT_MS, after })).trim();
};
const results = await Promise.all(VARIANTS.map((v) => send(producers[v.name], 'A')));
/** The high watermark of partition 0: the offset up to which every in-sync replica has the records. */
const highWatermark = async (topic: string) =>
  Number(/:0:(\d+)\s*$/.exec((await lab.kafka`kafka-get-offsets --bootstrap-server ${everyNode} --topic ${topic}`).stdout)?.[1]);
await waitFor('A on every replica', async () => (await Promise.all(VARIANTS.map((v) => highWatermark(topics[v.name])))).every((hw) => hw === 1));
lab.show('A, then the high watermark 1 on each topic: every replica has A', VARIANTS.map((v, i) => `${v.name.padEnd(8)} ${results[i]}`));
const variantTopics = `(${VARIANTS.map((v) => topics[v.name]).join('|')})`;
await lab.kafka({ saveAs: 'offsets-before-freeze.txt' })`kafka-get-offsets --bootstrap-server ${everyNode} --topic ${variantTopics}`;

lab.step(`Freeze the followers (SIGSTOP) once the answer to their last fetch from L is in`);
for (const follower of followers) {
  const attempts = await broker.freezeFollower(follower, leader);
  lab.say(`   node ${follower} frozen (attempt ${attempts}); no fetch of it is parked at L`);
}

lab.step('Send X through each producer: only L can take it');
const xResults = await Promise.all(VARIANTS.map((v) => send(producers[v.name], 'X')));
lab.show('delivery results', VARIANTS.map((v, i) => `${`acks=${v.acks}`.padEnd(9)} ${xResults[i]}`));
lab.say(
  '   acks=1 was answered by L alone; acks=0 asks for no answer, so the client reports -1001. acks=all: L cannot get',
  '   the 2 copies min.insync.replicas asks for, answers each attempt "Request timed out" after request.timeout.ms',
  '   (the MSGSET lines of acksall.log), and the client gives X up after message.timeout.ms.',
);

lab.step('Kill L (SIGKILL), thaw the followers, wait for a follower to lead');
await broker.kill(leader);
for (const follower of followers) await broker.thaw(follower);
await waitFor('a new leader', () => everyTopic((p) => p.leader !== leader && p.leader !== -1));
await snapshot('failover');
lab.show('leader and ISR', cluster.filter((line) => line.includes('"failover"')));
for (const v of VARIANTS) producers[v.name].process.stdin.end();
await Promise.all(VARIANTS.map((v) => producers[v.name].waitForLine(/^producer: done$/, { timeoutMs: RESULT_MS })));

lab.step(`Restart L and wait until it is back in every ISR`);
await broker.restart(leader);
await waitFor('L back in sync', () => everyTopic((p) => p.isr.length === 3));
await snapshot('rejoined');
const serverLog = broker.serverLog(leader);
const truncations = serverLog
  ? readFileSync(serverLog, 'utf8').split('\n').filter((line) => / Truncating to offset /.test(line) && assignments.some(([t]) => line.includes(`${t}-0`)))
  : [];
lab.writeFile('truncation.txt', `${truncations.join('\n')}\n`);
lab.show(`L's server.log: what it cut from its own log on rejoining`, truncations.map((line) => line.replace(/^\[[^\]]+\] INFO /, '')));

lab.step('Dump every replica of every variant');
const dumpAll = async (name: string, topic: string) => {
  const lines: string[] = [];
  for (const node of nodes) {
    const out = await lab.kafka({ saveAs: `dump-${name}-node${node}.txt` })`kafka-dump-log --files ${broker.segmentPath(topic, 0, node)} --print-data-log`;
    const records = out.stdout.split('\n').flatMap((l) => /^\| offset: (\d+) .* payload: (\S+)/.exec(l)?.slice(1, 3).join(':') ?? []);
    lines.push(`node ${node}: ${records.join(' ') || '(empty)'}`);
  }
  return lines;
};
for (const v of VARIANTS) lab.show(`${v.name} (offset:payload)`, await dumpAll(v.name, topics[v.name]));

lab.step(`The trap: acks=all to ${trap} (leader node ${followers[0]}), its followers frozen, then thawed`);
const trapLeader = (await broker.partition(trap)).leader;
const trapFollowers = nodes.filter((n) => n !== trapLeader);
const trapProducer = lab.spawnTs('trap', PRODUCER_CLI, [trap, 'false', 'stdin', `bootstrap.servers=${broker.address(trapLeader)}`, 'acks=all', ...PRODUCER_CONFIG]);
for (const follower of trapFollowers) await broker.freezeFollower(follower, trapLeader);
const y = await send(trapProducer, 'Y');
for (const follower of trapFollowers) await broker.thaw(follower);
const z = await send(trapProducer, 'Z');
trapProducer.process.stdin.end();
await trapProducer.waitForLine(/^producer: done$/, { timeoutMs: RESULT_MS });
lab.show('delivery results', [y, z]);
const attempts = trapProducer.lines.filter((text) => {
  const line = parseProducerLine(text);
  return line?.kind === 'client' && parseClientEvent(line)?.kind === 'produce';
}).length;
lab.show('trap (offset:payload)', await dumpAll('trap', trap));
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
