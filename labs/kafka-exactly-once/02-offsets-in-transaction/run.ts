import { produceOrders } from '@kafka-labs/txn-worker';
import { startLab } from '@kafka-labs/lab-kit';
import { durableOffset, eventIdOf, orderIds } from '@kafka-labs/kafka-exactly-once/evidence';
import { awaitTransactionState, dumpSegment, exitedWith, logLines, saveRead, spawnTxnWorker, type TxnProcess } from '@kafka-labs/kafka-exactly-once/experiment';
import { OFFSETS as S } from '@kafka-labs/kafka-exactly-once/setups';
import { BOOTSTRAP } from '@kafka-labs/broker';

await using lab = await startLab(import.meta.url, { parameters: S });

const SHOWN = ['starting-at', 'began', 'sent-offsets', 'committed', 'offsets-committed', 'aborted', 'paused'] as const;
const summary: string[] = [];

for (const v of S.variants) {
  lab.step(`--commit ${v.commit}: ${S.orders} orders, batches of ${S.batch}; SIGKILL the worker at "paused after ${v.killAfter}", then restart it`);
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
  lab.show(`${killed.name}, until SIGKILL`, logLines(killed, [...SHOWN]));

  const restarted = spawnTxnWorker(lab, `${v.name}-2`, flags);
  const start = await restarted.waitFor('its start offset', 'starting-at');
  // Done once its last transaction is committed with the input's end in its offsets (or it started at the end).
  const done = (p: TxnProcess) => start.offsets[0]?.offset === S.orders || durableOffset(p.events(), v.commit) === S.orders;
  await restarted.untilLogged(`offset ${S.orders} committed`, () => done(restarted));
  await restarted.child.stop();
  await exitedWith(restarted);
  lab.show(`${restarted.name}, restarted with the same transactional.id`, logLines(restarted, [...SHOWN]));

  const committed = await saveRead(lab, output, 'read_committed', v.name);
  const uncommitted = await saveRead(lab, output, 'read_uncommitted', v.name);
  const state = await awaitTransactionState(lab, lab.name(`enrich-tx-${v.name}`), ['CompleteCommit', 'CompleteAbort', 'Empty'], `transactions-${v.name}.txt`);
  lab.show('kafka-dump-log of the output, one line per batch', (await dumpSegment(lab, output, `dump-${v.name}.txt`)).map((l) => l.replace(/ payload: .*/, '').replace(/ CreateTime: \d+ crc: \d+/, '')));
  const ids = committed.records.map((r) => eventIdOf(r.value));
  const twice = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  const missing = orderIds(S.orders).filter((id) => !ids.includes(id));
  const ghosts = uncommitted.records.length - committed.records.length;
  lab.say(
    `   ${killed.name} stood at committed offset ${durableOffset(killed.events(), v.commit)} when it was killed; ${restarted.name} started at ${start.offsets[0]?.offset}.`,
    `   read_committed output: ${committed.records.length} records, twice: ${twice.join(' ') || 'none'}, missing: ${missing.join(' ') || 'none'};`,
    `   read_uncommitted: ${uncommitted.records.length} (${ghosts} aborted copies). Transaction state: ${state.state}, epoch ${state.producerEpoch}.`,
  );
  summary.push(`${v.commit.padEnd(12)} twice: ${String(twice.length).padEnd(3)} missing: ${String(missing.length).padEnd(3)} aborted copies: ${ghosts}`);
  lab.figure(`${v.name}Twice`, twice.length);
  lab.figure(`${v.name}Missing`, missing.length);
}

lab.step('Summary');
lab.show('read_committed output per way of committing offsets', summary);
lab.say(
  '',
  'Offsets committed outside the transaction make the crash window visible. commitSync after commitTransaction: the',
  'output is committed, the offsets are not, so the restarted worker processes the batch again and its output is',
  'there twice. commitSync before commitTransaction: the offsets are committed, the output is aborted with the',
  'killed transaction, so the batch is never processed again: lost. sendOffsetsToTransaction puts the offsets in',
  'the transaction: the restart aborts both together (ABORT marker, epoch bumped), starts from the last committed',
  'offsets, and every order is in the read_committed output once; the aborted copies are visible only read_uncommitted.',
);
