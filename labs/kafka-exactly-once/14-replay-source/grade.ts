import { Checks, GradeError, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { committedByLog, eachTimes, eventsOf, FILES, orderIds, readSavedRead } from '@kafka-labs/kafka-exactly-once/evidence';
import { parseOrder, readTxnLog, regionOf, type Enrichment, type TopicRead, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import type { OrderEvent } from '@kafka-labs/database/dump';
import type { VersionCell, VersionsView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ orders: is.integer, partitions: is.integer });

type Enriched = OrderEvent & Enrichment;
interface Output {
  file: string;
  read: TopicRead;
  /** Each record's order (null: not an order), in partition and offset order. */
  orders: { partition: number; offset: number; value: string | null; order: Enriched | null }[];
}

const readOutput = async (runDir: string, scope: string): Promise<Output> => {
  const file = FILES.read('read_committed', scope);
  const read = await readSavedRead(runDir, file);
  return { file, read, orders: read.records.map((r) => ({ partition: r.partition, offset: r.offset, value: r.value, order: parseOrder(r.value) })) };
};
const recordText = (r: Output['orders'][number]) =>
  r.order ? `${r.order.eventId}:${r.order.transform ?? '-'}${r.order.region ? `/${r.order.region}` : ''}/${r.order.enrichedBy ?? '-'}` : `p${r.partition}@${r.offset}:?`;
const idsOf = (out: Output) => out.orders.map((r) => r.order?.eventId ?? '?');
const cellOf = (order: Enriched | null | undefined): VersionCell | null =>
  order ? { version: order.transform ?? null, ...(order.region && { detail: `region ${order.region}` }), ...(order.enrichedBy && { by: order.enrichedBy }) } : null;

/**
 * The same v2 job replays the processed topic and the source: from orders_enriched every record stays as v1 wrote
 * it (the job writes an already-enriched record as it is), from orders every record is v2 with its region; the two
 * replays differ on every order. What is graded is the lab's txn-worker's enrichment, read back from the topics
 * (librdkafka 2.15.1 consumer, read_committed).
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const [source, enrichedTopic, fromEnrichedTopic, fromOrdersTopic] = ['orders', 'orders_enriched', 'backfill_from_enriched', 'backfill_from_orders'].map((n) => nameOf(names, n)) as [string, string, string, string];
  const all = orderIds(S.orders);
  const [sourceRead, enriched, fromEnriched, fromOrders] = [await readOutput(runDir, 'orders'), await readOutput(runDir, 'enriched'), await readOutput(runDir, 'from-enriched'), await readOutput(runDir, 'from-orders')];
  const logs = { enrich: await readTxnLog(runDir, 'enrich'), 'replay-enriched': await readTxnLog(runDir, 'replay-enriched'), 'replay-orders': await readTxnLog(runDir, 'replay-orders') };
  if (!eachTimes(idsOf(sourceRead), all, 1)) throw new GradeError(`${sourceRead.file}: not each of ${S.orders} orders once (${idsOf(sourceRead).join(' ')})`);
  const sourcePosition = new Map(sourceRead.orders.map((r) => [r.order!.eventId, `p${r.partition}@${r.offset}`]));
  const ends = new Map(sourceRead.read.ends.map((e) => [e.partition, e.offset]));
  const recordsFound = (out: Output) => t.recordsFound({ records: out.orders.map(recordText).join(', ') || t.none() });

  // Each worker read its input once to the end.
  const consumed = (name: keyof typeof logs, topic: string) => {
    const events: TxnEvent[] = logs[name];
    const ids = eventsOf(events, 'consumed').map((e) => e.id);
    const committed = committedByLog(events);
    checks.law({
      id: `${name}-read-all`,
      ok: eachTimes(ids, all, 1) && ends.size === S.partitions && [...ends].every(([p, end]) => committed.get(p) === end),
      expected: t.consumedExpected({ name, topic, n: S.orders }),
      found: t.consumedFound({ ids: ids.join(' ') || t.none(), committed: [...committed].map(([p, o]) => `p${p}@${o}`).join(' ') || t.none() }),
    });
  };

  consumed('enrich', source);
  checks.law({
    id: 'first-run-v1',
    ok:
      eachTimes(idsOf(enriched), all, 1) &&
      enriched.orders.every((r) => r.order?.transform === 'v1' && r.order.region === undefined && r.order.enrichedBy === 'enrich' && r.order.source === sourcePosition.get(r.order.eventId)),
    expected: t.v1Expected({ topic: enrichedTopic, n: S.orders, by: 'enrich' }),
    found: recordsFound(enriched),
  });

  const transformOf = (name: keyof typeof logs) => eventsOf(logs[name], 'started')[0]?.settings.transform;
  const settingsText = (name: keyof typeof logs) => {
    const started = eventsOf(logs[name], 'started')[0];
    return started ? `${name} transform=${started.settings.transform ?? '-'} input ${eventsOf(logs[name], 'consumed').length}` : t.notStarted({ name });
  };
  checks.law({
    id: 'same-v2-job',
    ok: transformOf('replay-enriched') === 'v2' && transformOf('replay-orders') === 'v2',
    expected: t.sameJobExpected({ a: 'replay-enriched', b: 'replay-orders' }),
    found: t.sameJobFound({ a: settingsText('replay-enriched'), b: settingsText('replay-orders') }),
  });

  consumed('replay-enriched', enrichedTopic);
  const enrichedValue = new Map(enriched.orders.map((r) => [r.order?.eventId, r.value]));
  checks.law({
    id: 'processed-replay-stays-v1',
    ok: eachTimes(idsOf(fromEnriched), all, 1) && fromEnriched.orders.every((r) => r.order !== null && r.order.transform === 'v1' && r.value === enrichedValue.get(r.order.eventId)),
    expected: t.fromProcessedExpected({ topic: fromEnrichedTopic, from: enrichedTopic, n: S.orders }),
    found: recordsFound(fromEnriched),
  });

  consumed('replay-orders', source);
  checks.law({
    id: 'source-replay-v2',
    ok:
      eachTimes(idsOf(fromOrders), all, 1) &&
      fromOrders.orders.every(
        (r) =>
          r.order?.transform === 'v2' &&
          r.order.region === regionOf(r.order.orderId) &&
          r.order.enrichedBy === 'replay-orders' &&
          r.order.source === sourcePosition.get(r.order.eventId),
      ),
    expected: t.fromSourceExpected({ topic: fromOrdersTopic, from: source, n: S.orders, by: 'replay-orders' }),
    found: recordsFound(fromOrders),
  });

  const versionIn = (out: Output, id: string) => out.orders.find((r) => r.order?.eventId === id)?.order?.transform ?? '-';
  const pairs = all.map((id) => `${id} ${versionIn(fromEnriched, id)}/${versionIn(fromOrders, id)}`);
  const differ = all.filter((id) => versionIn(fromEnriched, id) !== versionIn(fromOrders, id));
  checks.law({
    id: 'replays-differ',
    ok: differ.length === S.orders && all.every((id) => versionIn(fromEnriched, id) === 'v1' && versionIn(fromOrders, id) === 'v2'),
    expected: t.differExpected({ n: S.orders }),
    found: t.differFound({ differ: differ.length, pairs: pairs.join(', ') }),
  });

  const find = (out: Output, id: string) => out.orders.find((r) => r.order?.eventId === id)?.order;
  checks.view({
    kind: 'versions',
    files: [enriched.file, fromEnriched.file, fromOrders.file],
    events: all.map((id) => `${id} ${find(sourceRead, id)?.orderId ?? '?'}`),
    columns: [
      { topic: enrichedTopic, from: t.columnFrom({ topic: source, version: 'v1' }), cells: all.map((id) => cellOf(find(enriched, id))) },
      { topic: fromEnrichedTopic, from: t.columnFrom({ topic: enrichedTopic, version: 'v2' }), cells: all.map((id) => cellOf(find(fromEnriched, id))) },
      { topic: fromOrdersTopic, from: t.columnFrom({ topic: source, version: 'v2' }), cells: all.map((id) => cellOf(find(fromOrders, id))) },
    ],
    compare: [1, 2],
  } satisfies VersionsView);

  checks.figure('processedReplayV1', fromEnriched.orders.filter((r) => r.order?.transform === 'v1').length);
  checks.figure('processedReplayV2', fromEnriched.orders.filter((r) => r.order?.transform === 'v2').length);
  checks.figure('sourceReplayV2', fromOrders.orders.filter((r) => r.order?.transform === 'v2').length);
  checks.figure('differ', differ.length);
  return checks.grade();
}
