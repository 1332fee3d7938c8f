// The crash of the sink labs (06, 13): a sink worker killed between its database commit and its Kafka commit, and
// restarted on the same database from the group's offset, so that the events past that offset are delivered again.
import { BOOTSTRAP } from '@kafka-labs/broker';
import { SINK_TABLES, sinkFigures, sinkState, type SinkFigures } from '@kafka-labs/database';
import { defineMessages, textsIn } from '@kafka-labs/i18n';
import type { Lab } from '@kafka-labs/lab-kit';
import { produceOrders, type Sink } from '@kafka-labs/txn-worker';
import { eventsOf } from './evidence.ts';
import { saveGroupOffset, spawnTxnWorker } from './experiment.ts';

/** A worker's first open of its database copies the PGlite template (seconds on a loaded machine; the first ever makes it). */
const DATABASE_WAIT_MS = 180_000;

/** What the sink crash says in a transcript, in English and Korean. */
export const SINK_CRASH_MESSAGES = defineMessages({
  ordersIn: {
    en: (p: { n: number; topic: string; batch: number }) =>
      `   ${p.n} orders in ${p.topic}; the worker commits its offsets (commitSync) after every ${p.batch} orders`,
    ko: (p) => `   ${p.topic} 에 주문 ${p.n}개가 있어요. 워커는 주문 ${p.batch}개마다 offset 을 commit(commitSync)해요`,
  },
  killed: {
    en: (p: { sink: string; n: number; rows: number; committed: string }) =>
      `   kill -9 ${p.sink}-1 after ${p.n} orders: the database holds ${p.rows} committed event rows, the group's offset is ${p.committed}`,
    ko: (p) => `   주문 ${p.n}개 뒤에 ${p.sink}-1 을 kill -9: DB 에는 commit 된 이벤트 행이 ${p.rows}개 있고, 그룹의 offset 은 ${p.committed} 예요`,
  },
  gap: {
    en: (p: { batch: number; from: number; to: number }) =>
      `   (the database commits per event, Kafka per ${p.batch}: orders ${p.from}-${p.to} are in the database but not committed in Kafka)`,
    ko: (p) => `   (DB 는 이벤트마다, Kafka 는 ${p.batch}개마다 commit 해요. 주문 ${p.from}-${p.to} 는 DB 에는 있지만 Kafka 에는 commit 되지 않았어요)`,
  },
  restarted: {
    en: (p: { sink: string; start: number; redelivered: string }) => `   ${p.sink}-2 started at offset ${p.start}: redelivered ${p.redelivered}`,
    ko: (p) => `   ${p.sink}-2 는 offset ${p.start} 에서 시작했어요. 다시 전달된 것: ${p.redelivered}`,
  },
  restartedSkipped: {
    en: (p: { sink: string; start: number; redelivered: string; skipped: string }) =>
      `   ${p.sink}-2 started at offset ${p.start}: redelivered ${p.redelivered}; skipped ${p.skipped} (the inbox had them)`,
    ko: (p) => `   ${p.sink}-2 는 offset ${p.start} 에서 시작했어요. 다시 전달된 것: ${p.redelivered}. inbox 에 있어서 건너뛴 것: ${p.skipped}`,
  },
  restartedDuplicate: {
    en: (p: { sink: string; start: number; redelivered: string; duplicate: string }) =>
      `   ${p.sink}-2 started at offset ${p.start}: redelivered ${p.redelivered}; the unique index refused ${p.duplicate} (unique_violation 23505), which the worker caught and treated as done`,
    ko: (p) =>
      `   ${p.sink}-2 는 offset ${p.start} 에서 시작했어요. 다시 전달된 것: ${p.redelivered}. 유니크 인덱스가 ${p.duplicate} 를 거부했고(unique_violation 23505), 워커는 그 오류를 잡아 처리된 것으로 봤어요`,
  },
  database: {
    en: (p: { sink: string; file: string }) => `${p.sink}: the database after the restart (${p.file})`,
    ko: (p) => `${p.sink}: 재시작 뒤의 DB (${p.file})`,
  },
  rows: {
    en: (p: { rows: number; events: number; excess: number }) => `order_events rows:     ${p.rows} for ${p.events} distinct events (excess ${p.excess})`,
    ko: (p) => `order_events 행:     서로 다른 이벤트 ${p.events}개에 ${p.rows}행 (초과 ${p.excess})`,
  },
  appliedTimes: {
    en: (p: { id: string; n: number; seqs: string }) => `  ${p.id} applied ${p.n} times (order_events seq ${p.seqs})`,
    ko: (p) => `  ${p.id} 를 ${p.n}번 반영 (order_events seq ${p.seqs})`,
  },
  inboxRows: { en: (p: { n: number }) => `inbox rows:            ${p.n}`, ko: (p) => `inbox 행:            ${p.n}` },
  projection: {
    en: (p: { orders: number; total: number }) => `order_projection:      ${p.orders} orders, applied counters summing to ${p.total}`,
    ko: (p) => `order_projection:      주문 ${p.orders}개, applied 카운터 합계 ${p.total}`,
  },
  none: { en: () => 'none', ko: () => '없음' },
});

