import { setTimeout as sleep } from 'node:timers/promises';
import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { parseProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { clusterRun } from '@kafka-labs/kafka-producer-guarantees/cluster';
import { CLUSTER_MESSAGES } from '@kafka-labs/kafka-producer-guarantees/cluster-messages';
import { HW_TWO_DOWN_FILE, ONE_DOWN_EVENT, refusals, STREAM, streamEvent, TWO_DOWN_EVENT } from '@kafka-labs/kafka-producer-guarantees/durable-settings';
import { NODES } from '@kafka-labs/kafka-producer-guarantees/replicas';
import { MESSAGES } from './messages.ts';

/**
 * The article's setting for orders and payments, in librdkafka's names: acks=all, the idempotent producer (its
 * IDEMPOTENCE argument), at most 5 requests in flight, and 120 s to deliver a record (delivery.timeout.ms is
 * librdkafka's alias of message.timeout.ms); debug=msg shows each attempt and the broker's answer.
 */
const PRODUCER_CONFIG = ['acks=all', 'max.in.flight.requests.per.connection=5', 'delivery.timeout.ms=120000', 'debug=msg'];
const TOPIC_CONFIG = 'min.insync.replicas=2';
/** A delivery report comes within delivery.timeout.ms of the send; a minute more for a loaded machine. */
const REPORT_MS = 180_000;
/** The stream's pace: a record every 300 ms, each once the previous one's delivery report is in. */
const PACE_MS = 300;
/** How many records the stream delivers before each change of the cluster, and after the last. */
const BETWEEN = 10;

await using lab = await startLab(import.meta.url, { parameters: { producerConfig: PRODUCER_CONFIG, topicConfig: TOPIC_CONFIG, paceMs: PACE_MS } });
const t = textsIn(MESSAGES, lab.lang);
const c = textsIn(CLUSTER_MESSAGES, lab.lang);
const cluster = clusterRun(lab);
const { broker } = cluster;
const leaderNow = async () => (await broker.partition(topic)).leader;

const { leader, followers } = await cluster.chooseLeader();

lab.step(t.create({ replicas: `${leader}:${followers.join(':')}`, config: TOPIC_CONFIG }));
const topic = lab.name(STREAM);
await cluster.createTopics({ [topic]: [leader, ...followers] }, [TOPIC_CONFIG]);
lab.show(c.leaderAndIsr(), await cluster.snapshot('created'));

lab.step(t.startStream({ address: broker.address(leader), config: PRODUCER_CONFIG.join(' '), pace: PACE_MS }));
const producer = cluster.spawnProducer(STREAM, topic, leader, PRODUCER_CONFIG, { idempotent: true });
/** The stream's delivery reports so far, and how long each record waited for its own. */
const delivered: { event: string; offset: number | null; error: string | null; waitedMs: number }[] = [];
let streaming = true;
const stream = (async () => {
  for (let n = 1; streaming; n++) {
    const event = streamEvent(n);
    const sentAt = performance.now();
    const line = parseProducerLine(await cluster.send(producer, event, { timeoutMs: REPORT_MS }));
    if (line?.kind !== 'result') throw new Error(`${STREAM}.log: no result line for ${event}`);
    delivered.push({ event, offset: line.offset, error: line.error?.name ?? null, waitedMs: performance.now() - sentAt });
    await sleep(PACE_MS);
  }
})();
// A failed send fails the run at the next wait on the stream; until then it must not count as unhandled.
stream.catch(() => {});
/** Resolves once `BETWEEN` more records had their delivery report, then says what the stream was told since the last time. */
let told = 0;
const streamOn = async () => {
  const target = delivered.length + BETWEEN;
  await Promise.race([stream, cluster.waitFor(`${target} delivery reports of the stream`, async () => delivered.length >= target)]);
  const since = delivered.slice(told);
  told = delivered.length;
  const slowest = since.reduce((a, b) => (b.waitedMs > a.waitedMs ? b : a));
  const acknowledged = since.filter((d) => d.error === null);
  lab.say(
    t.streamSaid({
      first: since[0]!.event,
      last: since.at(-1)!.event,
      acknowledged: acknowledged.length,
      failed: since.length - acknowledged.length,
      offsets: acknowledged.length ? `${acknowledged[0]!.offset}-${acknowledged.at(-1)!.offset}` : '-',
      slowest: slowest.event,
      seconds: (slowest.waitedMs / 1000).toFixed(1),
    }),
  );
};
await streamOn();

lab.step(t.killLeader());
await broker.kill(leader);
await cluster.waitForPartitions('a follower leading, the ISR of the two followers', (p) => followers.includes(p.leader) && p.isr.length === 2);
lab.show(c.leaderAndIsr(), await cluster.snapshot('leader-killed'));
await streamOn();

lab.step(t.restartLeader());
await broker.restart(leader);
await cluster.waitForPartitions('L back in the ISR', (p) => p.isr.length === 3);
lab.show(c.leaderAndIsr(), await cluster.snapshot('rejoined'));
await streamOn();

const restarted = await leaderNow();
lab.parameter('restarted', restarted);
lab.step(t.rollingRestart({ node: restarted }));
await broker.stop(restarted);
await cluster.waitForPartitions('another leader, an ISR of two', (p) => p.leader > 0 && p.leader !== restarted && p.isr.length === 2);
lab.show(c.leaderAndIsr(), await cluster.snapshot('restarting'));
await streamOn();
await broker.restart(restarted);
await cluster.waitForPartitions('the restarted node back in the ISR', (p) => p.isr.length === 3);
lab.show(c.leaderAndIsr(), await cluster.snapshot('restarted'));
await streamOn();
streaming = false;
await stream;
lab.say(t.explainStream());

const last = await leaderNow();
const [first, second] = NODES.filter((n) => n !== last) as [number, number];
lab.parameter('stopped', [first, second]);
lab.step(t.stopOne({ node: first }));
await broker.stop(first);
await cluster.waitForPartitions('an ISR of two', (p) => p.leader === last && p.isr.length === 2);
lab.show(c.leaderAndIsr(), await cluster.snapshot('one-down'));
lab.show(c.deliveryResults(), [await cluster.send(producer, ONE_DOWN_EVENT, { timeoutMs: REPORT_MS })]);

lab.step(t.stopTwo({ node: second }));
await broker.stop(second);
await cluster.waitForPartitions('an ISR of the leader alone', (p) => p.leader === last && p.isr.length === 1);
lab.show(c.leaderAndIsr(), await cluster.snapshot('two-down'));
const before = producer.lines.length;
const refusalsOfR = () => refusals(producer.lines.slice(before).map(parseProducerLine));
const r = cluster.send(producer, TWO_DOWN_EVENT, { timeoutMs: REPORT_MS });
r.catch(() => {});
await Promise.race([r, cluster.waitFor(`three refusals of ${TWO_DOWN_EVENT}`, async () => refusalsOfR().length >= 3)]);
const watermark = await cluster.highWatermarks([topic], HW_TWO_DOWN_FILE);
lab.show(t.refused({ n: refusalsOfR().length, event: TWO_DOWN_EVENT }), refusalsOfR().slice(0, 3).map((refusal) => refusal.text));
lab.show(t.watermark(), [`${topic}: ${watermark[topic]}`]);
lab.say(t.explainRefusal());

lab.step(t.restartOne({ node: second }));
await broker.restart(second);
lab.show(c.deliveryResults(), [await r]);
await cluster.waitForPartitions('an ISR of two', (p) => p.isr.length === 2);
lab.show(c.leaderAndIsr(), await cluster.snapshot('one-back'));
await cluster.finish(producer);

lab.step(t.restartOther({ node: first }));
await broker.restart(first);
await cluster.waitForPartitions('three in-sync replicas', (p) => p.isr.length === 3);
lab.show(c.leaderAndIsr(), await cluster.snapshot('recovered'));

lab.step(t.dump());
const replicas = await cluster.dumpReplicas(STREAM, topic);
lab.show(t.replicas(), replicas.map((line) => {
  const [node, records] = line.split(': ', 2) as [string, string];
  const all = records.split(' ');
  return t.replicaSaid({ node, n: all.length, first: all[0]!, last: all.at(-1)! });
}));
lab.say('', t.closing());
