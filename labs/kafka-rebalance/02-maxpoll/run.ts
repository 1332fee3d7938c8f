import { BOOTSTRAP } from '@kafka-labs/broker';
import { startLab } from '@kafka-labs/lab-kit';
import { formatSpreadResult, produceSpread } from '@kafka-labs/kafka-client';
import { excerpt, merged, msBetween } from '@kafka-labs/kafka-rebalance/evidence';
import { allProcessed, describeGroup, offsetsLine, reportLines, saveDups, spawnWorker, stopWorkers } from '@kafka-labs/kafka-rebalance/experiment';
import { MAXPOLL as S } from '@kafka-labs/kafka-rebalance/setups';

await using lab = await startLab(import.meta.url, { parameters: S });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

lab.step(`Create topic slow with ${S.partitions} partition; start a and b in one group`);
const topic = await lab.createTopic('slow', { partitions: S.partitions });
const names = { group: lab.group('group'), base: 'slow', topic };
const flags = [
  '--delay', String(S.delaySec), '--commit-every', String(S.commitEvery),
  '--max-poll-interval-ms', String(S.maxPollIntervalMs), '--session-timeout-ms', String(S.sessionTimeoutMs),
];
lab.say(
  `   workers: ${S.delaySec} s per message, commit after each, max.poll.interval.ms=${S.maxPollIntervalMs},`,
  `   session.timeout.ms=${S.sessionTimeoutMs} (librdkafka refuses a max.poll.interval.ms below session.timeout.ms);`,
  `   a works ${S.slowSec} s on offset ${S.slowAt}. With one partition, b waits with nothing assigned.`,
);
const a = spawnWorker(lab, names, 'a', [...flags, '--slow-at', String(S.slowAt), '--slow-sec', String(S.slowSec)]);
await a.waitFor('assignment of p0', 'assigned', (e) => e.partitions.includes(0));
const b = spawnWorker(lab, names, 'b', flags);
await b.waitFor('empty assignment', 'assigned', (e) => e.partitions.length === 0);
await a.until('assignment of p0 after b joined', () => a.events().filter((e) => e.kind === 'assigned' && e.partitions.includes(0)).length === 2);

lab.step(`Send ${S.messages} messages and watch`);
lab.say(`   ${formatSpreadResult(await produceSpread({ bootstrap: BOOTSTRAP.host, topic, count: S.messages, partitions: S.partitions }))}`);
const slow = await a.waitFor(`slow start at offset ${S.slowAt}`, 'slow');
const maxpoll = await a.waitFor('MAXPOLL warning', 'client', (e) => e.text.startsWith('MAXPOLL'), S.slowSec * 1000 + 30_000);
const bTakes = await b.waitFor('assignment of p0', 'assigned', (e) => e.partitions.includes(0));
const bOnSlow = await b.waitFor(`processed offset ${S.slowAt}`, 'processed', (e) => e.offset === S.slowAt);
const failed = await a.waitFor('failed commit', 'commit-failed', undefined, S.slowSec * 1000 + 30_000);
const aOnSlow = await a.waitFor(`processed offset ${S.slowAt}`, 'processed', (e) => e.offset === S.slowAt);
await a.waitFor('lost partitions', 'lost');
await allProcessed([a, b], S);
await stopWorkers([a, b]);

const all = merged(a.events(), b.events());
const from = all.indexOf(a.events().find((e) => e.kind === 'processed')!);
const to = all.findIndex((e) => e.kind === 'stopping');
lab.show('slow-a and slow-b from the first message on (both logs, by time)', excerpt(all.slice(from, to < 0 ? undefined : to), 6));
lab.say(
  `   a started offset ${S.slowAt} at ${slow.time.slice(11, 23)}; ${seconds(msBetween(slow, maxpoll))} later librdkafka left the group for it (MAXPOLL),`,
  `   while a's code was still working. b got p0 ${seconds(msBetween(maxpoll, bTakes))} after that and finished offset ${S.slowAt} ${seconds(msBetween(bOnSlow, aOnSlow))} before a did.`,
  `   a's commit of p0=${failed.offsets[0]?.offset} failed with ${failed.error}: had it passed, the group's offset would have gone back.`,
);

const report = saveDups(lab, names.base, [a, b]);
lab.show('duplicates (dups report)', reportLines(report));
const committed = await describeGroup(lab, names);
lab.show('committed offsets, as the broker reports them (kafka-consumer-groups --describe)', [offsetsLine(committed)]);
lab.say(
  '',
  'A consumer that does not poll within max.poll.interval.ms is taken out of the group by its own client: its',
  'partition goes to another member while it still works, its late commit fails with UNKNOWN_MEMBER_ID, and it',
  'hears "lost", not "revoked": there is no chance to commit on the way out. Only idempotent processing helps.',
);
