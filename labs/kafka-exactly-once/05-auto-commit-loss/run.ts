import { BOOTSTRAP } from '@kafka-labs/broker';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { ChildError, startLab, watchLog } from '@kafka-labs/lab-kit';
import { produceOrders, TXN_WORKER_CLI } from '@kafka-labs/txn-worker';
import { parseTxnLine } from '@kafka-labs/kafka-client/txn-log';

/** The experiment: one fetch of every order, slow work, a SIGKILL after a few are processed; auto commit, then sync. */
const S = { orders: 10, delaySec: 0.2, autoCommitIntervalMs: 200, killAfterProcessed: 3, variants: ['auto', 'sync'] as const };
/** How often the group's offsets are read before the run gives up on auto commit reaching the end of the fetch. */
const DESCRIBE_TRIES = 30;

await using lab = await startLab(import.meta.url, { parameters: S });

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
const span = (offsets: number[]) => (offsets.length ? `${offsets[0]}-${offsets.at(-1)}` : 'none');

for (const variant of S.variants) {
  const auto = variant === 'auto';
  lab.step(
    auto
      ? `auto: enable.auto.commit=true, auto.commit.interval.ms=${S.autoCommitIntervalMs}; kill -9 after ${S.killAfterProcessed} orders are processed`
      : `sync: the same crash, with the offsets committed (commitSync) only after the whole batch is processed`,
  );
  const topic = await lab.createTopic(`orders-${variant}`);
  const group = lab.group(variant);
  await produceOrders({ bootstrap: BOOTSTRAP.host, topic, count: S.orders, partitions: 1 });
  const flags = ['--group', group, '--input', topic, '--commit', variant, '--batch', String(S.orders), '--delay', String(S.delaySec), '--assign'];
  if (auto) flags.push('--auto-commit-interval-ms', String(S.autoCommitIntervalMs));
  lab.say(`   ${S.orders} orders in ${topic}; the worker takes them in one consume call and works ${S.delaySec} s on each`);

  const first = worker(`${variant}-1`, [...flags, '--pause-after', `processed:${S.killAfterProcessed}`]);
  await first.log.waitFor(`pause after ${S.killAfterProcessed} processed orders`, 'paused');
  const consumed = first.log.events().flatMap((e) => (e.kind === 'consumed' ? [e.offset] : []));
  const processed = first.log.events().flatMap((e) => (e.kind === 'processed' ? [e.offset] : []));
  // Auto commit runs on the client's own timer: the offsets of everything consume() returned are committed within an
  // interval or two, however far the application is with them. The tool's answer is the broker's.
  const atKillFile = `offsets-${variant}-at-kill.txt`;
  let atKill = await committedOffset(group, topic, atKillFile);
  for (let tries = 1; auto && atKill !== S.orders; tries++) {
    if (tries === DESCRIBE_TRIES) throw new ChildError(`${group} did not auto-commit p0=${S.orders} (committed: ${atKill ?? 'none'})`);
    atKill = await committedOffset(group, topic, atKillFile);
  }
  lab.say(
    `   ${variant}-1 consumed offsets ${span(consumed)} and processed ${span(processed)}; kafka-consumer-groups --describe: committed ${atKill ?? 'nothing'}`,
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
  lab.say(`   ${variant}-2 started at offset ${from} (the committed offset) and processed ${span(again)}`);
  lab.show(
    `${variant}: what became of the ${S.orders} orders`,
    [
      `processed once:     ${consumed.filter((o) => processed.includes(o) !== again.includes(o)).length}`,
      `processed twice:    ${twice.length}${twice.length ? ` (offsets ${span(twice)}: ${variant}-1 processed them, nothing had committed them)` : ''}`,
      `never processed:    ${lost.length}${lost.length ? ` (offsets ${span(lost)}: committed by the client before ${variant}-1 worked on them)` : ''}`,
    ],
  );
}

lab.say(
  '',
  'With auto commit the client commits the offset of what poll returned, on its own timer: the worker had processed',
  `${S.killAfterProcessed} orders when the group already held offset ${S.orders}, so the restart began after orders no one processed.`,
  'Committing after the work turns the same crash into a repeat: the restarted worker began where the last commit',
  'was (none yet) and processed the first orders again. At least once, nothing lost; the repeats are the next',
  "lab's problem.",
);
