import { BOOTSTRAP } from '@kafka-labs/broker';
import { SINK_TABLES, sinkFigures, sinkState } from '@kafka-labs/database';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { textsIn } from '@kafka-labs/i18n';
import { startLab, watchLog } from '@kafka-labs/lab-kit';
import { produceOrders, TXN_WORKER_CLI } from '@kafka-labs/txn-worker';
import { parseTxnLine } from '@kafka-labs/kafka-client/txn-log';
import { MESSAGES } from './messages.ts';

/**
 * The experiment: orders applied to a database, offsets committed to Kafka after every batch; the worker is killed
 * after the database has committed more events than Kafka has offsets for. Plain INSERT, then the inbox.
 */
const S = { orders: 10, batch: 5, killAfterApplied: 8, variants: ['plain', 'inbox'] as const };
/** A worker's first open of its database copies the PGlite template (seconds on a loaded machine; the first ever makes it). */
const DATABASE_WAIT_MS = 180_000;

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);

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
  lab.step(sink === 'plain' ? t.stepPlain() : t.stepInbox());
  const topic = await lab.createTopic(`orders-${sink}`);
  const group = lab.name(sink);
  const folder = `database-${sink}`;
  await produceOrders({ bootstrap: BOOTSTRAP.host, topic, count: S.orders, partitions: 1 });
  const flags = ['--group', group, '--input', topic, '--commit', 'sync', '--batch', String(S.batch), '--assign', '--sink', sink, '--database', lab.file(folder)];
  lab.say(t.ordersIn({ n: S.orders, topic, batch: S.batch }));

  const first = worker(`${sink}-1`, [...flags, '--pause-after', `applied:${S.killAfterApplied}`]);
  await first.log.waitFor(`pause after ${S.killAfterApplied} applied orders`, 'paused', undefined, DATABASE_WAIT_MS);
  await first.child.stop({ signal: 'SIGKILL' });
  const committed = await describeGroup(group, topic, `offsets-${sink}-at-kill.txt`);
  const atKill = await dumpDatabase(folder, `${folder}-at-kill.jsonl`);
  lab.say(
    t.killed({ sink, n: S.killAfterApplied, rows: atKill.eventRows, committed: String(committed ?? t.none()) }),
    t.gap({ batch: S.batch, from: (committed ?? 0) + 1, to: atKill.eventRows }),
  );

  const second = worker(`${sink}-2`, flags);
  const start = await second.log.waitFor('start offset', 'starting-at', undefined, DATABASE_WAIT_MS);
  await second.log.waitFor(`commit of p0=${S.orders}`, 'offsets-committed', (e) => e.offsets[0]?.offset === S.orders);
  await second.child.stop();
  const skipped = second.log.events().flatMap((e) => (e.kind === 'skipped' ? [e.id] : []));
  const redelivered = second.log.events().flatMap((e) => (e.kind === 'consumed' && first.log.events().some((f) => f.kind === 'applied' && f.id === e.id) ? [e.id] : []));
  const restart = { sink, start: start.offsets[0]!.offset, redelivered: redelivered.join(', ') };
  lab.say(skipped.length ? t.restartedSkipped({ ...restart, skipped: skipped.join(', ') }) : t.restarted(restart));

  const end = await dumpDatabase(folder, `${folder}.jsonl`);
  lab.show(t.database({ sink, file: `${folder}.jsonl` }), [
    t.rows({ rows: end.eventRows, events: end.distinctEvents, excess: end.excessRows }),
    ...end.duplicated.map((d) => t.appliedTimes({ id: d.eventId, n: d.rows, seqs: d.seqs.join(', ') })),
    t.inboxRows({ n: end.inboxRows }),
    t.projection({ orders: end.orders, total: end.appliedTotal }),
  ]);
  if (sink === 'plain') crash = { rows: atKill.eventRows, committed: committed ?? 0, redelivered, excess: end.excessRows };
}

lab.say('', t.closing({ rows: crash.rows, committed: crash.committed, first: crash.redelivered[0] ?? '', last: crash.redelivered.at(-1) ?? '', excess: crash.excess }));
