import { describe, expect, test } from 'vitest';
import { CUSTOM_PARTITIONER as S, orderStream, parseOrder, shortName, standardPartition, vipPartition } from './custom-partitioner.ts';
import { murmur2Partition } from './partitions.ts';

describe('custom-partitioner', () => {
  test('the stream sends every customer its orders round by round, user-3 VIP from its order 3 on', () => {
    const stream = orderStream(S);
    expect(stream).toHaveLength(S.customers * S.orders);
    expect(stream.slice(0, 3).map((o) => `${o.customer}#${o.order}`)).toEqual(['user-1#1', 'user-2#1', 'user-3#1']);
    expect(stream.filter((o) => o.customer === 'user-3').map((o) => o.vip)).toEqual([false, false, true, true]);
    expect(stream.filter((o) => o.vip)).toHaveLength(10);
  });

  test('a VIP order goes to partition 0, any other by murmur2 of its key over the other partitions', () => {
    expect(vipPartition({ customer: 'user-1', order: 1, vip: true }, 4)).toBe(0);
    for (const key of ['user-1', 'user-4', 'user-8']) {
      const p = vipPartition({ customer: key, order: 1, vip: false }, 4);
      expect(p).toBe(standardPartition(key, 4));
      expect(p).toBeGreaterThanOrEqual(1);
      expect(p).toBeLessThan(4);
    }
    // user-8's murmur2 is 0 modulo 3: it takes partition 1, where the client's default (murmur2 % 4) differs.
    expect(standardPartition('user-8', 4)).toBe(1);
    expect(murmur2Partition('user-8', 3)).toBe(0);
  });

  test('an order is read back from its JSON value, anything else is null', () => {
    expect(parseOrder('{"customer":"user-3","order":2,"vip":false}')).toEqual({ customer: 'user-3', order: 2, vip: false });
    expect(parseOrder('E-1')).toBeNull();
    expect(parseOrder('{"customer":"user-3"}')).toBeNull();
    expect(shortName({ partition: 0, offset: 5, key: 'user-3', order: { customer: 'user-3', order: 3, vip: true } })).toBe('3#3*');
  });
});
