import { BOOTSTRAP } from '@kafka-labs/broker';
import { SINK_TABLES, sinkFigures, sinkState } from '@kafka-labs/database';
import { groupPartitions, committedByLog, type GroupPartition } from '@kafka-labs/kafka-exactly-once/evidence';
import { logLines, spawnTxnWorker, type TxnProcess } from '@kafka-labs/kafka-exactly-once/experiment';
import { textsIn } from '@kafka-labs/i18n';
import { startLab, until } from '@kafka-labs/lab-kit';
import { produceOrders } from '@kafka-labs/txn-worker';
import { MESSAGES } from './messages.ts';

/**
 * The experiment: a live pipeline (group `live`, inbox sink) has processed every order. A replayer started with the
 * live group.id, then a reset of that group; a dedicated group reset to the beginning that writes to
 * orders_enriched_backfill; the backfill merged into the live database through the inbox.
 */
const S = { orders: 10, partitions: 2, batch: 5 };
/** A worker's first open of its database copies the PGlite template (seconds on a loaded machine; the first ever makes it). */
const DATABASE_WAIT_MS = 180_000;
/** A describe answers within a second or two (a JVM tool); a rebalance it waits out settles in a few. */
const DESCRIBE_WAIT_MS = 60_000;

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);

const input = await lab.createTopic('orders', { partitions: S.partitions });
const enriched = await lab.createTopic('orders_enriched', { partitions: S.partitions });
const backfillTopic = await lab.createTopic('orders_enriched_backfill', { partitions: S.partitions });
const [liveGroup, backfillGroup, mergeGroup] = [lab.name('live'), lab.name('backfill'), lab.name('merge')];
const database = lab.file('database');
const sent = await produceOrders({ bootstrap: BOOTSTRAP.host, topic: input, count: S.orders, partitions: S.partitions });
const ends = new Map(sent.partitions.map((p) => [p.partition, p.lastOffset + 1]));

const worker = (name: string, group: string, flags: string[]) =>
  spawnTxnWorker(lab, name, ['--group', group, '--input', input, '--commit', 'sync', '--batch', String(S.batch), ...flags]);
/** True once the worker's log shows every partition of the input committed at its end. */
const committedToEnd = (p: TxnProcess) => () => {
  const committed = committedByLog(p.events());
  return [...ends].every(([partition, end]) => committed.get(partition) === end);
};
/** The partitions a worker holds after its last assignment event (a `revoked` empties them). */
const holding = (p: TxnProcess) => {
  const last = p.events().filter((e) => e.kind === 'assigned' || e.kind === 'revoked' || e.kind === 'lost').at(-1);
  return last?.kind === 'assigned' ? last.partitions : [];
};
const rebalances = (p: TxnProcess) => logLines(p, ['assigned', 'revoked', 'lost']);
/**
 * kafka-consumer-groups --describe of `group` until its rows for the input satisfy `ready` (a rebalance in progress
 * shows no members, and a describe right after one may miss rows); the answer is saved as `file`.
 */
const describe = (group: string, file: string, what: string, ready: (rows: GroupPartition[]) => boolean) =>
  until(`${what} in kafka-consumer-groups --describe --group ${group}`, async (seen) => {
    const out = await lab.kafka`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} --describe --group ${group}`.nothrow();
    const rows = groupPartitions(out.stdout, group, input);
    if (rows.length === S.partitions && ready(rows)) {
      lab.writeFile(file, out.stdout);
      return rows;
    }
    seen(rows.map(formatRow).join('; ') || out.stderr.trim().split('\n').at(-1) || 'no rows');
  }, { within: DESCRIBE_WAIT_MS });
const formatRow = (r: GroupPartition) => t.row({ partition: r.partition, committed: String(r.committed ?? '-'), end: r.logEnd, holder: r.clientId ?? t.nobody() });
const heldBy = (rows: GroupPartition[], ...clients: string[]) => clients.every((c) => rows.some((r) => r.clientId === c)) && rows.every((r) => r.clientId !== null && clients.includes(r.clientId));
/** kafka-consumer-groups --reset-offsets --to-earliest --execute for `group`; its stdout and stderr are saved as `file`. */
const resetToEarliest = async (group: string, file: string) => {
  const out = await lab.kafka`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} --group ${group} --topic ${input} --reset-offsets --to-earliest --execute`.nothrow();
  lab.writeFile(file, `${out.stdout}${out.stderr}`);
  return { lines: `${out.stdout}${out.stderr}`.split('\n').filter((l) => l.trim() !== ''), code: out.exitCode };
};
/** Opens the database (no worker holds it), saves a dump of the sink tables as `file`, closes it. */
const dumpDatabase = async (file: string) => {
  const db = await lab.database('database');
  try {
    return sinkState(await db.dump(lab.file(file), SINK_TABLES));
  } finally {
    await db.close();
  }
};

