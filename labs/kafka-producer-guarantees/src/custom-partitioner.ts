// Lab 11-custom-partitioner: the article's VIP partitioner, its stream of orders, and what the run script, the VIP
// producer program and the grader all read. No client here: the grader imports it.
import { fileURLToPath } from 'node:url';
import type { DumpBatch } from '@kafka-labs/dumplog';
import { keyNames } from '@kafka-labs/kafka-client/producer-log';
import { murmur2 } from './partitions.ts';

/**
 * Customers user-1 ... user-<customers> each place `orders` orders, round by round (every customer's order 1, then
 * every customer's order 2, ...); `vip` customers are VIP from the start, `upgraded` becomes VIP after its order
 * `upgradeAfter`. Each client sends the stream to its own topic of `partitions` partitions, one send at a time.
 */
export const CUSTOM_PARTITIONER = {
  partitions: 4,
  customers: 8,
  orders: 4,
  vip: ['user-2', 'user-6'],
  upgraded: 'user-3',
  upgradeAfter: 2,
  /** kafkajs runs the partitioner as its createPartitioner; the confluent client, which has no hook, sends each record to the partition the same function computed. */
  clients: ['kafkajs', 'confluent'],
} as const;

export type PartitionerClient = (typeof CUSTOM_PARTITIONER.clients)[number];
/** What the stream depends on (the recorded parameters, as a grader reads them back). */
type Setup = { customers: number; orders: number; vip: readonly string[]; upgraded: string; upgradeAfter: number };

/** One order event, the record's value as JSON (the article's OrderEvent: the partitioner reads `vip` from the value). */
export interface OrderEvent {
  customer: string;
  order: number;
  vip: boolean;
}

/** The orders in the order they are sent: round by round, customer by customer. */
export function orderStream(s: Setup): OrderEvent[] {
  const customers = keyNames(s.customers);
  return Array.from({ length: s.orders }, (_, i) => i + 1).flatMap((order) =>
    customers.map((customer) => ({
      customer,
      order,
      vip: s.vip.includes(customer) || (customer === s.upgraded && order > s.upgradeAfter),
    })),
  );
}

/** An order's name in tables and pictures: `user-3#2`. */
export const orderName = (o: Pick<OrderEvent, 'customer' | 'order'>) => `${o.customer}#${o.order}`;

/** An order event read back from a record's value; null when the value is not one. */
export function parseOrder(value: string | undefined): OrderEvent | null {
  if (value === undefined) return null;
  try {
    const o = JSON.parse(value) as Partial<OrderEvent>;
    return typeof o.customer === 'string' && Number.isInteger(o.order) && typeof o.vip === 'boolean' ? (o as OrderEvent) : null;
  } catch {
    return null;
  }
}

/** The partition a key's standard orders go to: murmur2 of the key over partitions 1 .. partitions-1. */
export const standardPartition = (key: string, partitions: number) => ((murmur2(Buffer.from(key)) & 0x7fffffff) % (partitions - 1)) + 1;

/**
 * The VIP partitioner: a VIP order to partition 0, any other order by its key's murmur2 over the other partitions
 * (the article's VipPartitioner, with Kafka's murmur2 where it hashes with String.hashCode).
 */
export const vipPartition = (order: OrderEvent, partitions: number) => (order.vip ? 0 : standardPartition(order.customer, partitions));

/** The files of a client's run besides its producer log `<client>.log`: each partition dumped. */
export const partitionDump = (client: string, partition: number) => `${client}-p${partition}-dump.txt`;

/** The VIP producer program, for `lab.spawnTs(client, VIP_PRODUCER, [topic, client, brokers])`. */
export const VIP_PRODUCER = fileURLToPath(new URL('./vip-producer.ts', import.meta.url));

/** The VIP lane's consumer output: partition 0 of the kafkajs topic read on its own, right after the stream. */
export const VIP_LANE = 'vip-lane.txt';

/** Where an order is stored: its partition and offset, the record's key, and the order its value holds (null: not an order). */
export interface StoredOrder {
  partition: number;
  offset: number;
  key: string | null;
  order: OrderEvent | null;
}

/** The records of a partition's data batches (kafka-dump-log --print-data-log), in offset order. */
export const storedOrders = (partition: number, batches: readonly DumpBatch[]): StoredOrder[] =>
  batches.flatMap((b) => b.records.map((r) => ({ partition, offset: r.offset, key: r.key ?? null, order: parseOrder(r.payload) })));

/** A stored record's short name in a transcript row: `3#2*` (customer 3's order 2, VIP), `?` for a value that is no order. */
export const shortName = (s: StoredOrder) => (s.order ? `${s.order.customer.replace(/^user-/, '')}#${s.order.order}${s.order.vip ? '*' : ''}` : '?');

/** How many records each partition 1 .. partitions-1 holds, as `p1 4, p2 8, p3 10`. */
export const spreadText = (stored: readonly StoredOrder[], partitions: number) =>
  Array.from({ length: partitions - 1 }, (_, i) => i + 1)
    .map((p) => `p${p} ${stored.filter((s) => s.partition === p).length}`)
    .join(', ');
