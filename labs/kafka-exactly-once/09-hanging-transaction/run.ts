import { BOOTSTRAP } from '@kafka-labs/broker';
import { parseProducerStates } from '@kafka-labs/dumplog';
import { textsIn } from '@kafka-labs/i18n';
import { orderEvent } from '@kafka-labs/kafka-client/txn-log';
import { eventsOf, FILES, transactionalIdOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { awaitTransactionState, dumpSegment, exitedWith, logLines, readLines, resume, saveRead, spawnTxnProducer, spawnTxnWorker } from '@kafka-labs/kafka-exactly-once/experiment';
import { HANGING as S, hangingFiles } from '@kafka-labs/kafka-exactly-once/setups';
import { TRANSACTION_MESSAGES } from '@kafka-labs/kafka-exactly-once/transaction-messages';
import { startLab } from '@kafka-labs/lab-kit';
import { produceOrders } from '@kafka-labs/txn-worker';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const tx = textsIn(TRANSACTION_MESSAGES, lab.lang);

const SHOWN = ['started', 'paused', 'resumed', 'transactions-ready', 'starting-at', 'began', 'produced', 'sent-offsets', 'committed'] as const;
const other = orderEvent(S.other).eventId;
const seconds = (from: string, to: string) => ((Date.parse(to) - Date.parse(from)) / 1000).toFixed(1);
const tool = (file: string) => lab.kafka({ saveAs: file });
const outputs = new Map<string, string>();

for (const v of S.variants) {
  const f = hangingFiles(v.name);
  lab.step(t.step({ v: v.name, abort: v.abort }));
  const input = await lab.createTopic(`orders-${v.name}`);
  const output = await lab.createTopic(`orders_enriched-${v.name}`);
  outputs.set(v.name, output);
  await produceOrders({ bootstrap: BOOTSTRAP.host, topic: input, count: S.orders, partitions: 1 });
  // The reader: a txn-worker without a transaction or output that logs each record it is given, read_committed.
  const reader = spawnTxnWorker(lab, f.reader, ['--group', lab.name(f.reader), '--input', output, '--commit', 'sync', '--assign']);
  const flags = [
    '--group', lab.name(`enrich-${v.name}`), '--input', input, '--output', output, '--commit', 'transaction', '--assign',
    '--batch', String(S.batch), '--transactional-id', lab.name(`enrich-${v.name}`), ...(v.randomId ? ['--random-id'] : []),
    '--transaction-timeout-ms', String(v.timeoutMs),
  ];

  // Everyone who acts after the kill is started first and waits (paused) for its signal: under load a process start
  // takes seconds, and the kill's aftermath is timed against transaction.timeout.ms.
  const writer = spawnTxnProducer(lab, f.other, ['--topic', output, '--transactional-id', lab.name(`other-${v.name}`), '--count', '1', '--first', String(S.other), '--outcomes', 'commit', '--pause-after-init']);
  const w2 = v.abort === 'operator' ? null : spawnTxnWorker(lab, f.w2, [...flags, '--pause-after', 'started']);
  await Promise.all([reader.waitFor('its start offset', 'starting-at'), writer.waitFor('its pause', 'paused'), w2?.waitFor('its pause', 'paused')]);

  const w1 = spawnTxnWorker(lab, f.w1, [...flags, '--pause-after', S.stallAfter]);
  await w1.waitFor(`pause after ${S.stallAfter}`, 'paused');
  await w1.child.stop({ signal: 'SIGKILL' });
  const w1Id = transactionalIdOf(w1.events())!;
  const began = eventsOf(w1.events(), 'began')[0]!;
  resume(writer);
  const [open] = await Promise.all([awaitTransactionState(lab, w1Id, ['Ongoing'], f.open), writer.waitFor('its commit', 'committed')]);
  lab.show(t.w1Label({ name: f.w1 }), logLines(w1, [...SHOWN]));
  lab.say(t.killed({ name: f.w1, id: w1Id, state: open.state, epoch: open.producerEpoch, timeoutMs: open.timeoutMs }));
  const otherOffset = eventsOf(writer.events(), 'produced')[0]!.offset;
  lab.say(t.otherCommitted({ name: f.other, id: other, output, offset: otherOffset }));
  if (w2) resume(w2);

  if (v.abort === 'operator') {
    lab.say(t.operatorTools());
    const producers = await tool(f.producersBefore)`kafka-transactions --bootstrap-server ${BOOTSTRAP.tools} describe-producers --topic ${output} --partition 0`;
    lab.show(`kafka-transactions describe-producers --topic ${output} --partition 0`, producers.stdout.trimEnd().split('\n'));
    const start = parseProducerStates(producers.stdout).find((p) => p.openTransactionStart !== null)!.openTransactionStart!;
    const hangingDefault = await tool(f.findHangingDefault)`kafka-transactions --bootstrap-server ${BOOTSTRAP.tools} find-hanging --topic ${output} --partition 0`;
    lab.show(`kafka-transactions find-hanging --topic ${output} --partition 0`, hangingDefault.stdout.trimEnd().split('\n'));
    const hangingNow = await tool(f.findHangingNow)`kafka-transactions --bootstrap-server ${BOOTSTRAP.tools} find-hanging --topic ${output} --partition 0 --max-transaction-timeout 0`;
    lab.show(`kafka-transactions find-hanging --topic ${output} --partition 0 --max-transaction-timeout 0`, hangingNow.stdout.trimEnd().split('\n'));
    lab.say(t.findHangingSays());
    await tool(f.abort)`kafka-transactions --bootstrap-server ${BOOTSTRAP.tools} abort --topic ${output} --partition 0 --start-offset ${start}`;
    lab.say(t.aborting({ output, start }));
    const after = await tool(f.producersAfter)`kafka-transactions --bootstrap-server ${BOOTSTRAP.tools} describe-producers --topic ${output} --partition 0`;
    lab.show(t.producersAfter(), after.stdout.trimEnd().split('\n'));
    const still = await awaitTransactionState(lab, w1Id, ['Ongoing', 'CompleteAbort'], f.afterOperator);
    lab.say(t.coordinatorStill({ state: still.state, timeoutMs: v.timeoutMs }));
  } else if (w2) {
    await w2.waitFor('a committed transaction', 'committed');
    await w2.child.stop();
    await exitedWith(w2);
    lab.show(t.w2Label({ name: f.w2, same: !v.randomId }), logLines(w2, [...SHOWN]));
  }

  const seen = await reader.waitFor(`${other} read_committed`, 'consumed', (e) => e.id === other);
  const expected = v.abort === 'operator' ? 1 : S.orders + 1;
  await reader.untilLogged(`${expected} records read_committed`, () => eventsOf(reader.events(), 'consumed').length >= expected);
  await reader.child.stop();
  await exitedWith(reader);
  await exitedWith(writer);
  lab.show(t.readerLabel({ name: f.reader }), logLines(reader, ['starting-at', 'consumed']));
  lab.say(t.released({ id: other, abort: v.abort, seconds: seconds(began.time, seen.time), timeoutMs: v.timeoutMs }));
  if (v.abort !== 'operator') {
    const end = await awaitTransactionState(lab, w1Id, ['CompleteAbort', 'CompleteCommit'], f.end);
    lab.say(t.endState({ id: w1Id, state: end.state, epoch: end.producerEpoch }));
  }
}

lab.step(t.stepEnd());
for (const v of S.variants) {
  const output = outputs.get(v.name)!;
  const committed = await saveRead(lab, output, 'read_committed', v.name);
  lab.show(`${v.name}: ${tx.readLabel({ isolation: 'read_committed', n: committed.records.length })}`, readLines(committed));
  await saveRead(lab, output, 'read_uncommitted', v.name);
  const dump = await dumpSegment(lab, output, FILES.dump(v.name));
  lab.show(`${v.name}: ${tx.dumpLabel()}`, dump.map((l) => l.replace(/ payload: .*/, '').replace(/ crc: \d+/, '')));
}
lab.say(tx.epochsNote());
lab.say('', t.closing({ timeoutMs: S.variants[0].timeoutMs, defaultMs: S.defaultTimeoutMs, other }));
