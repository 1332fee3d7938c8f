import { Checks, is, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { formatProducerLine, keyNames } from '@kafka-labs/kafka-client/producer-log';
import {
  orderName,
  orderStream,
  parseOrder,
  partitionDump,
  shortName,
  spreadText,
  standardPartition,
  storedOrders,
  VIP_LANE,
  type StoredOrder,
} from '@kafka-labs/kafka-producer-guarantees/custom-partitioner';
import { readBatches, readPlaced, readProducerLog } from '@kafka-labs/kafka-producer-guarantees/read-back';
import type { PartitionRecordsView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's CUSTOM_PARTITIONER). */
const RECORDED = is.object({
  partitions: is.integer,
  customers: is.integer,
  orders: is.integer,
  vip: is.array(is.string),
  upgraded: is.string,
  upgradeAfter: is.integer,
  clients: is.array(is.string),
});

const where = (s: StoredOrder) => `${s.order ? orderName(s.order) : `${s.key ?? 'null'}:?`}${s.order?.vip ? ' (vip)' : ''} at p${s.partition}/${s.offset}`;

/**
 * Both clients put every VIP order on partition 0 and every other order where murmur2 of its key says among the other
 * partitions (kafkajs through its createPartitioner, the confluent client, which refuses one, through an explicit
 * partition); each partition keeps a key's orders in the order they were sent, but the customer made VIP mid-stream has
 * its orders in two partitions, and a consumer of partition 0 alone reads its later orders without the earlier ones.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const S = (await readRunInfo(runDir, RECORDED)).parameters;
  const sent = orderStream(S);
  const last = S.partitions - 1;
  const stored: Record<string, StoredOrder[]> = {};

  for (const client of S.clients) {
    const own: StoredOrder[] = [];
    for (let p = 0; p < S.partitions; p++) own.push(...storedOrders(p, await readBatches(runDir, partitionDump(client, p))));
    stored[client] = own;
    const log = await readProducerLog(runDir, client);
    const delivered = log.results.filter((r) => r.error === null).length;
    const copies = (name: string) => own.filter((s) => s.order && orderName(s.order) === name && s.key === s.order.customer).length;
    const wrongCount = sent.map(orderName).filter((name) => copies(name) !== 1);
    const foreign = own.filter((s) => s.order === null || s.key !== s.order.customer);
    checks.law({
      id: 'every-order-once',
      scope: client,
      ok: wrongCount.length === 0 && foreign.length === 0 && own.length === sent.length && delivered === sent.length,
      expected: t.onceExpected({ client, n: sent.length }),
      found: t.onceFound({ stored: own.length, delivered }),
      evidence: [...wrongCount.map((name) => `${name}: ${copies(name)} copies`), ...foreign.map(where)],
    });

    const vip = own.filter((s) => s.order?.vip);
    const vipOff = vip.filter((s) => s.partition !== 0);
    const othersOn = own.filter((s) => s.order && !s.order.vip && s.partition === 0);
    checks.law({
      id: 'vip-on-partition-0',
      scope: client,
      ok: vip.length > 0 && vipOff.length === 0 && othersOn.length === 0,
      expected: t.vipExpected({ client }),
      found: t.vipFound({ vip: vip.length, onZero: vip.length - vipOff.length, others: othersOn.length }),
      evidence: [...vipOff, ...othersOn].map(where),
    });

    const standard = own.filter((s) => s.order && !s.order.vip);
    const misplaced = standard.filter((s) => s.partition !== standardPartition(s.order!.customer, S.partitions));
    const used = new Set(standard.map((s) => s.partition));
    checks.law({
      id: 'others-by-key-over-the-rest',
      scope: client,
      ok: misplaced.length === 0 && standard.length > 0 && used.size === last,
      expected: t.standardExpected({ client, last }),
      found: t.standardFound({ right: standard.length - misplaced.length, n: standard.length, spread: spreadText(own, S.partitions) }),
      evidence: misplaced.map((s) => `${where(s)}, predicted p${standardPartition(s.order!.customer, S.partitions)}`),
    });

    const pairs = new Map<string, StoredOrder[]>();
    for (const s of [...own].sort((a, b) => a.partition - b.partition || a.offset - b.offset)) {
      if (!s.order) continue;
      const pair = `${s.order.customer}@p${s.partition}`;
      pairs.set(pair, [...(pairs.get(pair) ?? []), s]);
    }
    const unordered = [...pairs.entries()].filter(([, list]) => list.some((s, i) => i > 0 && s.order!.order < list[i - 1]!.order!.order));
    checks.law({
      id: 'a-partition-keeps-its-order',
      scope: client,
      ok: unordered.length === 0,
      expected: t.partitionOrderExpected(),
      found: unordered.length ? t.partitionOrderBroken({ n: unordered.length }) : t.partitionOrderFound({ n: pairs.size }),
      evidence: unordered.map(([pair, list]) => `${pair}: ${list.map((s) => `#${s.order!.order}/${s.offset}`).join(' ')}`),
    });

    const ofUpgraded = own.filter((s) => s.order?.customer === S.upgraded).sort((a, b) => a.order!.order - b.order!.order);
    const from = standardPartition(S.upgraded, S.partitions);
    const split = ofUpgraded.filter((s) => s.partition === (s.order!.order <= S.upgradeAfter ? from : 0));
    checks.law({
      id: 'upgraded-key-in-two-partitions',
      scope: client,
      ok: ofUpgraded.length === S.orders && split.length === S.orders && from !== 0 && S.upgradeAfter < S.orders,
      expected: t.splitExpected({ upgraded: S.upgraded, after: S.upgradeAfter }),
      found: t.splitFound({ where: ofUpgraded.map(where).join(', ') || t.none() }),
    });
  }

  const log = await readProducerLog(runDir, 'confluent');
  const refusal = log.clientErrors.find((e) => e.name === 'ERR__NOT_IMPLEMENTED' && e.text.includes('createPartitioner'));
  checks.law({
    id: 'confluent-has-no-partitioner-hook',
    ok: refusal !== undefined,
    expected: t.hookExpected(),
    found: refusal ? t.hookFound({ line: formatProducerLine(refusal) }) : t.hookNone(),
    hint: t.hookHint(),
  });
  checks.figure('confluentClient', log.start?.config.library ?? null);

  const lane = await readPlaced(runDir, VIP_LANE);
  const laneOrders = lane.filter((r) => r.key === S.upgraded).map((r) => parseOrder(r.value));
  const read = laneOrders.map((o) => (o ? orderName(o) : '?'));
  const expectedLater = sent.filter((o) => o.customer === S.upgraded && o.order > S.upgradeAfter).map(orderName);
  checks.law({
    id: 'vip-lane-reads-later-orders-alone',
    ok: lane.length > 0 && lane.every((r) => r.partition === 0) && read.join() === expectedLater.join(),
    expected: t.laneExpected({ upgraded: S.upgraded }),
    found: t.laneFound({ read: read.join(', ') || t.none() }),
  });

  const byPartition = (own: StoredOrder[]) =>
    Array.from({ length: S.partitions }, (_, p) =>
      own
        .filter((s) => s.partition === p)
        .sort((a, b) => a.offset - b.offset)
        .map((s) => ({ offset: s.offset, key: s.key ?? '', label: shortName(s).replace('*', ''), marked: s.order?.vip === true })),
    );
  checks.view({
    kind: 'partition-records',
    files: S.clients.flatMap((c) => Array.from({ length: S.partitions }, (_, p) => partitionDump(c, p))),
    keys: keyNames(S.customers),
    highlight: S.upgraded,
    markedMeans: t.vipOrder(),
    partitionNames: { 0: t.vipPartition() },
    topics: S.clients.map((c) => ({
      name: c,
      caption: t.topicCaption({ client: c, how: c === 'kafkajs' ? t.howKafkajs() : t.howConfluent() }),
      partitions: byPartition(stored[c]!),
    })),
  } satisfies PartitionRecordsView);
  return checks.grade();
}
