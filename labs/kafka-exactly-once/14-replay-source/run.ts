import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { committedByLog, FILES } from '@kafka-labs/kafka-exactly-once/evidence';
import { exitedWith, saveRead, spawnTxnWorker } from '@kafka-labs/kafka-exactly-once/experiment';
import { parseOrder, type TopicRead } from '@kafka-labs/kafka-client/txn-log';
import { produceOrders } from '@kafka-labs/txn-worker';
import { MESSAGES } from './messages.ts';

/**
 * The experiment: orders enriched at transform v1 into orders_enriched; the enrichment changes to v2; the same v2 job
 * replays orders_enriched (the processed topic) into backfill_from_enriched and orders (the source) into
 * backfill_from_orders, each in its own group; every topic is read back read_committed and compared per event.
 */
const S = { orders: 6, partitions: 2, batch: 3 };

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);

const source = await lab.createTopic('orders', { partitions: S.partitions });
const enriched = await lab.createTopic('orders_enriched', { partitions: S.partitions });
const fromEnriched = await lab.createTopic('backfill_from_enriched', { partitions: S.partitions });
const fromOrders = await lab.createTopic('backfill_from_orders', { partitions: S.partitions });

/**
 * Runs a txn-worker (its own group, assign() from the beginning, commitSync per batch) from `input` into `output` at
 * `version` until its log shows every partition committed at the input's end, then stops it.
 */
async function enrich(name: string, input: string, output: string, version: 'v1' | 'v2') {
  const worker = spawnTxnWorker(lab, name, [
    '--group', lab.name(name), '--input', input, '--output', output, '--assign', '--commit', 'sync',
    '--batch', String(S.batch), '--transform-version', version,
  ]);
  const started = await worker.waitFor('its start', 'started');
  await worker.untilLogged(`commits of ${input} at its end`, () => {
    const committed = committedByLog(worker.events());
    return [...ends].every(([partition, end]) => committed.get(partition) === end);
  });
  await worker.child.stop();
  await exitedWith(worker);
  lab.say(t.workerStarted({ name, settings: Object.entries(started.settings).map(([k, v]) => `${k}=${v}`).join(' ') }));
}

/** A read's records as transcript lines: `p0 offset 0 E-0001 O-1 v2 region US (by replay-orders)`. */
const describe = (read: TopicRead) =>
  read.records.map((r) => {
    const o = parseOrder(r.value);
    return `p${r.partition} offset ${r.offset} ${o?.eventId ?? '?'} ${o?.orderId ?? '?'} ${cellText(r.value)}`;
  });
const cellText = (value: string | null) => {
  const o = parseOrder(value);
  if (!o) return t.noRecord();
  if (o.enrichedBy === undefined) return o.status;
  return [o.transform ?? t.noVersion(), o.region && `region ${o.region}`, `(by ${o.enrichedBy ?? '-'})`].filter(Boolean).join(' ');
};
const show = async (topic: string, scope: string) => {
  const read = await saveRead(lab, topic, 'read_committed', scope);
  lab.show(t.readLabel({ topic, file: FILES.read('read_committed', scope) }), describe(read));
  return read;
};

lab.step(t.stepSource({ n: S.orders, topic: source, partitions: S.partitions }));
const sent = await produceOrders({ bootstrap: BOOTSTRAP.host, topic: source, count: S.orders, partitions: S.partitions });
const ends = new Map(sent.partitions.map((p) => [p.partition, p.lastOffset + 1]));
await show(source, 'orders');

lab.step(t.stepV1({ input: source, output: enriched }));
await enrich('enrich', source, enriched, 'v1');
await show(enriched, 'enriched');
lab.say(t.changed());

lab.step(t.stepFromProcessed({ input: enriched, output: fromEnriched }));
await enrich('replay-enriched', enriched, fromEnriched, 'v2');
const a = await show(fromEnriched, 'from-enriched');

lab.step(t.stepFromSource({ input: source, output: fromOrders }));
await enrich('replay-orders', source, fromOrders, 'v2');
const b = await show(fromOrders, 'from-orders');

lab.step(t.stepCompare());
const byEvent = (read: TopicRead) => new Map(read.records.map((r) => [parseOrder(r.value)?.eventId ?? '?', r.value]));
const [left, right] = [byEvent(a), byEvent(b)];
const events = [...new Set([...right.keys(), ...left.keys()])].sort();
lab.show(
  t.compareLabel({ a: fromEnriched, b: fromOrders }),
  events.map((id) => `${id} ${parseOrder(right.get(id) ?? left.get(id))?.orderId ?? '?'}: ${cellText(left.get(id) ?? null)} | ${cellText(right.get(id) ?? null)}`),
);
const version = (values: Map<string, string | null>, v: string) => [...values.values()].filter((x) => parseOrder(x)?.transform === v).length;
lab.say('', t.closing({ a: fromEnriched, b: fromOrders, v1: version(left, 'v1'), v2: version(right, 'v2'), n: S.orders }));
