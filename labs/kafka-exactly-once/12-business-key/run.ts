import { BOOTSTRAP } from '@kafka-labs/broker';
import { SINK_TABLES, sinkState } from '@kafka-labs/database';
import { textsIn } from '@kafka-labs/i18n';
import { produceSpread } from '@kafka-labs/kafka-client';
import { startLab } from '@kafka-labs/lab-kit';
import { eventIdOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { exitedWith, logLines, saveRead, spawnTxnWorker } from '@kafka-labs/kafka-exactly-once/experiment';
import { parseOrder } from '@kafka-labs/kafka-client/txn-log';
import { MESSAGES } from './messages.ts';

/**
 * The experiment: the status events of two orders, in the order they reached the topic (one partition, key = the
 * order id): O-1's PAID arrives again after SHIPPED (its producer sent it twice, same event_id), O-2's PAID arrives
 * after SHIPPED (a late event, new event_id). Three groups read the same partition into three databases: the
 * projection upserted by order_id (upsert), the event_id inbox (inbox), the inbox plus the event_version guard (versioned).
 */
const S = {
  events: [
    { eventId: 'E-0101', orderId: 'O-1', status: 'CREATED', version: 1 },
    { eventId: 'E-0102', orderId: 'O-1', status: 'PAID', version: 2 },
    { eventId: 'E-0103', orderId: 'O-1', status: 'SHIPPED', version: 3 },
    { eventId: 'E-0102', orderId: 'O-1', status: 'PAID', version: 2 },
    { eventId: 'E-0201', orderId: 'O-2', status: 'CREATED', version: 1 },
    { eventId: 'E-0203', orderId: 'O-2', status: 'SHIPPED', version: 3 },
    { eventId: 'E-0202', orderId: 'O-2', status: 'PAID', version: 2 },
  ],
  batch: 5,
  variants: [
    { name: 'upsert', sink: 'plain' },
    { name: 'inbox', sink: 'inbox' },
    { name: 'versioned', sink: 'versioned' },
  ],
} as const;
/** A worker's first open of its database copies the PGlite template (seconds on a loaded machine; the first ever makes it). */
const DATABASE_WAIT_MS = 180_000;

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);

lab.step(t.stepInput());
const topic = await lab.createTopic('order-status');
await produceSpread({ bootstrap: BOOTSTRAP.host, topic, count: S.events.length, partitions: 1, message: (i) => ({ key: S.events[i]!.orderId, value: JSON.stringify(S.events[i]) }) });
const input = await saveRead(lab, topic, 'read_committed', 'input');
lab.show(
  t.inputLabel({ topic }),
  input.records.map((r) => {
    const e = parseOrder(r.value);
    return `p${r.partition} offset ${r.offset} key ${r.key} ${eventIdOf(r.value)} ${e?.status ?? '?'} version ${e?.version ?? '?'}`;
  }),
);
lab.say(t.inputStory());

const finals: string[] = [];
for (const v of S.variants) {
  lab.step(v.name === 'upsert' ? t.stepUpsert() : v.name === 'inbox' ? t.stepInbox() : t.stepVersioned());
  const folder = `database-${v.name}`;
  const worker = spawnTxnWorker(lab, v.name, [
    '--group', lab.name(v.name), '--input', topic, '--commit', 'sync', '--batch', String(S.batch), '--assign',
    '--sink', v.sink, '--database', lab.file(folder),
  ]);
  await worker.waitFor('its start', 'started', undefined, DATABASE_WAIT_MS);
  await worker.waitFor(`commit of p0=${S.events.length}`, 'offsets-committed', (e) => e.offsets[0]?.offset === S.events.length);
  await worker.child.stop();
  await exitedWith(worker);
  lab.show(t.workerLabel({ name: v.name }), logLines(worker, ['consumed', 'applied', 'skipped', 'stale', 'offsets-committed']));

  const db = await lab.database(folder);
  const state = sinkState(await db.dump(lab.file(`${folder}.jsonl`), SINK_TABLES));
  await db.close();
  const rows = state.projection.map((p) => `${p.orderId} ${p.status} version ${p.version ?? '-'}`);
  lab.show(t.projectionLabel({ name: v.name, file: `${folder}.jsonl` }), rows);
  finals.push(`${v.name}: ${rows.join(', ')}`);
}

lab.say('', t.closing({ finals: finals.join('; ') }));
