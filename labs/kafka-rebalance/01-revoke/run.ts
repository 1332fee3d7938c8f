import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { formatSpreadResult, produceSpread } from '@kafka-labs/kafka-client';
import { excerpt, last, merged, msBetween, partitionList, partitionsOf, progressOf, uncommitted } from '@kafka-labs/kafka-rebalance/evidence';
import { allProcessed, showOutcome, spawnWorker, stopWorkers } from '@kafka-labs/kafka-rebalance/experiment';
import { CONSUMER_BROKER, REVOKE as S } from '@kafka-labs/kafka-rebalance/setups';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
/** Range (and the broker's uniform assignor) give the first member (a) the first partitions and the joining b the last one: that one moves. */
const moving = S.partitions - 1;

lab.step(t.createTopic(S));
const topic = await lab.createTopic('pay', { partitions: S.partitions });
const sent = await produceSpread({ bootstrap: BOOTSTRAP.host, topic, count: S.messages, partitions: S.partitions });
lab.say(`   ${formatSpreadResult(sent)}`);

for (const variant of S.variants) {
  const names = { group: lab.name(variant.group), base: variant.group, topic };
  const consumer = variant.protocol === 'consumer';
  const flags = [
    '--delay', String(S.delaySec), '--commit-every', String(S.commitEvery), '--group-protocol', variant.protocol,
    ...(variant.revokeCommit ? ['--revoke-commit'] : []),
  ];
  lab.step(variant.revokeCommit ? t.stepRevokeCommit(variant) : t.stepNoCommit(variant));
  lab.say(consumer ? t.workersConsumer({ heartbeatMs: CONSUMER_BROKER.heartbeatIntervalMs }) : t.workersClassic(S));
  const a = spawnWorker(lab, names, 'a', flags);
  const b = spawnWorker(lab, names, 'b', [...flags, '--join-on-signal']);
  await a.waitFor('assignment of every partition', 'assigned', (e) => e.partitions.length === S.partitions);
  await b.waitFor('ready line', 'ready');

  // b joins on an event of a's log: a has committed p1 at least to 100 and processed 10 more of it, and nothing of
  // another partition is uncommitted. a hears of it with its next heartbeat (up to 3 s later), a few commits on.
  await a.untilLogged(t.joinWait({ past: S.joinPastCommit, moving, after: S.joinAfterCommit }), () => {
    const now = progressOf(a.events());
    const others = partitionsOf(S.partitions).filter((p) => p !== moving);
    return (
      (now.committed.get(moving) ?? 0) >= S.joinAfterCommit &&
      uncommitted(now, moving) >= S.joinPastCommit &&
      others.every((p) => uncommitted(now, p) === 0)
    );
  });
  const atJoin = progressOf(a.events());
  b.join();
  lab.say(t.bJoins({ moving, committed: atJoin.committed.get(moving) ?? 0, last: atJoin.next.get(moving)! - 1 }));

  const revoked = await a.waitFor('revoke', 'revoked');
  await b.waitFor(`assignment of p${moving}`, 'assigned', (e) => e.partitions.includes(moving));
  const firstOfB = await b.waitFor(`first processed message of p${moving}`, 'processed', (e) => e.partition === moving);
  await allProcessed([a, b], S);
  await stopWorkers([a, b]);

  const beforeRevoke = a.events().slice(0, a.events().indexOf(revoked));
  const atRevoke = progressOf(beforeRevoke);
  const all = merged(a.events(), b.events());
  const window = all.slice(all.indexOf(last(beforeRevoke, 'commit') ?? revoked), all.indexOf(firstOfB) + 2);
  lab.show(t.around(variant), excerpt(window, lab.lang));
  const [committedAt, stoodAt, bFrom] = [atRevoke.committed.get(moving) ?? 0, atRevoke.next.get(moving)! - 1, firstOfB.offset];
  const bStarted = b.events().find((e) => e.kind === 'started')!;
  const revokedAt = { partitions: partitionList(revoked.partitions), ms: msBetween(bStarted, revoked) };
  lab.say(
    consumer ? t.revokedIncremental(revokedAt) : t.revokedEager(revokedAt),
    variant.revokeCommit
      ? t.handedOver({ moving, stood: stoodAt, next: stoodAt + 1, from: bFrom })
      : stoodAt < committedAt
        ? t.nothingToRedo({ moving, committed: committedAt, from: bFrom })
        : t.runTwice({ moving, stood: stoodAt, committed: committedAt, from: bFrom }),
  );
  await showOutcome(lab, names, [a, b]);
}

lab.say('', t.closing());
