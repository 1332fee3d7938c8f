import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { excerpt, merged, ownedBy, partitionList, progressOf, sinceLastCommit, uncommitted } from '@kafka-labs/kafka-rebalance/evidence';
import { allProcessed, showOutcome, spawnWorker, startStream, stopWorkers, streamDone } from '@kafka-labs/kafka-rebalance/experiment';
import { CONSUMER_BROKER, JOIN as S } from '@kafka-labs/kafka-rebalance/setups';
import { MESSAGES as TRACK } from '@kafka-labs/kafka-rebalance/messages';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const [t, tt] = [textsIn(MESSAGES, lab.lang), textsIn(TRACK, lab.lang)];

for (const variant of S.variants) {
  const consumer = variant.protocol === 'consumer';
  lab.step(consumer ? t.stepConsumer({ ...variant, ...S }) : t.stepClassic({ ...variant, ...S }));
  const topic = await lab.createTopic(`${variant.group}-orders`, { partitions: S.partitions });
  const names = { group: lab.name(variant.group), base: variant.group, topic };
  const flags = [
    '--delay', String(S.delaySec), '--commit-every', String(S.commitEvery), '--group-protocol', variant.protocol,
    ...(consumer ? [] : ['--strategy', variant.strategy]),
  ];
  const setup = { topic, ...S, strategy: variant.strategy };
  lab.say(consumer ? t.workersConsumer({ ...setup, heartbeatMs: CONSUMER_BROKER.heartbeatIntervalMs }) : t.workersClassic(setup));
  const a = spawnWorker(lab, names, 'a', flags);
  await a.waitFor('assignment', 'assigned', (e) => e.partitions.length > 0);
  const b = spawnWorker(lab, names, 'b', flags);
  const c = spawnWorker(lab, names, 'c', [...flags, '--join-on-signal']);
  const half = S.partitions / 2;
  for (const w of [a, b]) await w.untilLogged(tt.partitionsWait({ n: half }), () => ownedBy(w.events()).size === half);
  await c.waitFor('ready line', 'ready');
  lab.say(tt.owners({ a: partitionList(ownedBy(a.events())), b: partitionList(ownedBy(b.events())) }));

  const fill = startStream(lab, variant.group, topic, S);
  lab.say(tt.producing(S));

  // c joins on an event of the logs: both a and b have committed once, every partition has processed messages past
  // its last commit, and neither worker is near its next commit. They hear of it with their next heartbeats.
  const midway = () =>
    [a, b].every((w) => {
      const events = w.events();
      const now = progressOf(events);
      return (
        now.committed.size > 0 &&
        [...ownedBy(events)].every((p) => uncommitted(now, p) >= S.joinMinUncommitted) &&
        sinceLastCommit(events) <= S.joinMaxSinceCommit
      );
    });
  await a.untilLogged(t.midwayWait(), midway);
  const owners = new Map([a, b].flatMap((w) => [...ownedBy(w.events())].map((p) => [p, w] as const)));
  lab.say(
    t.cJoins({
      progress: [...owners]
        .sort(([x], [y]) => x - y)
        .map(([p, w]) => `p${p} ${uncommitted(progressOf(w.events()), p)}`)
        .join(', '),
    }),
  );
  c.join();

  const third = S.partitions / 3;
  for (const w of [a, b, c]) await w.untilLogged(tt.partitionsWait({ n: third }), () => ownedBy(w.events()).size === third);
  await allProcessed([a, b, c], S);
  await streamDone(fill);
  await stopWorkers([a, b, c]);

  const all = merged(a.events(), b.events(), c.events());
  const started = all.find((e) => e.kind === 'started' && e.worker === c.name)!;
  const afterJoin = all.slice(all.indexOf(started));
  const settled = afterJoin.findIndex((e) => e.kind === 'assigned' && e.worker === c.name && e.partitions.length > 0);
  lab.show(t.fromJoin(), excerpt(afterJoin.slice(0, settled + 2), lab.lang, 2));
  await showOutcome(lab, names, [a, b, c]);
}

lab.say('', t.closing());
