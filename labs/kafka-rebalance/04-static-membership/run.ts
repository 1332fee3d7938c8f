import { BOOTSTRAP } from '@kafka-labs/broker';
import { startLab } from '@kafka-labs/lab-kit';
import { excerpt, merged, msBetween, ownedBy, partitionList, workerName } from '@kafka-labs/kafka-rebalance/evidence';
import { allProcessed, describeMembers, showOutcome, spawnWorker, startStream, stopWorkers, streamDone } from '@kafka-labs/kafka-rebalance/experiment';
import { RESTART as S } from '@kafka-labs/kafka-rebalance/setups';

await using lab = await startLab(import.meta.url, { parameters: S });

for (const variant of S.variants) {
  lab.step(
    variant.static
      ? `Group ${variant.group}: the same with group.instance.id (static members)`
      : `Group ${variant.group}: a and b without group.instance.id; b restarts`,
  );
  const topic = await lab.createTopic(`${variant.group}-orders`, { partitions: S.partitions });
  const names = { group: lab.name(variant.group), base: variant.group, topic };
  const consumer = variant.protocol === 'consumer';
  const flagsOf = (member: string) => [
    '--delay', String(S.delaySec), '--commit-every', String(S.commitEvery), '--revoke-commit', '--group-protocol', variant.protocol,
    ...(variant.static ? ['--instance-id', workerName(variant.group, member)] : []),
  ];
  lab.say(
    consumer
      ? `   workers: ${S.delaySec} s per message, commit every ${S.commitEvery} and on revoke and stop, consumer protocol (KIP-848): the session is the broker's`
      : `   workers: ${S.delaySec} s per message, commit every ${S.commitEvery} and on revoke and stop, range, default heartbeat.interval.ms (3 s)`,
    variant.static ? `   group.instance.id = the worker's name (${workerName(variant.group, 'a')}, ${workerName(variant.group, 'b')})` : '   no group.instance.id: each start is a new member',
  );
  if (variant.groupSessionTimeoutMs !== null) {
    await lab.kafka`kafka-configs --bootstrap-server ${BOOTSTRAP.tools} --alter --entity-type groups --entity-name ${names.group} \
      --add-config consumer.session.timeout.ms=${variant.groupSessionTimeoutMs}`;
    lab.say(`   consumer.session.timeout.ms=${variant.groupSessionTimeoutMs} on the group (kafka-configs --entity-type groups)`);
  }
  const a = spawnWorker(lab, names, 'a', flagsOf('a'));
  await a.waitFor('assignment', 'assigned', (e) => e.partitions.length > 0);
  const b = spawnWorker(lab, names, 'b', flagsOf('b'));
  const half = S.partitions / 2;
  for (const w of [a, b]) await w.untilLogged(`${half} partitions`, () => ownedBy(w.events()).size === half);
  const bOwned = ownedBy(b.events());
  lab.say(`   a owns ${partitionList(ownedBy(a.events()))}, b owns ${partitionList(bOwned)}`);

  const fill = startStream(lab, variant.group, topic, S);
  lab.say(`   producing ${S.messages} messages round-robin, one every ${S.intervalSec} s`);
  await b.untilLogged(`${S.restartAfter} messages processed by b`, () => b.events().filter((e) => e.kind === 'processed').length >= S.restartAfter);

  lab.say(
    variant.outlastSession
      ? `   restarting b: SIGTERM, then the same command again once the broker has fenced it and a has its partitions`
      : `   restarting b: SIGTERM, then the same command again once the group has settled`,
  );
  const linesBefore = a.events().length;
  await stopWorkers([b]);
  // Without static membership b's stop is a LeaveGroup: the restart waits until a has taken over b's partitions.
  // A static member on the consumer protocol that stays away is fenced when the broker's session expires: likewise.
  if (!variant.static || variant.outlastSession) {
    await a.untilLogged(`a with all ${S.partitions} partitions`, () => ownedBy(a.events()).size === S.partitions);
  }
  const members = await describeMembers(lab, names);
  lab.show('members while b is down (kafka-consumer-groups --describe --members)', members);
  const b2 = spawnWorker(lab, names, 'b', flagsOf('b'));
  const back = await b2.waitFor('assignment', 'assigned', (e) => e.partitions.length > 0);
  // Without static membership a is revoked twice (b left, b came back): wait until a has its share again.
  await a.untilLogged(`a back to ${half} partitions`, () => ownedBy(a.events()).size === half);
  await allProcessed([a, b2], S);
  await streamDone(fill);
  await stopWorkers([a, b2]);

  const bStopping = b.events().find((e) => e.kind === 'stopping')!;
  const b2Started = b2.events().find((e) => e.kind === 'started')!;
  const all = merged(a.events(), b.events(), b2.events());
  lab.show(`a and b from b's stop until b has partitions again (both logs, by time)`, excerpt(all.slice(all.indexOf(bStopping), all.indexOf(back) + 2), 2));
  const aLater = a.events().slice(linesBefore);
  const aRevokes = aLater.slice(0, aLater.findIndex((e) => e.kind === 'stopping')).filter((e) => e.kind === 'revoked').length;
  lab.say(`   while b restarted a was revoked ${aRevokes} time(s); b got ${partitionList(back.partitions)} ${msBetween(b2Started, back)} ms after it started (it had ${partitionList(bOwned)})`);
  if (variant.outlastSession) {
    const taken = aLater.find((e) => e.kind === 'assigned' && e.partitions.length > 0)!;
    lab.say(`   the broker fenced b and gave a its partitions ${msBetween(bStopping, taken)} ms after b stopped (session ${S.consumerSessionTimeoutMs} ms)`);
  }
  await showOutcome(lab, names, [a, b, b2]);
}

lab.say(
  '',
  'A dynamic member that restarts leaves the group and joins again as a new member: two rebalances, and the other',
  'member gives its partitions back both times. A static member (group.instance.id) does not leave on close; when it',
  'comes back within session.timeout.ms the coordinator hands it its old partitions without a rebalance. On the',
  'consumer protocol the same holds within the broker\'s session (group.consumer.session.timeout.ms); a static member',
  'away for longer is fenced, and its partitions go to the others until it is back.',
);
