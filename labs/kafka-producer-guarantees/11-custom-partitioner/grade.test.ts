import { testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { dropLines, gradeGolden, labIdOf, testBrokenVariants, testGoldenInBothLanguages } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);

/** Rewrites the payload of the record of `customer`'s order `order` in a dump or a console-consumer output. */
const editOrder = (customer: string, order: number, edit: (payload: string) => string) => (text: string) => {
  const payload = new RegExp(`\\{"customer":"${customer}","order":${order},"vip":(true|false)\\}`);
  return text.replace(payload, (p) => edit(p));
};

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ verdict: 'pass', figures: { confluentClient: '@confluentinc/kafka-javascript@1.10.1,librdkafka@2.15.1' } });
  });
  testGoldenInBothLanguages(LAB);
  testPicture(LAB, { shows: ['Records of each partition, coloured by key', 'p0 (VIP)', '3#1', '3#3', 'kafkajs (createPartitioner)', 'a record of user-3'] });

  testBrokenVariants(LAB, [
    {
      name: 'a standard order on the VIP partition',
      file: 'kafkajs-p0-dump.txt',
      edit: editOrder('user-2', 1, (p) => p.replace('"vip":true', '"vip":false')),
      fails: ['kafkajs-vip-on-partition-0', 'kafkajs-others-by-key-over-the-rest'],
      reason: /9 of 9 VIP orders on p0, 1 other orders on p0/,
    },
    {
      name: "another key's order on user-4's partition",
      file: 'confluent-p2-dump.txt',
      edit: (dump) => editOrder('user-4', 1, (p) => p.replace('user-4', 'user-1'))(dump).replace(/key: user-4 (payload: \{"customer":"user-1")/, 'key: user-1 $1'),
      fails: ['confluent-every-order-once', 'confluent-others-by-key-over-the-rest'],
      reason: /32 records in the dumps, 32 delivered/,
    },
    {
      name: "user-1's orders 1 and 2 swapped on its partition",
      file: 'kafkajs-p3-dump.txt',
      edit: (dump) =>
        dump
          .replace('"customer":"user-1","order":1,', '"customer":"user-1","order":X,')
          .replace('"customer":"user-1","order":2,', '"customer":"user-1","order":1,')
          .replace('"customer":"user-1","order":X,', '"customer":"user-1","order":2,'),
      fails: ['kafkajs-a-partition-keeps-its-order'],
      reason: /1 out of order/,
    },
    {
      name: 'a run that recorded user-3 as upgraded after its order 3',
      file: 'run.json',
      edit: (run) => run.replace('"upgradeAfter": 2', '"upgradeAfter": 3'),
      fails: ['kafkajs-upgraded-key-in-two-partitions', 'confluent-upgraded-key-in-two-partitions', 'vip-lane-reads-later-orders-alone'],
      reason: /user-3#3 \(vip\) at p0\/5/,
    },
    {
      name: 'a confluent log without the refusal',
      file: 'confluent.log',
      edit: (log) => dropLines(log, /^rdkafka error ERR__NOT_IMPLEMENTED/),
      fails: ['confluent-has-no-partitioner-hook'],
      reason: /no refusal in confluent\.log/,
    },
    {
      name: "the VIP lane reading user-3's order 1",
      file: 'vip-lane.txt',
      edit: editOrder('user-3', 3, (p) => p.replace('"order":3', '"order":1')),
      fails: ['vip-lane-reads-later-orders-alone'],
      reason: /read: user-3#1, user-3#4/,
    },
  ]);
});
