import { BOOTSTRAP } from '@kafka-labs/broker';
import { startLab } from '@kafka-labs/lab-kit';
import { FATAL_EXIT_CODE, produceOrders } from '@kafka-labs/txn-worker';
import { copies, durableOffset, eventIdOf, eventsOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { awaitTransactionState, dumpSegment, exitedWith, logLines, resume, saveGroupOffset, saveRead, spawnTxnWorker, type TxnProcess } from '@kafka-labs/kafka-exactly-once/experiment';
import { ZOMBIE as S } from '@kafka-labs/kafka-exactly-once/setups';

await using lab = await startLab(import.meta.url, { parameters: S });

const SHOWN = ['started', 'assigned', 'starting-at', 'began', 'sent-offsets', 'committed', 'aborted', 'fenced', 'failed', 'rewound', 'paused', 'resumed'] as const;
const PROTECTION: Record<(typeof S.variants)[number]['zombie'], string> = {
  fenced:
    'the transaction coordinator: a2 called initTransactions with the same transactional.id, which aborted a1\'s open transaction (ABORT at epoch e+1) and gave a2 epoch e+2; a1\'s next call carried epoch e and was refused (-144, fatal)',
  'committed-late':
    'none: a1 and a2 were two producers (two transactional.ids) that no coordinator relates, and offsets committed without a group generation (assign()) are not checked, so a1 committed its stale batch and an older offset',
  'group-fenced':
    "the group coordinator (KIP-447): sendOffsetsToTransaction carries a1's member id and generation; a1 had been removed from the group when a2 took p0, so its offsets were refused (25) and a1 aborted its own transaction",
};
const idOf = (p: TxnProcess) => eventsOf(p.events(), 'started')[0]?.settings['transactional.id'] ?? '?';
const summary: string[] = [];

for (const v of S.variants) {
  lab.step(
    `${v.name}: ${v.randomId ? 'a random transactional.id per start' : 'one transactional.id for both'}, ${v.assign ? 'assign()' : 'subscribe()'}; ` +
      `a1 stalls after "${S.stallAfter}" (its transaction open), a2 processes all ${S.orders} orders, then a1 resumes`,
  );
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
  lab.say(`   a2 (transactional.id ${idOf(a2)}) processed offsets 0-${S.orders - 1} while a1 (${idOf(a1)}) stalled; the group's committed offset: ${before}`);

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
  lab.show(`${a1.name}, the stalled instance`, logLines(a1, [...SHOWN]));
  lab.show(`${a2.name}, the instance that took over`, logLines(a2, [...SHOWN]));

  const after = await saveGroupOffset(lab, group, input, `${v.name}-end`);
  const late = await awaitTransactionState(lab, idOf(a1), ['CompleteCommit', 'CompleteAbort'], `transactions-${v.name}-a1.txt`);
  if (idOf(a2) !== idOf(a1)) await awaitTransactionState(lab, idOf(a2), ['CompleteCommit'], `transactions-${v.name}-a2.txt`);
  const committed = await saveRead(lab, output, 'read_committed', v.name);
  const uncommitted = await saveRead(lab, output, 'read_uncommitted', v.name);
  lab.show('kafka-dump-log of the output, one line per batch', (await dumpSegment(lab, output, `dump-${v.name}.txt`)).map((l) => l.replace(/ payload: .*/, '').replace(/ CreateTime: \d+ crc: \d+/, '')));

  const ids = committed.records.map((r) => eventIdOf(r.value));
  const twice = [...copies(ids)].filter(([, n]) => n > 1).map(([id]) => id);
  lab.say(
    `   a1's transactional.id ${idOf(a1)}: ${late.state}, epoch ${late.producerEpoch}. Group offset: ${before} before a1 resumed, ${after} after.`,
    `   read_committed output: ${committed.records.length} records, twice: ${twice.join(' ') || 'none'}; read_uncommitted: ${uncommitted.records.length}.`,
    `   What protected the output: ${PROTECTION[v.zombie]}.`,
  );
  summary.push(`${v.name.padEnd(17)} twice: ${String(twice.length).padEnd(3)} group offset ${before} -> ${after}   a1: ${v.zombie}`);
  lab.figure(`${v.name}Twice`, twice.length);
}

lab.step('Summary');
lab.show('read_committed output and the group offset per variant', summary);
lab.say(
  '',
  'Zombie fencing lives in the transactional.id: the coordinator knows one producer per id, and a new instance that',
  'initialises it aborts what the old one left open and raises the epoch, so the old one can no longer write or',
  'commit. A random id per start gives every instance its own producer: nothing connects the zombie to its successor,',
  'and with assign() nothing checks its offsets either: its late commit duplicates a batch and moves the offset back.',
  'With subscribe(), KIP-447 makes the consumer group the fence: offsets sent in a transaction carry the member id',
  'and generation, and a member the group has replaced is refused. Use a stable transactional.id per input partition',
  'set (or per instance) and a subscribed consumer: either protection alone stops this zombie.',
);
