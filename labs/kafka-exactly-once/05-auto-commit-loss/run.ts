import { BOOTSTRAP } from '@kafka-labs/broker';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { textsIn } from '@kafka-labs/i18n';
import { ChildError, startLab, watchLog } from '@kafka-labs/lab-kit';
import { produceOrders, TXN_WORKER_CLI } from '@kafka-labs/txn-worker';
import { parseTxnLine } from '@kafka-labs/kafka-client/txn-log';
import { MESSAGES } from './messages.ts';

/** The experiment: one fetch of every order, slow work, a SIGKILL after a few are processed; auto commit, then sync. */
const S = { orders: 10, delaySec: 0.2, autoCommitIntervalMs: 200, killAfterProcessed: 3, variants: ['auto', 'sync'] as const };
/** How often the group's offsets are read before the run gives up on auto commit reaching the end of the fetch. */
const DESCRIBE_TRIES = 30;

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);

/** kafka-consumer-groups --describe of the group, saved as `file`: the committed offset of p0, null for none. */
const committedOffset = async (group: string, topic: string, file: string) => {
  // A group that never committed does not exist for the tool (exit code 1): that is the answer "none".
  const { stdout } = await lab.kafka({ saveAs: file })`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} --describe --group ${group}`.nothrow();
  return parseGroupOffsets(stdout, group, topic).get(0)?.committed ?? null;
};
const worker = (name: string, flags: string[]) => {
  const child = lab.spawnTs(name, TXN_WORKER_CLI, ['--name', name, ...flags]);
  return { child, log: watchLog(child, parseTxnLine) };
};
const span = (offsets: number[]) => (offsets.length ? `${offsets[0]}-${offsets.at(-1)}` : t.none());

for (const variant of S.variants) {
  const auto = variant === 'auto';
  lab.step(auto ? t.stepAuto({ interval: S.autoCommitIntervalMs, kill: S.killAfterProcessed }) : t.stepSync());
  const topic = await lab.createTopic(`orders-${variant}`);
  const group = lab.name(variant);
  await produceOrders({ bootstrap: BOOTSTRAP.host, topic, count: S.orders, partitions: 1 });
  const flags = ['--group', group, '--input', topic, '--commit', variant, '--batch', String(S.orders), '--delay', String(S.delaySec), '--assign'];
  if (auto) flags.push('--auto-commit-interval-ms', String(S.autoCommitIntervalMs));
  lab.say(t.ordersIn({ n: S.orders, topic, delay: S.delaySec }));

  const first = worker(`${variant}-1`, [...flags, '--pause-after', `processed:${S.killAfterProcessed}`]);
  await first.log.waitFor(`pause after ${S.killAfterProcessed} processed orders`, 'paused');
  const consumed = first.log.events().flatMap((e) => (e.kind === 'consumed' ? [e.offset] : []));
  const processed = first.log.events().flatMap((e) => (e.kind === 'processed' ? [e.offset] : []));
  // librdkafka's auto commit runs on its own timer: the offsets of everything consume() returned are committed within
  // an interval or two, however far the application is with them. The tool's answer is the broker's.
  const atKillFile = `offsets-${variant}-at-kill.txt`;
  let atKill = await committedOffset(group, topic, atKillFile);
  for (let tries = 1; auto && atKill !== S.orders; tries++) {
    if (tries === DESCRIBE_TRIES) throw new ChildError(`${group} did not auto-commit p0=${S.orders} (committed: ${atKill ?? 'none'})`);
    atKill = await committedOffset(group, topic, atKillFile);
  }
  lab.say(
    t.atKill({ v: variant, consumed: span(consumed), processed: span(processed), committed: String(atKill ?? t.nothing()) }),
    `   kill -9 ${variant}-1`,
  );
  await first.child.stop({ signal: 'SIGKILL' });

  const second = worker(`${variant}-2`, flags);
  const start = await second.log.waitFor('start offset', 'starting-at');
  const from = start.offsets[0]!.offset;
  if (from < S.orders) await second.log.waitFor(`commit of p0=${S.orders}`, 'offsets-committed', (e) => e.offsets[0]?.offset === S.orders);
  await second.child.stop();
  const again = second.log.events().flatMap((e) => (e.kind === 'processed' ? [e.offset] : []));
  await committedOffset(group, topic, `offsets-${variant}-end.txt`);
  const lost = consumed.filter((o) => !processed.includes(o) && !again.includes(o));
  const twice = processed.filter((o) => again.includes(o));
  lab.say(t.restarted({ v: variant, from, again: span(again) }));
  lab.show(t.tally({ v: variant, n: S.orders }), [
    t.once({ n: consumed.filter((o) => processed.includes(o) !== again.includes(o)).length }),
    t.twice({ n: twice.length, offsets: span(twice), v: variant }),
    t.never({ n: lost.length, offsets: span(lost), v: variant }),
  ]);
}

lab.say('', t.closing({ processed: S.killAfterProcessed, orders: S.orders }));
