import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { excerpt, merged, msBetween, ownedBy, partitionList, workerName } from '@kafka-labs/kafka-rebalance/evidence';
import { allProcessed, describeMembers, showOutcome, spawnWorker, startStream, stopWorkers, streamDone } from '@kafka-labs/kafka-rebalance/experiment';
import { MESSAGES as TRACK } from '@kafka-labs/kafka-rebalance/messages';
import { RESTART as S } from '@kafka-labs/kafka-rebalance/setups';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const [t, tt] = [textsIn(MESSAGES, lab.lang), textsIn(TRACK, lab.lang)];

for (const variant of S.variants) {
  lab.step(variant.static ? t.stepStatic(variant) : t.stepDynamic(variant));
  const topic = await lab.createTopic(`${variant.group}-orders`, { partitions: S.partitions });
  const names = { group: lab.name(variant.group), base: variant.group, topic };
  const consumer = variant.protocol === 'consumer';
  const flagsOf = (member: string) => [
    '--delay', String(S.delaySec), '--commit-every', String(S.commitEvery), '--revoke-commit', '--group-protocol', variant.protocol,
    ...(variant.static ? ['--instance-id', workerName(variant.group, member)] : []),
  ];
  lab.say(
    consumer ? t.workersConsumer(S) : t.workersClassic(S),
    variant.static ? t.instanceIds({ a: workerName(variant.group, 'a'), b: workerName(variant.group, 'b') }) : t.noInstanceId(),
  );
  if (variant.groupSessionTimeoutMs !== null) {
    await lab.kafka`kafka-configs --bootstrap-server ${BOOTSTRAP.tools} --alter --entity-type groups --entity-name ${names.group} \
      --add-config consumer.session.timeout.ms=${variant.groupSessionTimeoutMs}`;
    lab.say(t.groupSession({ ms: variant.groupSessionTimeoutMs }));
  }
  const a = spawnWorker(lab, names, 'a', flagsOf('a'));
  await a.waitFor('assignment', 'assigned', (e) => e.partitions.length > 0);
  const b = spawnWorker(lab, names, 'b', flagsOf('b'));
  const half = S.partitions / 2;
  for (const w of [a, b]) await w.untilLogged(tt.partitionsWait({ n: half }), () => ownedBy(w.events()).size === half);
  const bOwned = ownedBy(b.events());
  lab.say(tt.owners({ a: partitionList(ownedBy(a.events())), b: partitionList(bOwned) }));

  const fill = startStream(lab, variant.group, topic, S);
  lab.say(tt.producing(S));
  await b.untilLogged(t.processedByB({ n: S.restartAfter }), () => b.events().filter((e) => e.kind === 'processed').length >= S.restartAfter);

  lab.say(variant.outlastSession ? t.restartFenced() : t.restartSettled());
  const linesBefore = a.events().length;
  await stopWorkers([b]);
  // Without static membership b's stop is a LeaveGroup: the restart waits until a has taken over b's partitions.
  // A static member on the consumer protocol that stays away is fenced when the broker's session expires: likewise.
  if (!variant.static || variant.outlastSession) {
    await a.untilLogged(t.aWithAll({ n: S.partitions }), () => ownedBy(a.events()).size === S.partitions);
  }
  const members = await describeMembers(lab, names);
  lab.show(t.membersLabel(), members);
  const b2 = spawnWorker(lab, names, 'b', flagsOf('b'));
  const back = await b2.waitFor('assignment', 'assigned', (e) => e.partitions.length > 0);
  // Without static membership a is revoked twice (b left, b came back): wait until a has its share again.
  await a.untilLogged(t.aBackTo({ n: half }), () => ownedBy(a.events()).size === half);
  await allProcessed([a, b2], S);
  await streamDone(fill);
  await stopWorkers([a, b2]);

  const bStopping = b.events().find((e) => e.kind === 'stopping')!;
  const b2Started = b2.events().find((e) => e.kind === 'started')!;
  const all = merged(a.events(), b.events(), b2.events());
  lab.show(t.fromStop(), excerpt(all.slice(all.indexOf(bStopping), all.indexOf(back) + 2), lab.lang, 2));
  const aLater = a.events().slice(linesBefore);
  const aRevokes = aLater.slice(0, aLater.findIndex((e) => e.kind === 'stopping')).filter((e) => e.kind === 'revoked').length;
  lab.say(t.whileRestarted({ revokes: aRevokes, got: partitionList(back.partitions), ms: msBetween(b2Started, back), had: partitionList(bOwned) }));
  if (variant.outlastSession) {
    const taken = aLater.find((e) => e.kind === 'assigned' && e.partitions.length > 0)!;
    lab.say(t.fencedAfter({ ms: msBetween(bStopping, taken), session: S.consumerSessionTimeoutMs }));
  }
  await showOutcome(lab, names, [a, b, b2]);
}

lab.say('', t.closing());
