import { BOOTSTRAP } from '@kafka-labs/broker';
import { startLab } from '@kafka-labs/lab-kit';
import { produceSpread } from '@kafka-labs/kafka-client';
import { excerpt, first, merged, msBetween } from '@kafka-labs/kafka-rebalance/evidence';
import { allProcessed, describeGroup, offsetsLine, reportLines, saveDups, spawnWorker, stopWorkers } from '@kafka-labs/kafka-rebalance/experiment';
import { MAXPOLL_CONSUMER as S } from '@kafka-labs/kafka-rebalance/setups';

await using lab = await startLab(import.meta.url, { parameters: S });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** A wait on one slow message: its work, plus the session, plus slack for a loaded machine. */
const slowWaitMs = (slowSec: number) => slowSec * 1000 + S.sessionTimeoutMs + 30_000;

lab.step(`Per group a topic with ${S.partitions} partition; start a and b in each, on the consumer protocol`);
lab.say(
  `   workers: group.protocol=consumer, ${S.delaySec} s per message, commit after each, max.poll.interval.ms=${S.maxPollIntervalMs};`,
  `   the broker: group.consumer.session.timeout.ms=${S.sessionTimeoutMs} (the client may not set a session any more).`,
  `   a works ${S.variants.map((v) => `${v.slowSec} s (group ${v.group})`).join(' or ')} on offset ${S.slowAt}; both groups run side by side.`,
);
const runs = await Promise.all(
  S.variants.map(async (variant) => {
    const topic = await lab.createTopic(`${variant.group}-slow`, { partitions: S.partitions });
    const names = { group: lab.group(variant.group), base: variant.group, topic };
    const flags = ['--group-protocol', 'consumer', '--delay', String(S.delaySec), '--commit-every', String(S.commitEvery), '--max-poll-interval-ms', String(S.maxPollIntervalMs)];
    const a = spawnWorker(lab, names, 'a', [...flags, '--slow-at', String(S.slowAt), '--slow-sec', String(variant.slowSec)]);
    await a.waitFor('assignment of p0', 'assigned', (e) => e.partitions.includes(0));
    const b = spawnWorker(lab, names, 'b', flags);
    await b.waitFor('start', 'started');
    return { variant, names, a, b };
  }),
);

lab.step(`Send ${S.messages} messages to each topic and watch`);
await Promise.all(
  runs.map(async ({ variant, names, a, b }) => {
    await produceSpread({ bootstrap: BOOTSTRAP.host, topic: names.topic, count: S.messages, partitions: S.partitions });
    await a.waitFor(`slow start at offset ${S.slowAt}`, 'slow');
    await a.waitFor('MAXPOLL warning', 'client', (e) => e.text.startsWith('MAXPOLL'), slowWaitMs(variant.slowSec));
    const aDone = await a.waitFor(`processed offset ${S.slowAt}`, 'processed', (e) => e.offset === S.slowAt, slowWaitMs(variant.slowSec));
    await a.until('commit after the slow offset', () => a.events().slice(a.events().indexOf(aDone)).some((e) => e.kind === 'commit' || e.kind === 'commit-failed'));
    await allProcessed([a, b], S);
    await stopWorkers([a, b]);
  }),
);

for (const { variant, names, a, b } of runs) {
  lab.step(`Group ${variant.group}: ${variant.slowSec} s on offset ${S.slowAt}`);
  const all = merged(a.events(), b.events());
  const from = all.indexOf(first(a.events(), 'processed')!);
  const to = all.findIndex((e) => e.kind === 'stopping');
  lab.show(`${variant.group}-a and ${variant.group}-b from the first message on (both logs, by time)`, excerpt(all.slice(from, to < 0 ? undefined : to), 6));
  const slow = first(a.events(), 'slow')!;
  const maxpoll = first(a.events(), 'client', (e) => e.text.startsWith('MAXPOLL'))!;
  const aDone = first(a.events(), 'processed', (e) => e.offset === S.slowAt)!;
  const after = a.events().slice(a.events().indexOf(aDone));
  const outcome = after.find((e) => e.kind === 'commit' || e.kind === 'commit-failed')!;
  const bTakes = first(b.events(), 'assigned', (e) => e.partitions.includes(0));
  lab.say(
    `   a started offset ${S.slowAt} at ${slow.time.slice(11, 23)}; MAXPOLL ${seconds(msBetween(slow, maxpoll))} later, a finished it ${seconds(msBetween(slow, aDone))} after the start.`,
    bTakes && bTakes.time < aDone.time
      ? `   b got p0 ${seconds(msBetween(maxpoll, bTakes))} after MAXPOLL, while a still worked: the broker's session had expired.`
      : `   b did not get p0 while a worked: a sent no leave, and its session (${S.sessionTimeoutMs / 1000} s after the last heartbeat) had not expired.`,
    outcome.kind === 'commit'
      ? `   a's late commit ${outcome.offsets.map((o) => `p${o.partition}=${o.offset}`).join(' ')} succeeded: a was still the member that owned p0.`
      : `   a's late commit failed with ${outcome.error}: the broker had fenced a and given p0 to b.`,
  );
  const lost = first(after, 'lost');
  const next = lost && merged(a.events(), b.events()).find((e) => e.kind === 'assigned' && e.partitions.includes(0) && e.time >= lost.time);
  if (outcome.kind === 'commit' && lost && next) {
    lab.say(
      `   Then a's next poll reported MAXPOLL, its client dropped p0 (lost) and rejoined; p0 went to ${next.worker === a.name ? 'a again' : 'b'} ${seconds(msBetween(lost, next))} later,`,
      `   which went on from a's commit: nothing is processed twice.`,
    );
  }
  const report = saveDups(lab, variant.group, [a, b]);
  lab.show('duplicates (dups report)', reportLines(report));
  const committed = await describeGroup(lab, names);
  lab.show('committed offsets, as the broker reports them (kafka-consumer-groups --describe)', [offsetsLine(committed)]);
}

lab.say(
  '',
  'On the classic protocol (lab 02) librdkafka sends a LeaveGroup at MAXPOLL, so the partition moves at once. On the',
  'consumer protocol it only stops heartbeating: the broker moves the partition when the session expires. Work that',
  'ends within the session after MAXPOLL commits normally and nothing is redone; work that outlasts it is fenced, and',
  'the next owner redoes the message while the late commit fails. The session, not max.poll.interval.ms, decides.',
);
