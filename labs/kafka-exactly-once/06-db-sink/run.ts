import { BOOTSTRAP } from '@kafka-labs/broker';
import { SINK_TABLES, sinkFigures, sinkState } from '@kafka-labs/database';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { startLab, watchLog } from '@kafka-labs/lab-kit';
import { produceOrders, TXN_WORKER_CLI } from '@kafka-labs/txn-worker';
import { parseTxnLine } from '@kafka-labs/kafka-client/txn-log';

/**
 * The experiment: orders applied to a database, offsets committed to Kafka after every batch; the worker is killed
 * after the database has committed more events than Kafka has offsets for. Plain INSERT, then the inbox.
 */
const S = { orders: 10, batch: 5, killAfterApplied: 8, variants: ['plain', 'inbox'] as const };
/** A worker's first open of its database copies the PGlite template (seconds on a loaded machine; the first ever makes it). */
const DATABASE_WAIT_MS = 180_000;

await using lab = await startLab(import.meta.url, { parameters: S });

const worker = (name: string, flags: string[]) => {
  const child = lab.spawnTs(name, TXN_WORKER_CLI, ['--name', name, ...flags]);
  return { child, log: watchLog(child, parseTxnLine) };
};
/** Opens the variant's database (no worker holds it), saves a dump of the sink tables as `file`, closes it. */
const dumpDatabase = async (folder: string, file: string) => {
  const db = await lab.database(folder);
  try {
    return sinkFigures(sinkState(await db.dump(lab.file(file), SINK_TABLES)));
  } finally {
    await db.close();
  }
};
const describeGroup = async (group: string, topic: string, file: string) => {
  const { stdout } = await lab.kafka({ saveAs: file })`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} --describe --group ${group}`;
  return parseGroupOffsets(stdout, group, topic).get(0)?.committed ?? null;
};

/** What the closing lines cite: the crash point and the redeliveries, of the plain run. */
let crash = { rows: 0, committed: 0, redelivered: [] as string[], excess: 0 };
for (const sink of S.variants) {
  lab.step(
    sink === 'plain'
      ? `plain: each order is INSERTed into order_events and upserted into order_projection, one DB transaction per event`
      : `inbox: the same, but the event_id goes into the inbox first, in the same DB transaction; a known event_id applies nothing`,
  );
  const topic = await lab.createTopic(`orders-${sink}`);
  const group = lab.group(sink);
  const folder = `database-${sink}`;
  await produceOrders({ bootstrap: BOOTSTRAP.host, topic, count: S.orders, partitions: 1 });
  const flags = ['--group', group, '--input', topic, '--commit', 'sync', '--batch', String(S.batch), '--assign', '--sink', sink, '--database', lab.file(folder)];
  lab.say(`   ${S.orders} orders in ${topic}; the worker commits its offsets (commitSync) after every ${S.batch} orders`);

  const first = worker(`${sink}-1`, [...flags, '--pause-after', `applied:${S.killAfterApplied}`]);
  await first.log.waitFor(`pause after ${S.killAfterApplied} applied orders`, 'paused', undefined, DATABASE_WAIT_MS);
  await first.child.stop({ signal: 'SIGKILL' });
  const committed = await describeGroup(group, topic, `offsets-${sink}-at-kill.txt`);
  const atKill = await dumpDatabase(folder, `${folder}-at-kill.jsonl`);
  lab.say(
    `   kill -9 ${sink}-1 after ${S.killAfterApplied} orders: the database holds ${atKill.eventRows} committed event rows, the group's offset is ${committed ?? 'none'}`,
    `   (the database commits per event, Kafka per ${S.batch}: orders ${(committed ?? 0) + 1}-${atKill.eventRows} are in the database but not committed in Kafka)`,
  );

  const second = worker(`${sink}-2`, flags);
  const start = await second.log.waitFor('start offset', 'starting-at', undefined, DATABASE_WAIT_MS);
  await second.log.waitFor(`commit of p0=${S.orders}`, 'offsets-committed', (e) => e.offsets[0]?.offset === S.orders);
  await second.child.stop();
  const skipped = second.log.events().flatMap((e) => (e.kind === 'skipped' ? [e.id] : []));
  const redelivered = second.log.events().flatMap((e) => (e.kind === 'consumed' && first.log.events().some((f) => f.kind === 'applied' && f.id === e.id) ? [e.id] : []));
  lab.say(`   ${sink}-2 started at offset ${start.offsets[0]!.offset}: redelivered ${redelivered.join(', ')}${skipped.length ? `; skipped ${skipped.join(', ')} (the inbox had them)` : ''}`);

  const end = await dumpDatabase(folder, `${folder}.jsonl`);
  lab.show(`${sink}: the database after the restart (${folder}.jsonl)`, [
    `order_events rows:     ${end.eventRows} for ${end.distinctEvents} distinct events (excess ${end.excessRows})`,
    ...end.duplicated.map((d) => `  ${d.eventId} applied ${d.rows} times (order_events seq ${d.seqs.join(', ')})`),
    `inbox rows:            ${end.inboxRows}`,
    `order_projection:      ${end.orders} orders, applied counters summing to ${end.appliedTotal}`,
  ]);
  if (sink === 'plain') crash = { rows: atKill.eventRows, committed: committed ?? 0, redelivered, excess: end.excessRows };
}

const [firstAgain, lastAgain] = [crash.redelivered[0], crash.redelivered.at(-1)];
lab.say(
  '',
  `Both workers were killed at the same point: ${crash.rows} events committed in the database, offset ${crash.committed} in Kafka.`,
  `The restart read from offset ${crash.committed} and delivered ${firstAgain}..${lastAgain} again. The plain sink cannot tell a redelivery`,
  `from a new event and applied them again: ${crash.excess} excess rows, one per redelivered event. The inbox sink found their`,
  'event_id already recorded and applied nothing in that transaction: at-least-once delivery, each event applied',
  'once. The protection is the inbox row, written in the same DB transaction as the change it guards.',
);
