import { BOOTSTRAP } from '@kafka-labs/broker';
import { startLab } from '@kafka-labs/lab-kit';
import { FATAL_EXIT_CODE, produceOrders } from '@kafka-labs/txn-worker';
import { orderEvent } from '@kafka-labs/kafka-client/txn-log';
import { durableOffset, eventsOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { awaitTransactionState, dumpSegment, exitedWith, logLines, readLines, resume, saveRead, spawnTxnWorker } from '@kafka-labs/kafka-exactly-once/experiment';
import { TIMEOUT as S } from '@kafka-labs/kafka-exactly-once/setups';

await using lab = await startLab(import.meta.url, { parameters: S });

const SHOWN = ['started', 'starting-at', 'began', 'sent-offsets', 'committed', 'aborted', 'fenced', 'failed', 'paused', 'resumed', 'stopped'] as const;
const late = orderEvent(S.late).eventId;

lab.step(`Create orders and orders_enriched; ${S.orders} orders; a read_committed reader of orders_enriched`);
const input = await lab.createTopic('orders');
const output = await lab.createTopic('orders_enriched');
const transactionalId = lab.name('enrich-tx');
await produceOrders({ bootstrap: BOOTSTRAP.host, topic: input, count: S.orders, partitions: 1 });
// The reader is a txn-worker without a transaction or output: it logs each record it is given, read_committed.
const reader = spawnTxnWorker(lab, 'reader', ['--group', lab.group('reader'), '--input', output, '--commit', 'sync', '--assign']);
await reader.waitFor('its start offset', 'starting-at');
const flags = [
  '--group', lab.group('enrich'), '--input', input, '--output', output, '--commit', 'transaction', '--assign',
  '--batch', String(S.batch), '--transactional-id', transactionalId, '--transaction-timeout-ms', String(S.transactionTimeoutMs),
];

lab.step(`w1 (transaction.timeout.ms=${S.transactionTimeoutMs}) stalls after "${S.stallAfter}": its transaction holds the ${S.orders} outputs and the input offsets`);
const w1 = spawnTxnWorker(lab, 'w1', [...flags, '--pause-after', S.stallAfter]);
await w1.waitFor(`pause after ${S.stallAfter}`, 'paused');
const written = await produceOrders({ bootstrap: BOOTSTRAP.host, topic: output, count: 1, partitions: 1, first: S.late });
const lateOffset = written.partitions[0]!.lastOffset;
lab.say(`   ${late} written to ${output} p0 without a transaction (acknowledged at offset ${lateOffset}), after w1's open transaction`);

lab.step('Nobody else uses the transactional.id: wait until the coordinator aborts the timed-out transaction');
const aborted = await awaitTransactionState(lab, transactionalId, ['CompleteAbort'], 'transactions-aborted.txt');
const seen = await reader.waitFor(`${late} read_committed`, 'consumed', (e) => e.id === late);
const began = eventsOf(w1.events(), 'began')[0]!;
lab.say(
  `   kafka-transactions describe: ${aborted.state}, epoch ${aborted.producerEpoch}, timeout ${aborted.timeoutMs} ms; w1 is still paused.`,
  `   The read_committed reader got ${late} (offset ${seen.offset}) only now: ${((Date.parse(seen.time) - Date.parse(began.time)) / 1000).toFixed(1)} s after w1 began its transaction.`,
  '   Until the abort the partition\'s last stable offset (LSO) stood at w1\'s first record: nothing after it was readable.',
);

lab.step('Resume w1: its commitTransaction');
resume(w1);
await w1.waitFor('its fencing', 'fenced');
await exitedWith(w1, FATAL_EXIT_CODE);
lab.show('w1, the worker that outlasted its transaction', logLines(w1, [...SHOWN]));

lab.step('Restart it (w2, the same transactional.id)');
const w2 = spawnTxnWorker(lab, 'w2', flags);
await w2.waitFor('its start offset', 'starting-at');
await w2.until(`offset ${S.orders} committed in a transaction`, () => durableOffset(w2.events(), 'transaction') === S.orders);
await w2.child.stop();
await exitedWith(w2);
lab.show('w2, restarted', logLines(w2, [...SHOWN]));
await reader.until(`${S.orders + 1} records read_committed`, () => eventsOf(reader.events(), 'consumed').length >= S.orders + 1);
await reader.child.stop();
await exitedWith(reader);
lab.show('reader (read_committed), what it was given and when', logLines(reader, ['starting-at', 'consumed']));

const end = await awaitTransactionState(lab, transactionalId, ['CompleteCommit'], 'transactions-end.txt');
const committed = await saveRead(lab, output, 'read_committed');
const uncommitted = await saveRead(lab, output, 'read_uncommitted');
lab.show(`read_committed: ${committed.records.length} records`, readLines(committed));
lab.show(`read_uncommitted: ${uncommitted.records.length} records`, readLines(uncommitted));
lab.show('kafka-dump-log of the output, one line per batch', (await dumpSegment(lab, output)).map((l) => l.replace(/ payload: .*/, '').replace(/ CreateTime: \d+ crc: \d+/, '')));
lab.say(`   kafka-transactions describe at the end: ${end.state}, epoch ${end.producerEpoch}.`);
lab.figure('reprocessed', eventsOf(w2.events(), 'processed').length);

lab.say(
  '',
  `w1 held its transaction open longer than transaction.timeout.ms (${S.transactionTimeoutMs} ms). The coordinator, which checks`,
  'for timed-out transactions every second here (transaction.abort.timed.out.transaction.cleanup.interval.ms=1000,',
  'default 10 s), aborted it on its own: it bumped the producer epoch and wrote the ABORT marker at the new epoch.',
  `Until then, the open transaction held read_committed readers at the LSO: ${late}, written after it by another`,
  'producer, stayed invisible for as long. w1 learnt of the abort only at its next call: commitTransaction failed',
  'with _FENCED (-144), "fenced by a newer instance", although no other instance existed: the newer epoch was the',
  "coordinator's. Its input offsets were in the aborted transaction too, so the restart began at offset 0 and",
  'processed the orders again; the transaction kept that exactly-once in read_committed output. The protection is',
  'the timeout itself; the cost is the stall readers see and the work done twice: transaction.timeout.ms must cover',
  'the worst processing time of a batch.',
);
