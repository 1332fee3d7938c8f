import { BOOTSTRAP } from '@kafka-labs/broker';
import { SINK_TABLES, sinkFigures, sinkState } from '@kafka-labs/database';
import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { eventsOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { saveGroupOffset, spawnTxnWorker } from '@kafka-labs/kafka-exactly-once/experiment';
import { produceOrders } from '@kafka-labs/txn-worker';
import { MESSAGES } from './messages.ts';

/**
 * The experiment: a batch of orders applied to a slow database sink (each write takes `sinkDelaySec`), the batch's
 * offsets committed with commitSync, the worker killed (-9) right after that commit. unawaited: the writes were started
 * and not awaited, so the commit went out before they landed; awaited: the loop waited for each write first.
 */
const S = { orders: 4, batch: 4, sinkDelaySec: 5, variants: ['unawaited', 'awaited'] as const };
/** A worker's first open of its database copies the PGlite template (seconds on a loaded machine; the first ever makes it). */
const DATABASE_WAIT_MS = 180_000;

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);
const list = (ids: string[]) => (ids.length ? ids.join(', ') : t.none());

for (const v of S.variants) {
  const unawaited = v === 'unawaited';
  lab.step(unawaited ? t.stepUnawaited({ delay: S.sinkDelaySec }) : t.stepAwaited({ delay: S.sinkDelaySec }));
  const topic = await lab.createTopic(`orders-${v}`);
  const group = lab.name(v);
  const folder = `database-${v}`;
  /** Opens the database (no worker holds it), saves a dump of the sink tables as `file`, closes it. */
  const dumpDatabase = async (file: string) => {
    const db = await lab.database(folder);
    try {
      return sinkState(await db.dump(lab.file(file), SINK_TABLES));
    } finally {
      await db.close();
    }
  };
  await produceOrders({ bootstrap: BOOTSTRAP.host, topic, count: S.orders, partitions: 1 });
  const flags = ['--group', group, '--input', topic, '--commit', 'sync', '--batch', String(S.batch), '--assign', '--sink', 'plain', '--database', lab.file(folder), '--sink-delay', String(S.sinkDelaySec)];
  if (unawaited) flags.push('--sink-unawaited');
  lab.say(t.ordersIn({ n: S.orders, topic, delay: S.sinkDelaySec }));

  const first = spawnTxnWorker(lab, `${v}-1`, [...flags, '--pause-after', 'offsets-committed']);
  const committedLine = await first.waitFor('the batch offsets committed', 'offsets-committed', undefined, DATABASE_WAIT_MS);
  await first.waitFor('the pause after the commit', 'paused');
  await first.child.stop({ signal: 'SIGKILL' });
  const applied = eventsOf(first.events(), 'applied').map((e) => e.id);
  lab.say(
    unawaited ? t.startedNotAwaited({ v, ids: list(eventsOf(first.events(), 'unawaited').map((e) => e.id)) }) : t.appliedBefore({ v, ids: list(applied) }),
    t.killed({ v, offset: committedLine.offsets[0]?.offset ?? 0 }),
  );
  const committed = await saveGroupOffset(lab, group, topic, `${v}-at-kill`);
  const atKill = sinkFigures(await dumpDatabase(`${folder}-at-kill.jsonl`));
  lab.say(t.atKill({ committed: String(committed ?? t.none()), rows: atKill.eventRows }));

  const second = spawnTxnWorker(lab, `${v}-2`, flags);
  const start = (await second.waitFor('start offset', 'starting-at', undefined, DATABASE_WAIT_MS)).offsets[0]!.offset;
  if (start < S.orders) await second.waitFor(`commit of p0=${S.orders}`, 'offsets-committed', (e) => e.offsets[0]?.offset === S.orders, DATABASE_WAIT_MS);
  await second.child.stop();
  const redelivered = eventsOf(second.events(), 'consumed').map((e) => e.id);
  lab.say(redelivered.length ? t.restarted({ v, start, ids: list(redelivered) }) : t.restartedAtEnd({ v, start }));

  const end = await dumpDatabase(`${folder}.jsonl`);
  const rows = new Set(end.events.map((e) => e.eventId));
  const ids = eventsOf([...first.events(), ...second.events()], 'consumed').map((e) => e.id);
  const missing = [...new Set(ids)].filter((id) => !rows.has(id));
  lab.show(t.database({ v, file: `${folder}.jsonl` }), [
    t.kafkaSays({ committed: String(committed ?? t.none()), n: S.orders }),
    t.rows({ rows: end.events.length, events: rows.size }),
    t.missing({ n: missing.length, ids: list(missing) }),
  ]);
}

lab.say('', t.closing({ n: S.orders, delay: S.sinkDelaySec }));
