import { produceOrders } from '@kafka-labs/txn-worker';
import { startLab } from '@kafka-labs/lab-kit';
import { durableOffset, eventIdOf, orderIds } from '@kafka-labs/kafka-exactly-once/evidence';
import { awaitTransactionState, dumpSegment, exitedWith, logLines, saveRead, spawnTxnWorker, type TxnProcess } from '@kafka-labs/kafka-exactly-once/experiment';
import { OFFSETS as S } from '@kafka-labs/kafka-exactly-once/setups';
import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { TRANSACTION_MESSAGES } from '@kafka-labs/kafka-exactly-once/transaction-messages';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const tx = textsIn(TRANSACTION_MESSAGES, lab.lang);

const SHOWN = ['starting-at', 'began', 'sent-offsets', 'committed', 'offsets-committed', 'aborted', 'paused'] as const;
const summary: string[] = [];

for (const v of S.variants) {
  lab.step(t.variant({ commit: v.commit, orders: S.orders, batch: S.batch, killAfter: v.killAfter }));
  const input = await lab.createTopic(`orders-${v.name}`);
  const output = await lab.createTopic(`orders_enriched-${v.name}`);
  const flags = [
    '--group', lab.name(`enrich-${v.name}`), '--input', input, '--output', output, '--commit', v.commit,
    '--transactional-id', lab.name(`enrich-tx-${v.name}`), '--batch', String(S.batch), '--assign',
  ];
  await produceOrders({ bootstrap: BOOTSTRAP.host, topic: input, count: S.orders, partitions: 1 });

  const killed = spawnTxnWorker(lab, `${v.name}-1`, [...flags, '--pause-after', v.killAfter]);
  await killed.waitFor(`pause after ${v.killAfter}`, 'paused');
  await killed.child.stop({ signal: 'SIGKILL' });
  lab.show(t.killedLabel({ name: killed.name }), logLines(killed, [...SHOWN]));

  const restarted = spawnTxnWorker(lab, `${v.name}-2`, flags);
  const start = await restarted.waitFor('its start offset', 'starting-at');
  // Done once its last transaction is committed with the input's end in its offsets (or it started at the end).
  const done = (p: TxnProcess) => start.offsets[0]?.offset === S.orders || durableOffset(p.events(), v.commit) === S.orders;
  await restarted.untilLogged(`offset ${S.orders} committed`, () => done(restarted));
  await restarted.child.stop();
  await exitedWith(restarted);
  lab.show(t.restartedLabel({ name: restarted.name }), logLines(restarted, [...SHOWN]));

  const committed = await saveRead(lab, output, 'read_committed', v.name);
  const uncommitted = await saveRead(lab, output, 'read_uncommitted', v.name);
  const state = await awaitTransactionState(lab, lab.name(`enrich-tx-${v.name}`), ['CompleteCommit', 'CompleteAbort', 'Empty'], `transactions-${v.name}.txt`);
  lab.show(tx.dumpLabel(), (await dumpSegment(lab, output, `dump-${v.name}.txt`)).map((l) => l.replace(/ payload: .*/, '').replace(/ CreateTime: \d+ crc: \d+/, '')));
  const ids = committed.records.map((r) => eventIdOf(r.value));
  const twice = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  const missing = orderIds(S.orders).filter((id) => !ids.includes(id));
  const ghosts = uncommitted.records.length - committed.records.length;
  lab.say(
    t.variantResult({
      killed: killed.name,
      durable: String(durableOffset(killed.events(), v.commit)),
      restarted: restarted.name,
      start: String(start.offsets[0]?.offset),
      n: committed.records.length,
      twice: twice.join(' ') || tx.none(),
      missing: missing.join(' ') || tx.none(),
      uncommitted: uncommitted.records.length,
      ghosts,
      state: state.state,
      epoch: state.producerEpoch,
    }),
  );
  if (v.commit === 'transaction') lab.say(tx.epochsNote());
  summary.push(t.summaryRow({ commit: v.commit, twice: twice.length, missing: missing.length, ghosts }));
  lab.figure(`${v.name}Twice`, twice.length);
  lab.figure(`${v.name}Missing`, missing.length);
}

lab.step(tx.summary());
lab.show(t.summaryLabel(), summary);
lab.say('', t.closing());
