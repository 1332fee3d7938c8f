import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { produceSpread } from '@kafka-labs/kafka-client';
import { excerpt, first, merged, msBetween } from '@kafka-labs/kafka-rebalance/evidence';
import { allProcessed, showOutcome, spawnWorker, stopWorkers } from '@kafka-labs/kafka-rebalance/experiment';
import { MAXPOLL_CONSUMER as S } from '@kafka-labs/kafka-rebalance/setups';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** A wait on one slow message: its work, plus the session, plus slack for a loaded machine. */
const slowWaitMs = (slowSec: number) => slowSec * 1000 + S.sessionTimeoutMs + 30_000;

lab.step(t.start(S));
lab.say(t.workers({ ...S, slow: S.variants.map((v) => t.slowOf(v)).join(t.or()) }));
const runs = await Promise.all(
  S.variants.map(async (variant) => {
    const topic = await lab.createTopic(`${variant.group}-slow`, { partitions: S.partitions });
    const names = { group: lab.name(variant.group), base: variant.group, topic };
    const flags = ['--group-protocol', 'consumer', '--delay', String(S.delaySec), '--commit-every', String(S.commitEvery), '--max-poll-interval-ms', String(S.maxPollIntervalMs)];
    const a = spawnWorker(lab, names, 'a', [...flags, '--slow-at', String(S.slowAt), '--slow-sec', String(variant.slowSec)]);
    await a.waitFor('assignment of p0', 'assigned', (e) => e.partitions.includes(0));
    const b = spawnWorker(lab, names, 'b', flags);
    await b.waitFor('start', 'started');
    return { variant, names, a, b };
  }),
);

lab.step(t.send(S));
await Promise.all(
  runs.map(async ({ variant, names, a, b }) => {
    await produceSpread({ bootstrap: BOOTSTRAP.host, topic: names.topic, count: S.messages, partitions: S.partitions });
    await a.waitFor(`slow start at offset ${S.slowAt}`, 'slow');
    await a.waitFor('MAXPOLL warning', 'client', (e) => e.text.startsWith('MAXPOLL'), slowWaitMs(variant.slowSec));
    const aDone = await a.waitFor(`processed offset ${S.slowAt}`, 'processed', (e) => e.offset === S.slowAt, slowWaitMs(variant.slowSec));
    await a.untilLogged('commit after the slow offset', () => a.events().slice(a.events().indexOf(aDone)).some((e) => e.kind === 'commit' || e.kind === 'commit-failed'));
    await allProcessed([a, b], S);
    await stopWorkers([a, b]);
  }),
);

for (const { variant, names, a, b } of runs) {
  lab.step(t.stepGroup({ ...variant, slowAt: S.slowAt }));
  const all = merged(a.events(), b.events());
  const from = all.indexOf(first(a.events(), 'processed')!);
  const to = all.findIndex((e) => e.kind === 'stopping');
  lab.show(t.fromFirst(variant), excerpt(all.slice(from, to < 0 ? undefined : to), lab.lang, 6));
  const slow = first(a.events(), 'slow')!;
  const maxpoll = first(a.events(), 'client', (e) => e.text.startsWith('MAXPOLL'))!;
  const aDone = first(a.events(), 'processed', (e) => e.offset === S.slowAt)!;
  const after = a.events().slice(a.events().indexOf(aDone));
  const outcome = after.find((e) => e.kind === 'commit' || e.kind === 'commit-failed')!;
  const bTakes = first(b.events(), 'assigned', (e) => e.partitions.includes(0));
  lab.say(
    t.timing({ slowAt: S.slowAt, at: slow.time.slice(11, 23), toMaxpoll: seconds(msBetween(slow, maxpoll)), toDone: seconds(msBetween(slow, aDone)) }),
    bTakes && bTakes.time < aDone.time ? t.bTook({ after: seconds(msBetween(maxpoll, bTakes)) }) : t.bWaited({ sessionSec: S.sessionTimeoutMs / 1000 }),
    outcome.kind === 'commit'
      ? t.lateSucceeded({ offsets: outcome.offsets.map((o) => `p${o.partition}=${o.offset}`).join(' ') })
      : t.lateFailed(outcome),
  );
  const lost = first(after, 'lost');
  const next = lost && merged(a.events(), b.events()).find((e) => e.kind === 'assigned' && e.partitions.includes(0) && e.time >= lost.time);
  if (outcome.kind === 'commit' && lost && next) {
    lab.say(t.rejoined({ who: next.worker === a.name ? 'a' : 'b', after: seconds(msBetween(lost, next)) }));
  }
  await showOutcome(lab, names, [a, b]);
}

lab.say('', t.closing());
