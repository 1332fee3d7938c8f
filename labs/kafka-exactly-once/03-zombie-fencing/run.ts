import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { TRANSACTION_MESSAGES } from '@kafka-labs/kafka-exactly-once/transaction-messages';
import { MESSAGES } from './messages.ts';
import { startLab } from '@kafka-labs/lab-kit';
import { FATAL_EXIT_CODE, produceOrders } from '@kafka-labs/txn-worker';
import { copies, durableOffset, eventIdOf, eventsOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { awaitTransactionState, dumpSegment, exitedWith, logLines, resume, saveGroupOffset, saveRead, spawnTxnWorker, type TxnProcess } from '@kafka-labs/kafka-exactly-once/experiment';
import { ZOMBIE as S } from '@kafka-labs/kafka-exactly-once/setups';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const tx = textsIn(TRANSACTION_MESSAGES, lab.lang);

const SHOWN = ['started', 'assigned', 'client', 'starting-at', 'began', 'sent-offsets', 'committed', 'aborted', 'fenced', 'failed', 'rewound', 'paused', 'resumed'] as const;
/** What protected the output, per variant. */
const PROTECTION: Record<(typeof S.variants)[number]['zombie'], string> = {
  fenced: t.protectedFenced(),
  'committed-late': t.protectedNone(),
  'group-fenced': t.protectedGroup(),
  held: t.protectedHeld(),
};
/** a2's log line just before its committed-offset fetch (assign()). */
const fetching = (p: TxnProcess) => p.events().find((e) => e.kind === 'client' && / fetching$/.test(e.text));
/** A group's committed offset for the transcript: the number, or none. */
const offsetText = (offset: number | null) => (offset === null ? tx.none() : String(offset));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const idOf = (p: TxnProcess) => eventsOf(p.events(), 'started')[0]?.settings['transactional.id'] ?? '?';
const summary: string[] = [];

for (const v of S.variants) {
  lab.step(t.variant({ name: v.name, randomId: v.randomId, assign: v.assign, stallAfter: v.stallAfter, orders: S.orders, held: v.zombie === 'held' }));
  const input = await lab.createTopic(`orders-${v.name}`);
  const output = await lab.createTopic(`orders_enriched-${v.name}`);
  const group = lab.name(`enrich-${v.name}`);
  const flags = [
    '--group', group, '--input', input, '--output', output, '--commit', 'transaction', '--batch', String(S.batch),
    '--transactional-id', lab.name(`enrich-tx-${v.name}`),
    ...(v.randomId ? ['--random-id'] : []),
    ...(v.assign ? ['--assign'] : ['--session-timeout-ms', String(S.sessionTimeoutMs), '--max-poll-interval-ms', String(S.sessionTimeoutMs)]),
  ];
  await produceOrders({ bootstrap: BOOTSTRAP.host, topic: input, count: S.orders, partitions: 1 });

  // random-assign and random-after-offsets: a1 pauses again once its commit is done, so that it does not go on to the next batch.
  const commitsOnce = v.zombie === 'committed-late' || v.zombie === 'held';
  const a1 = spawnTxnWorker(lab, `${v.name}-a1`, [...flags, '--pause-after', commitsOnce ? `${v.stallAfter},committed:1` : v.stallAfter]);
  await a1.waitFor(`pause after ${v.stallAfter}`, 'paused');
  const a2 = spawnTxnWorker(lab, `${v.name}-a2`, flags);
  let before: number | null;
  if (v.zombie === 'held') {
    // a2 asks for the group's committed offsets while a1's open transaction holds offsets for the group: the answer waits.
    await a2.untilLogged('its committed-offset fetch', () => fetching(a2) !== undefined);
    const asked = Date.parse(fetching(a2)!.time);
    before = await saveGroupOffset(lab, group, input, `${v.name}-before-resume`);
    await sleep(Math.max(0, asked + S.holdMs - Date.now()));
    const started = eventsOf(a2.events(), 'starting-at')[0];
    const at = started?.offsets.map((o) => `p${o.partition}=${o.offset}`).join(' ');
    lab.say(t.heldWhile({ a2: idOf(a2), a1: idOf(a1), seconds: ((Date.now() - asked) / 1000).toFixed(1), started: at ?? t.notYet(), offset: offsetText(before) }));
  } else {
    await a2.untilLogged(`offset ${S.orders} committed in a transaction`, () => durableOffset(a2.events(), 'transaction') === S.orders);
    before = await saveGroupOffset(lab, group, input, `${v.name}-before-resume`);
    lab.say(t.takenOver({ a2: idOf(a2), last: S.orders - 1, a1: idOf(a1), offset: offsetText(before) }));
  }

  resume(a1);
  if (v.zombie === 'fenced') {
    await a1.waitFor('its fencing', 'fenced');
    await exitedWith(a1, FATAL_EXIT_CODE);
  } else if (commitsOnce) {
    await a1.waitFor('pause after its commit', 'paused', (e) => e.after === 'committed:1');
    if (v.zombie === 'held') await a2.untilLogged(`offset ${S.orders} committed in a transaction`, () => durableOffset(a2.events(), 'transaction') === S.orders);
    await a1.child.stop();
    await exitedWith(a1);
  } else {
    await a1.waitFor('its rewind after the abort', 'rewound');
    await a1.child.stop();
    await exitedWith(a1);
  }
  await a2.child.stop();
  await exitedWith(a2);
  lab.show(t.a1Label({ name: a1.name }), logLines(a1, SHOWN.filter((k) => k !== 'client')));
  lab.show(t.a2Label({ name: a2.name }), logLines(a2, [...SHOWN]).filter((l) => !/^\S+ client: /.test(l) || / fetching$/.test(l)));

  const after = await saveGroupOffset(lab, group, input, `${v.name}-end`);
  const late = await awaitTransactionState(lab, idOf(a1), ['CompleteCommit', 'CompleteAbort'], `transactions-${v.name}-a1.txt`);
  if (idOf(a2) !== idOf(a1)) await awaitTransactionState(lab, idOf(a2), ['CompleteCommit'], `transactions-${v.name}-a2.txt`);
  const committed = await saveRead(lab, output, 'read_committed', v.name);
  const uncommitted = await saveRead(lab, output, 'read_uncommitted', v.name);
  lab.show(tx.dumpLabel(), (await dumpSegment(lab, output, `dump-${v.name}.txt`)).map((l) => l.replace(/ payload: .*/, '').replace(/ CreateTime: \d+ crc: \d+/, '')));

  const ids = committed.records.map((r) => eventIdOf(r.value));
  const twice = [...copies(ids)].filter(([, n]) => n > 1).map(([id]) => id);
  lab.say(
    t.variantResult({
      id: idOf(a1),
      state: late.state,
      epoch: late.producerEpoch,
      before: offsetText(before),
      after: offsetText(after),
      n: committed.records.length,
      twice: twice.join(' ') || tx.none(),
      uncommitted: uncommitted.records.length,
    }),
    PROTECTION[v.zombie],
  );
  if (v.zombie === 'fenced') lab.say(tx.epochsNote());
  summary.push(t.summaryRow({ name: v.name, twice: twice.length, before: offsetText(before), after: offsetText(after), zombie: v.zombie }));
  lab.figure(`${v.name}Twice`, twice.length);
}

lab.step(tx.summary());
lab.show(t.summaryLabel(), summary);
lab.say('', t.closing());