lab.step(t.stepLive({ group: liveGroup, input, partitions: S.partitions, enriched }));
const live = worker('live', liveGroup, ['--output', enriched, '--sink', 'inbox', '--database', database]);
await live.untilLogged(`commits of ${input} at its end`, committedToEnd(live), DATABASE_WAIT_MS);
const before = await describe(liveGroup, 'group-live.txt', 'live holding every partition', (rows) => heldBy(rows, 'live'));
lab.show(t.liveProcessed({ n: S.orders, group: liveGroup }), before.map(formatRow));

lab.step(t.stepReplay({ group: liveGroup, topic: backfillTopic }));
const replayer = worker('replayer', liveGroup, ['--output', backfillTopic]);
await replayer.waitFor('its share of the partitions', 'assigned', (e) => e.partitions.length > 0);
await live.untilLogged('the rebalance that makes room for replayer', () => live.events().some((e) => e.kind === 'revoked') && holding(live).length > 0);
const during = await describe(liveGroup, 'group-live-replay.txt', 'live and replayer holding a partition each', (rows) => heldBy(rows, 'live', 'replayer'));
lab.show(t.liveRebalanced(), rebalances(live));
lab.show(t.bothRun({ group: liveGroup }), during.map(formatRow));
const refused = await resetToEarliest(liveGroup, 'reset-live.txt');
lab.show(t.resetLive({ group: liveGroup, code: String(refused.code) }), refused.lines);
await replayer.child.stop();
const consumedByReplayer = replayer.events().filter((e) => e.kind === 'consumed').length;
lab.say(t.replayerConsumed({ n: consumedByReplayer }));
await live.untilLogged('live holding every partition again', () => holding(live).length === S.partitions);
lab.show(t.replayerLeft(), rebalances(live).slice(-2));

lab.step(t.stepBackfill({ group: backfillGroup, topic: backfillTopic }));
const liveBefore = await describe(liveGroup, 'group-live-before-backfill.txt', 'live holding every partition', (rows) => heldBy(rows, 'live'));
const reset = await resetToEarliest(backfillGroup, 'reset-backfill.txt');
lab.show(t.resetBackfill({ group: backfillGroup }), reset.lines);
const backfill = worker('backfill', backfillGroup, ['--output', backfillTopic]);
await backfill.untilLogged(`commits of ${input} at its end`, committedToEnd(backfill));
const backfillRows = await describe(backfillGroup, 'group-backfill.txt', 'the backfill committed at the end', (rows) => rows.every((r) => r.committed === r.logEnd));
const liveAfter = await describe(liveGroup, 'group-live-after-backfill.txt', 'live holding every partition', (rows) => heldBy(rows, 'live'));
await backfill.child.stop();
const replayed = backfill.events().filter((e) => e.kind === 'produced').length;
lab.show(t.backfilled({ n: replayed, topic: backfillTopic }), backfillRows.map(formatRow));
lab.show(t.liveAround({ group: liveGroup }), [
  ...liveBefore.map((r) => t.before({ row: formatRow(r) })),
  ...liveAfter.map((r) => t.after({ row: formatRow(r) })),
  t.liveMoves({ n: live.events().filter((e) => ['assigned', 'revoked', 'lost'].includes(e.kind) && e.time > backfill.events()[0]!.time).length }),
]);

lab.step(t.stepMerge({ topic: backfillTopic }));
await live.child.stop();
const atMerge = sinkFigures(await dumpDatabase('database-live.jsonl'));
const merge = spawnTxnWorker(lab, 'merge', ['--group', mergeGroup, '--input', backfillTopic, '--commit', 'sync', '--batch', String(S.orders), '--assign', '--sink', 'inbox', '--database', database]);
await merge.untilLogged(`${replayed} merged orders`, () => merge.events().filter((e) => e.kind === 'processed').length === replayed, DATABASE_WAIT_MS);
await merge.child.stop();
const skipped = merge.events().filter((e) => e.kind === 'skipped').length;
const applied = merge.events().filter((e) => e.kind === 'applied').length;
const end = sinkFigures(await dumpDatabase('database.jsonl'));
lab.show(t.databaseLabel(), [
  t.dbBefore({ rows: atMerge.eventRows, inbox: atMerge.inboxRows, orders: atMerge.orders, total: atMerge.appliedTotal }),
  t.dbMerge({ skipped, applied }),
  t.dbAfter({ rows: end.eventRows, inbox: end.inboxRows, orders: end.orders, total: end.appliedTotal }),
]);

const liveKept = liveAfter.every((r, i) => r.committed === liveBefore[i]!.committed);
lab.say(
  '',
  t.closing({
    live: liveGroup,
    replayed: consumedByReplayer,
    refusal: refused.lines.find((l) => l.startsWith('Error:'))?.slice(0, 60) ?? t.noErrorLine(),
    backfill: backfillGroup,
    backfilled: replayed,
    topic: backfillTopic,
    kept: liveKept,
    skipped,
    applied,
  }),
);
