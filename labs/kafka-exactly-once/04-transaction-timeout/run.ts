import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { TRANSACTION_MESSAGES } from '@kafka-labs/kafka-exactly-once/transaction-messages';
import { MESSAGES } from './messages.ts';
import { startLab } from '@kafka-labs/lab-kit';
import { FATAL_EXIT_CODE, produceOrders } from '@kafka-labs/txn-worker';
import { orderEvent } from '@kafka-labs/kafka-client/txn-log';
import { durableOffset, eventsOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { awaitTransactionState, dumpSegment, exitedWith, logLines, readLines, resume, saveRead, spawnTxnWorker } from '@kafka-labs/kafka-exactly-once/experiment';
import { TIMEOUT as S } from '@kafka-labs/kafka-exactly-once/setups';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const tx = textsIn(TRANSACTION_MESSAGES, lab.lang);

const SHOWN = ['started', 'starting-at', 'began', 'sent-offsets', 'committed', 'aborted', 'fenced', 'failed', 'paused', 'resumed', 'stopped'] as const;
const late = orderEvent(S.late).eventId;

lab.step(t.setUp({ orders: S.orders }));
const input = await lab.createTopic('orders');
const output = await lab.createTopic('orders_enriched');
const transactionalId = lab.name('enrich-tx');
await produceOrders({ bootstrap: BOOTSTRAP.host, topic: input, count: S.orders, partitions: 1 });
// The reader is a txn-worker without a transaction or output: it logs each record it is given, read_committed.
const reader = spawnTxnWorker(lab, 'reader', ['--group', lab.name('reader'), '--input', output, '--commit', 'sync', '--assign']);
await reader.waitFor('its start offset', 'starting-at');
const flags = [
  '--group', lab.name('enrich'), '--input', input, '--output', output, '--commit', 'transaction', '--assign',
  '--batch', String(S.batch), '--transactional-id', transactionalId, '--transaction-timeout-ms', String(S.transactionTimeoutMs),
];

lab.step(t.stall({ timeoutMs: S.transactionTimeoutMs, stallAfter: S.stallAfter, orders: S.orders }));
const w1 = spawnTxnWorker(lab, 'w1', [...flags, '--pause-after', S.stallAfter]);
await w1.waitFor(`pause after ${S.stallAfter}`, 'paused');
const written = await produceOrders({ bootstrap: BOOTSTRAP.host, topic: output, count: 1, partitions: 1, first: S.late });
const lateOffset = written.partitions[0]!.lastOffset;
lab.say(t.lateWritten({ late, output, offset: lateOffset }));

lab.step(t.waitAbort());
const aborted = await awaitTransactionState(lab, transactionalId, ['CompleteAbort'], 'transactions-aborted.txt');
const seen = await reader.waitFor(`${late} read_committed`, 'consumed', (e) => e.id === late);
const began = eventsOf(w1.events(), 'began')[0]!;
lab.say(
  t.aborted({
    state: aborted.state,
    epoch: aborted.producerEpoch,
    timeoutMs: aborted.timeoutMs,
    late,
    offset: seen.offset,
    seconds: ((Date.parse(seen.time) - Date.parse(began.time)) / 1000).toFixed(1),
  }),
);

lab.step(t.resume());
resume(w1);
await w1.waitFor('its fencing', 'fenced');
await exitedWith(w1, FATAL_EXIT_CODE);
lab.show(t.w1Label(), logLines(w1, [...SHOWN]));

lab.step(t.restart());
const w2 = spawnTxnWorker(lab, 'w2', flags);
await w2.waitFor('its start offset', 'starting-at');
await w2.untilLogged(`offset ${S.orders} committed in a transaction`, () => durableOffset(w2.events(), 'transaction') === S.orders);
await w2.child.stop();
await exitedWith(w2);
lab.show(t.w2Label(), logLines(w2, [...SHOWN]));
await reader.untilLogged(`${S.orders + 1} records read_committed`, () => eventsOf(reader.events(), 'consumed').length >= S.orders + 1);
await reader.child.stop();
await exitedWith(reader);
lab.show(t.readerLabel(), logLines(reader, ['starting-at', 'consumed']));

const end = await awaitTransactionState(lab, transactionalId, ['CompleteCommit'], 'transactions-end.txt');
const committed = await saveRead(lab, output, 'read_committed');
const uncommitted = await saveRead(lab, output, 'read_uncommitted');
lab.show(tx.readLabel({ isolation: 'read_committed', n: committed.records.length }), readLines(committed));
lab.show(tx.readLabel({ isolation: 'read_uncommitted', n: uncommitted.records.length }), readLines(uncommitted));
lab.show(tx.dumpLabel(), (await dumpSegment(lab, output)).map((l) => l.replace(/ payload: .*/, '').replace(/ CreateTime: \d+ crc: \d+/, '')));
lab.say(t.endState({ state: end.state, epoch: end.producerEpoch }), tx.epochsNote());
lab.figure('reprocessed', eventsOf(w2.events(), 'processed').length);

lab.say('', t.closing({ timeoutMs: S.transactionTimeoutMs, late }));
