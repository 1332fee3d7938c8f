import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { formatSpreadResult, produceSpread } from '@kafka-labs/kafka-client';
import { excerpt, merged, msBetween } from '@kafka-labs/kafka-rebalance/evidence';
import { allProcessed, showOutcome, spawnWorker, stopWorkers } from '@kafka-labs/kafka-rebalance/experiment';
import { MAXPOLL as S } from '@kafka-labs/kafka-rebalance/setups';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

lab.step(t.createTopic(S));
const topic = await lab.createTopic('slow', { partitions: S.partitions });
const names = { group: lab.name('group'), base: 'slow', topic };
const flags = [
  '--delay', String(S.delaySec), '--commit-every', String(S.commitEvery),
  '--max-poll-interval-ms', String(S.maxPollIntervalMs), '--session-timeout-ms', String(S.sessionTimeoutMs),
];
lab.say(t.workers(S));
const a = spawnWorker(lab, names, 'a', [...flags, '--slow-at', String(S.slowAt), '--slow-sec', String(S.slowSec)]);
await a.waitFor('assignment of p0', 'assigned', (e) => e.partitions.includes(0));
const b = spawnWorker(lab, names, 'b', flags);
await b.waitFor('empty assignment', 'assigned', (e) => e.partitions.length === 0);
await a.untilLogged('assignment of p0 after b joined', () => a.events().filter((e) => e.kind === 'assigned' && e.partitions.includes(0)).length === 2);

lab.step(t.send(S));
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
lab.show(t.fromFirst(), excerpt(all.slice(from, to < 0 ? undefined : to), lab.lang, 6));
lab.say(
  t.story({
    slowAt: S.slowAt,
    at: slow.time.slice(11, 23),
    toMaxpoll: seconds(msBetween(slow, maxpoll)),
    toTake: seconds(msBetween(maxpoll, bTakes)),
    before: seconds(msBetween(bOnSlow, aOnSlow)),
    offset: failed.offsets[0]?.offset ?? -1,
    error: failed.error,
  }),
);

await showOutcome(lab, names, [a, b]);
lab.say('', t.closing());
