import { startLab } from '@kafka-labs/lab-kit';
import { excerpt, merged, ownedBy, partitionList, progressOf, sinceLastCommit, uncommitted } from '@kafka-labs/kafka-rebalance/evidence';
import { allProcessed, showOutcome, spawnWorker, startStream, stopWorkers, streamDone } from '@kafka-labs/kafka-rebalance/experiment';
import { CONSUMER_BROKER, JOIN as S } from '@kafka-labs/kafka-rebalance/setups';

await using lab = await startLab(import.meta.url, { parameters: S });

for (const variant of S.variants) {
  const consumer = variant.protocol === 'consumer';
  lab.step(
    `Group ${variant.group} (${consumer ? 'consumer protocol' : variant.strategy}): a and b share ${S.partitions} partitions of a live stream, then c joins`,
  );
  const topic = await lab.createTopic(`${variant.group}-orders`, { partitions: S.partitions });
  const names = { group: lab.name(variant.group), base: variant.group, topic };
  const flags = [
    '--delay', String(S.delaySec), '--commit-every', String(S.commitEvery), '--group-protocol', variant.protocol,
    ...(consumer ? [] : ['--strategy', variant.strategy]),
  ];
  lab.say(
    `   topic ${topic}; workers: ${S.delaySec} s per message, commit after every ${S.commitEvery}, no commit on revoke,`,
    consumer
      ? `   group.protocol=consumer (KIP-848): the broker's ${variant.strategy} assignor, its heartbeat (${CONSUMER_BROKER.heartbeatIntervalMs} ms here)`
      : `   partition.assignment.strategy=${variant.strategy}, default heartbeat.interval.ms (3 s)`,
  );
  const a = spawnWorker(lab, names, 'a', flags);
  await a.waitFor('assignment', 'assigned', (e) => e.partitions.length > 0);
  const b = spawnWorker(lab, names, 'b', flags);
  const c = spawnWorker(lab, names, 'c', [...flags, '--join-on-signal']);
  const half = S.partitions / 2;
  for (const w of [a, b]) await w.untilLogged(`${half} partitions`, () => ownedBy(w.events()).size === half);
  await c.waitFor('ready line', 'ready');
  lab.say(`   a owns ${partitionList(ownedBy(a.events()))}, b owns ${partitionList(ownedBy(b.events()))}`);

  const fill = startStream(lab, variant.group, topic, S);
  lab.say(`   producing ${S.messages} messages round-robin, one every ${S.intervalSec} s`);

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
  await a.untilLogged('every partition of a and b mid-way between two commits', midway);
  const owners = new Map([a, b].flatMap((w) => [...ownedBy(w.events())].map((p) => [p, w] as const)));
  lab.say(
    `   c joins; processed past the last commit: ${[...owners]
      .sort(([x], [y]) => x - y)
      .map(([p, w]) => `p${p} ${uncommitted(progressOf(w.events()), p)}`)
      .join(', ')}`,
  );
  c.join();

  const third = S.partitions / 3;
  for (const w of [a, b, c]) await w.untilLogged(`${third} partitions`, () => ownedBy(w.events()).size === third);
  await allProcessed([a, b, c], S);
  await streamDone(fill);
  await stopWorkers([a, b, c]);

  const all = merged(a.events(), b.events(), c.events());
  const started = all.find((e) => e.kind === 'started' && e.worker === c.name)!;
  const afterJoin = all.slice(all.indexOf(started));
  const settled = afterJoin.findIndex((e) => e.kind === 'assigned' && e.worker === c.name && e.partitions.length > 0);
  lab.show(`a, b and c from c's join until c has its partitions (all logs, by time)`, excerpt(afterJoin.slice(0, settled + 2), 2));
  await showOutcome(lab, names, [a, b, c]);
}

lab.say(
  '',
  'With an eager strategy (range) every member gives back every partition at each rebalance, and whoever gets a',
  'partition next, even the same member, starts it again at its last commit: work past the commit is redone on',
  'every partition. With cooperative-sticky only the partitions that move are given back; the others keep going.',
  'The consumer protocol (KIP-848) is incremental by construction: like cooperative-sticky, only what moves is redone.',
);
