import { BOOTSTRAP } from '@kafka-labs/broker';
import { startLab } from '@kafka-labs/lab-kit';
import { formatSpreadResult, produceSpread } from '@kafka-labs/kafka-client';
import { excerpt, last, merged, msBetween, partitionList, partitionsOf, progressOf, uncommitted } from '@kafka-labs/kafka-rebalance/evidence';
import { allProcessed, describeGroup, offsetsLine, reportLines, saveDups, spawnWorker, stopWorkers } from '@kafka-labs/kafka-rebalance/experiment';
import { CONSUMER_BROKER, REVOKE as S } from '@kafka-labs/kafka-rebalance/setups';

await using lab = await startLab(import.meta.url, { parameters: S });
/** Range (and the broker's uniform assignor) give the first member (a) the first partitions and the joining b the last one: that one moves. */
const moving = S.partitions - 1;

lab.step(`Create topic pay with ${S.partitions} partitions and fill it with ${S.messages} messages, round-robin`);
const topic = await lab.createTopic('pay', { partitions: S.partitions });
const sent = await produceSpread({ bootstrap: BOOTSTRAP.host, topic, count: S.messages, partitions: S.partitions });
lab.say(`   ${formatSpreadResult(sent)}`);

for (const variant of S.variants) {
  const names = { group: lab.group(variant.group), base: variant.group, topic };
  const consumer = variant.protocol === 'consumer';
  const flags = [
    '--delay', String(S.delaySec), '--commit-every', String(S.commitEvery), '--group-protocol', variant.protocol,
    ...(variant.revokeCommit ? ['--revoke-commit'] : []),
  ];
  lab.step(
    variant.revokeCommit
      ? `Group ${variant.group}: the same, but on revoke each worker first commits what it has processed (--revoke-commit)`
      : `Group ${variant.group}: a works alone, b joins mid-run; nothing is committed on revoke`,
  );
  lab.say(
    consumer
      ? `   workers: as above, on the consumer protocol (group.protocol=consumer, KIP-848): the broker assigns (uniform) and`
      : `   workers: ${S.delaySec} s per message, commit after every ${S.commitEvery} processed messages, classic protocol, range,`,
    consumer
      ? `   sets the heartbeat, ${CONSUMER_BROKER.heartbeatIntervalMs} ms here (group.consumer.heartbeat.interval.ms; 5 s by default)`
      : `   the client's default heartbeat.interval.ms (3 s): a hears of b's join with its next heartbeat, up to 3 s later`,
  );
  const a = spawnWorker(lab, names, 'a', flags);
  const b = spawnWorker(lab, names, 'b', [...flags, '--join-on-signal']);
  await a.waitFor('assignment of every partition', 'assigned', (e) => e.partitions.length === S.partitions);
  await b.waitFor('ready line', 'ready');

  // b joins on an event of a's log: a has committed p1 at least to 100 and processed 10 more of it, and nothing of
  // another partition is uncommitted. a hears of it with its next heartbeat (up to 3 s later), a few commits on.
  await a.until(`${S.joinPastCommit} processed messages of p${moving} past a commit at ${S.joinAfterCommit} or more`, () => {
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
  lab.say(
    `   b joins: a has committed p${moving}=${atJoin.committed.get(moving)} and processed it up to offset ${atJoin.next.get(moving)! - 1}`,
  );

  const revoked = await a.waitFor('revoke', 'revoked');
  await b.waitFor(`assignment of p${moving}`, 'assigned', (e) => e.partitions.includes(moving));
  const firstOfB = await b.waitFor(`first processed message of p${moving}`, 'processed', (e) => e.partition === moving);
  await allProcessed([a, b], S);
  await stopWorkers([a, b]);

  const beforeRevoke = a.events().slice(0, a.events().indexOf(revoked));
  const atRevoke = progressOf(beforeRevoke);
  const all = merged(a.events(), b.events());
  const window = all.slice(all.indexOf(last(beforeRevoke, 'commit') ?? revoked), all.indexOf(firstOfB) + 2);
  lab.show(`${variant.group}-a and ${variant.group}-b around the rebalance (both logs, by time)`, excerpt(window));
  const [committedAt, stoodAt, bFrom] = [atRevoke.committed.get(moving) ?? 0, atRevoke.next.get(moving)! - 1, firstOfB.offset];
  const bStarted = b.events().find((e) => e.kind === 'started')!;
  lab.say(
    `   a was revoked ${partitionList(revoked.partitions)} ${msBetween(bStarted, revoked)} ms after b subscribed: ${
      consumer ? 'only the partition that moves (the consumer protocol is incremental)' : 'every partition (range is eager)'
    }.`,
    variant.revokeCommit
      ? `   a processed p${moving} up to ${stoodAt} and committed p${moving}=${stoodAt + 1} in the revoke; b started at ${bFrom}.`
      : stoodAt < committedAt
        ? `   a's revoke came right after its commit of p${moving}=${committedAt}; b started at ${bFrom}: nothing to redo this time (a revoke may land anywhere in a commit interval).`
        : `   a processed p${moving} up to ${stoodAt} but had committed only p${moving}=${committedAt}; b started at ${bFrom}: ${committedAt}..${stoodAt} run twice.`,
  );
  const report = saveDups(lab, variant.group, [a, b]);
  lab.show('duplicates (dups report)', reportLines(report));
  const committed = await describeGroup(lab, names);
  lab.show('committed offsets, as the broker reports them after both stopped (kafka-consumer-groups --describe)', [offsetsLine(committed)]);
}

lab.say(
  '',
  'Without a commit on revoke, b starts p1 at the last offset a committed and processes again what a did after it:',
  'a range from that commit to where a stood, shorter than one commit interval. With the commit on revoke, b starts',
  'exactly where a stopped and nothing is processed twice. The consumer protocol (KIP-848) revokes only the partition',
  'that moves, and b still starts it at the last commit: the new protocol does not remove these duplicates, the',
  'commit on revoke does.',
);
