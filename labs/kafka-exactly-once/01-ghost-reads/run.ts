import { startLab } from '@kafka-labs/lab-kit';
import { copies, eventIdOf, orderIds } from '@kafka-labs/kafka-exactly-once/evidence';
import { awaitTransactionState, consoleRead, dumpSegment, exitedWith, logLines, readLines, saveRead, spawnTxnProducer } from '@kafka-labs/kafka-exactly-once/experiment';
import { GHOST as S } from '@kafka-labs/kafka-exactly-once/setups';
import { parseConsoleRecords } from '@kafka-labs/dumplog';
import { textsIn } from '@kafka-labs/i18n';
import { TRANSACTION_MESSAGES } from '@kafka-labs/kafka-exactly-once/transaction-messages';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const tx = textsIn(TRANSACTION_MESSAGES, lab.lang);

lab.step(t.createTopic());
const topic = await lab.createTopic('orders-ghost');
const transactionalId = lab.name('ghost-tx');
lab.say(t.names({ topic, id: transactionalId }));

lab.step(t.produce({ last: orderIds(S.orders).at(-1)! }));
const producer = spawnTxnProducer(lab, 'producer', [
  '--topic', topic, '--transactional-id', transactionalId, '--count', String(S.orders), '--outcomes', S.outcomes.join(','),
]);
await exitedWith(producer);
lab.show('producer.log', logLines(producer, ['began', 'produced', 'aborted', 'committed', 'fenced', 'failed']));
const done = await awaitTransactionState(lab, transactionalId, ['CompleteCommit']);
lab.say(t.described({ state: done.state, epoch: done.producerEpoch }));

lab.step(t.readBack());
const uncommitted = await saveRead(lab, topic, 'read_uncommitted');
const committed = await saveRead(lab, topic, 'read_committed');
lab.show(tx.readLabel({ isolation: 'read_uncommitted', n: uncommitted.records.length }), readLines(uncommitted));
lab.show(tx.readLabel({ isolation: 'read_committed', n: committed.records.length }), readLines(committed));

lab.step(t.javaRead({ all: S.orders * S.outcomes.length, committed: S.orders }));
// Each asks for as many records as the producer wrote: the aborted copies first, if the reader returns them.
const [javaDefault, javaCommitted] = await Promise.all([
  consoleRead(lab, topic, 'default', S.orders * S.outcomes.length),
  consoleRead(lab, topic, 'read_committed', S.orders),
]);
for (const [label, text] of [['default (read_uncommitted)', javaDefault], ['--isolation-level read_committed', javaCommitted]] as const) {
  const records = parseConsoleRecords(text);
  lab.show(t.javaLabel({ how: label, n: records.length }), [records.map((r) => `${eventIdOf(r.value)}@${r.offset}`).join(' ')]);
}

lab.step(t.dump());
lab.show(t.dumpLabel(), await dumpSegment(lab, topic));

const ghosts = uncommitted.records.length - committed.records.length;
const twice = [...copies(uncommitted.records.map((r) => eventIdOf(r.value)))].filter(([, n]) => n > 1).length;
lab.figure('ghosts', ghosts);
lab.say('', t.closing({ ghosts, twice }));
