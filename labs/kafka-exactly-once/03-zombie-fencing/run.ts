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

const SHOWN = ['started', 'assigned', 'starting-at', 'began', 'sent-offsets', 'committed', 'aborted', 'fenced', 'failed', 'rewound', 'paused', 'resumed'] as const;
/** What protected the output, per variant. */
const PROTECTION: Record<(typeof S.variants)[number]['zombie'], string> = {
  fenced: t.protectedFenced(),
  'committed-late': t.protectedNone(),
  'group-fenced': t.protectedGroup(),
};
const idOf = (p: TxnProcess) => eventsOf(p.events(), 'started')[0]?.settings['transactional.id'] ?? '?';
const summary: string[] = [];

for (const v of S.variants) {
  lab.step(t.variant({ name: v.name, randomId: v.randomId, assign: v.assign, stallAfter: S.stallAfter, orders: S.orders }));
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

  // random-assign: a1 pauses again once its late commit is done, so that it does not go on to the next batch.
  const a1 = spawnTxnWorker(lab, `${v.name}-a1`, [...flags, '--pause-after', v.zombie === 'committed-late' ? `${S.stallAfter},committed:1` : S.stallAfter]);
  await a1.waitFor(`pause after ${S.stallAfter}`, 'paused');
  const a2 = spawnTxnWorker(lab, `${v.name}-a2`, flags);
  await a2.untilLogged(`offset ${S.orders} committed in a transaction`, () => durableOffset(a2.events(), 'transaction') === S.orders);
  const before = await saveGroupOffset(lab, group, input, `${v.name}-before-resume`);
  lab.say(t.takenOver({ a2: idOf(a2), last: S.orders - 1, a1: idOf(a1), offset: String(before) }));

  resume(a1);
  if (v.zombie === 'fenced') {
    await a1.waitFor('its fencing', 'fenced');
    await exitedWith(a1, FATAL_EXIT_CODE);
  } else if (v.zombie === 'committed-late') {
    await a1.waitFor('pause after its late commit', 'paused', (e) => e.after === 'committed:1');
    await a1.child.stop();
    await exitedWith(a1);
  } else {
    await a1.waitFor('its rewind after the abort', 'rewound');
    await a1.child.stop();
    await exitedWith(a1);
  }
  await a2.child.stop();
  await exitedWith(a2);
  lab.show(t.a1Label({ name: a1.name }), logLines(a1, [...SHOWN]));
  lab.show(t.a2Label({ name: a2.name }), logLines(a2, [...SHOWN]));

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
      before: String(before),
      after: String(after),
      n: committed.records.length,
      twice: twice.join(' ') || tx.none(),
      uncommitted: uncommitted.records.length,
    }),
    PROTECTION[v.zombie],
  );
  if (v.zombie === 'fenced') lab.say(tx.epochsNote());
  summary.push(t.summaryRow({ name: v.name, twice: twice.length, before: String(before), after: String(after), zombie: v.zombie }));
  lab.figure(`${v.name}Twice`, twice.length);
}

lab.step(tx.summary());
lab.show(t.summaryLabel(), summary);
lab.say('', t.closing());