export interface SinkCrash {
  /** The database's figures at the kill, and the group's committed offset then (null: none). */
  atKill: SinkFigures;
  committed: number | null;
  /** The events the restarted worker received that the killed one had applied. */
  redelivered: string[];
  end: SinkFigures;
}

/**
 * `orders` orders in topic `orders-<sink>`; worker `<sink>-1` (group `<sink>`, assign(), commitSync every `batch`,
 * database folder `database-<sink>`) is killed (-9) while paused after `killAfterApplied` applied orders; the group's
 * offset (`offsets-<sink>-at-kill.txt`) and a dump (`database-<sink>-at-kill.jsonl`) are taken; `<sink>-2` resumes
 * from that offset to the end on the same database; a dump of the end (`database-<sink>.jsonl`). Says each step.
 */
export async function crashBetweenCommits(lab: Lab, { sink, orders, batch, killAfterApplied }: { sink: Sink; orders: number; batch: number; killAfterApplied: number }): Promise<SinkCrash> {
  const t = textsIn(SINK_CRASH_MESSAGES, lab.lang);
  const topic = await lab.createTopic(`orders-${sink}`);
  const group = lab.name(sink);
  const folder = `database-${sink}`;
  /** Opens the database (no worker holds it), saves a dump of the sink tables as `file`, closes it. */
  const dumpDatabase = async (file: string) => {
    const db = await lab.database(folder);
    try {
      return sinkFigures(sinkState(await db.dump(lab.file(file), SINK_TABLES)));
    } finally {
      await db.close();
    }
  };
  await produceOrders({ bootstrap: BOOTSTRAP.host, topic, count: orders, partitions: 1 });
  const flags = ['--group', group, '--input', topic, '--commit', 'sync', '--batch', String(batch), '--assign', '--sink', sink, '--database', lab.file(folder)];
  lab.say(t.ordersIn({ n: orders, topic, batch }));

  const first = spawnTxnWorker(lab, `${sink}-1`, [...flags, '--pause-after', `applied:${killAfterApplied}`]);
  await first.waitFor(`pause after ${killAfterApplied} applied orders`, 'paused', undefined, DATABASE_WAIT_MS);
  await first.child.stop({ signal: 'SIGKILL' });
  const committed = await saveGroupOffset(lab, group, topic, `${sink}-at-kill`);
  const atKill = await dumpDatabase(`${folder}-at-kill.jsonl`);
  lab.say(
    t.killed({ sink, n: killAfterApplied, rows: atKill.eventRows, committed: String(committed ?? t.none()) }),
    t.gap({ batch, from: (committed ?? 0) + 1, to: atKill.eventRows }),
  );

  const second = spawnTxnWorker(lab, `${sink}-2`, flags);
  const start = await second.waitFor('start offset', 'starting-at', undefined, DATABASE_WAIT_MS);
  await second.waitFor(`commit of p0=${orders}`, 'offsets-committed', (e) => e.offsets[0]?.offset === orders);
  await second.child.stop();
  const ids = (kind: 'skipped' | 'duplicate') => eventsOf(second.events(), kind).map((e) => e.id).join(', ');
  const applied = new Set(eventsOf(first.events(), 'applied').map((e) => e.id));
  const redelivered = eventsOf(second.events(), 'consumed').flatMap((e) => (applied.has(e.id) ? [e.id] : []));
  const restart = { sink, start: start.offsets[0]!.offset, redelivered: redelivered.join(', ') };
  lab.say(
    ids('skipped') ? t.restartedSkipped({ ...restart, skipped: ids('skipped') }) : ids('duplicate') ? t.restartedDuplicate({ ...restart, duplicate: ids('duplicate') }) : t.restarted(restart),
  );

  const end = await dumpDatabase(`${folder}.jsonl`);
  lab.show(t.database({ sink, file: `${folder}.jsonl` }), [
    t.rows({ rows: end.eventRows, events: end.distinctEvents, excess: end.excessRows }),
    ...end.duplicated.map((d) => t.appliedTimes({ id: d.eventId, n: d.rows, seqs: d.seqs.join(', ') })),
    t.inboxRows({ n: end.inboxRows }),
    t.projection({ orders: end.orders, total: end.appliedTotal }),
  ]);
  return { atKill, committed, redelivered, end };
}
