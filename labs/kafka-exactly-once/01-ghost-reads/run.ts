import { startLab } from '@kafka-labs/lab-kit';
import { copies, eventIdOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { awaitTransactionState, consoleRead, dumpSegment, exitedWith, logLines, readLines, saveRead, spawnTxnProducer } from '@kafka-labs/kafka-exactly-once/experiment';
import { GHOST as S } from '@kafka-labs/kafka-exactly-once/setups';
import { parseConsoleRecords } from '@kafka-labs/dumplog';

await using lab = await startLab(import.meta.url, { parameters: S });

lab.step('Create orders-ghost with one partition');
const topic = await lab.createTopic('orders-ghost');
const transactionalId = lab.name('ghost-tx');
lab.say(`   topic: ${topic}, transactional.id: ${transactionalId}`);

lab.step(`One transactional producer: orders E-0001..E-000${S.orders}, flushed, ABORTED; then the same orders, flushed, COMMITTED`);
const producer = spawnTxnProducer(lab, 'producer', [
  '--topic', topic, '--transactional-id', transactionalId, '--count', String(S.orders), '--outcomes', S.outcomes.join(','),
]);
await exitedWith(producer);
lab.show('producer.log', logLines(producer, ['began', 'produced', 'aborted', 'committed', 'fenced', 'failed']));
const done = await awaitTransactionState(lab, transactionalId, ['CompleteCommit']);
lab.say(`   kafka-transactions describe: ${done.state} (epoch ${done.producerEpoch}); no transaction is open, so nothing is held back.`);

lab.step('Read the partition back with librdkafka, at both isolation levels');
const uncommitted = await saveRead(lab, topic, 'read_uncommitted');
const committed = await saveRead(lab, topic, 'read_committed');
lab.show(`read_uncommitted: ${uncommitted.records.length} records`, readLines(uncommitted));
lab.show(`read_committed: ${committed.records.length} records`, readLines(committed));

lab.step(`Read it with the Java console consumer: its default (the first ${S.orders * S.outcomes.length} records), and --isolation-level read_committed (the first ${S.orders})`);
// Each asks for as many records as the producer wrote: the aborted copies first, if the reader returns them.
const [javaDefault, javaCommitted] = await Promise.all([
  consoleRead(lab, topic, 'default', S.orders * S.outcomes.length),
  consoleRead(lab, topic, 'read_committed', S.orders),
]);
for (const [label, text] of [['default (read_uncommitted)', javaDefault], ['--isolation-level read_committed', javaCommitted]] as const) {
  const records = parseConsoleRecords(text);
  lab.show(`kafka-console-consumer ${label}: ${records.length} records`, [records.map((r) => `${eventIdOf(r.value)}@${r.offset}`).join(' ')]);
}

lab.step('Dump the segment');
lab.show('kafka-dump-log, one line per batch', await dumpSegment(lab, topic));

const ghosts = uncommitted.records.length - committed.records.length;
const twice = [...copies(uncommitted.records.map((r) => eventIdOf(r.value)))].filter(([, n]) => n > 1).length;
lab.figure('ghosts', ghosts);
lab.say(
  '',
  `The aborted transaction's ${ghosts} records are in the log like any others: the broker appended them, and the ABORT`,
  'marker after them only tells readers what to skip. A read_uncommitted reader ignores it and sees',
  `${twice} orders twice, a "ghost" duplicate that no producer retry caused. A read_committed reader skips the aborted`,
  'records (the broker tells it which, from the aborted-transaction index) and sees each order once.',
  'librdkafka and kafkajs read committed by default; the Java consumer and its console tool read uncommitted.',
  'The protection is the reader\'s isolation.level=read_committed: the log itself holds the ghosts.',
);
