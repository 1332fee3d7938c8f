import { gradeAltered, gradeGolden, gradeWithout, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);

/** The golden's record at `offset` on one replica, as its dump prints it. */
const recordLine = (offset: number) => new RegExp(`^(\\| offset: ${offset} .* payload: )(\\S+)$`, 'm');

describe(LAB, () => {
  testPicture(LAB, { shows: ['acknowledged E-1..R on every replica', 'E-1..R kept', 'R refused ×', 'R offset=', 'Q offset='], hides: ['no leader', 'lost'] });

  test('a replica without one acknowledged record is drawn as a loss', async () => {
    const text = await alteredPicture(LAB, 'dump-orders-node2.txt', (t) => t.replace(recordLine(20), '$1X'));
    expect(text).toContain('acknowledged E-1..R lost');
    expect(text).toContain('E-1..R not there');
  });

  test('the run passes: nothing acknowledged lost, refused while two replicas were in sync, or stored twice', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
  });

  testGoldenInBothLanguages(LAB);

  test('the old leader still leading after its kill fails failover-to-follower', async () => {
    const graded = await gradeAltered(LAB, 'cluster.jsonl', (text) =>
      text.replace(/^(\{"moment":"leader-killed","topic":"[^"]+","leader":)\d+(,"replicas":\[(\d+),)/m, '$1$3$2'),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ failover-to-follower: /);
  });

  test('a record of the stream that timed out fails stream-acknowledged', async () => {
    const graded = await gradeAltered(LAB, 'orders.log', (text) => text.replace(/ E-15 result: offset=14$/m, ' E-15 result: error -192 _MSG_TIMED_OUT'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ stream-acknowledged: .*, 1 failed|✘ stream-acknowledged: .*; E-15 _MSG_TIMED_OUT/);
  });

  test('a refusal while two replicas were in sync fails never-refused-with-two-in-sync', async () => {
    const graded = await gradeAltered(LAB, 'orders.log', (text) =>
      text.replace(/^(rdkafka %7 MSGSET \[[^\]]+\]: \S+ \S+ \[0\]: MessageSet with 1 message\(s\) \(MsgId 5, BaseSeq 4\)) delivered$/m, '$1 encountered error: Broker: Not enough in-sync replicas (actions Retry,MsgNotPersisted)'),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ never-refused-with-two-in-sync: .*; 1 refusal\(s\) before R;/);
  });

  test('an ISR of one while the stream ran fails never-refused-with-two-in-sync', async () => {
    const graded = await gradeAltered(LAB, 'cluster.jsonl', (text) => text.replace(/^(\{"moment":"restarting",.*"isr":\[)(\d+),\d+\]/m, '$1$2]'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ never-refused-with-two-in-sync: .*restarting 1,/);
  });

  test('R appended while the leader was alone in sync fails refused-with-leader-alone', async () => {
    const graded = await gradeAltered(LAB, 'offsets-two-down.txt', (text) => text.replace(/:0:(\d+)$/m, (_, hw: string) => `:0:${Number(hw) + 1}`));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ refused-with-leader-alone: /);
  });

  test('a refusal that may have been persisted fails refused-with-leader-alone', async () => {
    const graded = await gradeAltered(LAB, 'orders.log', (text) => text.replace(/Not enough in-sync replicas \(actions Retry,MsgNotPersisted\)/, 'Not enough in-sync replicas (actions Retry,MsgPossiblyPersisted)'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ refused-with-leader-alone: .*, 1 not marked MsgNotPersisted;/);
  });

  test('R given up by the client fails librdkafka-retried-until-accepted and nothing else', async () => {
    const graded = await gradeAltered(LAB, 'orders.log', (text) => text.replace(/ R result: offset=\d+$/m, ' R result: error -192 _MSG_TIMED_OUT'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-retried-until-accepted: .*\(R _MSG_TIMED_OUT;/);
    expect(graded.stdout.match(/✘/g)).toHaveLength(1);
  });

  test('an acknowledged record missing from a replica fails no-acknowledged-record-lost', async () => {
    const graded = await gradeAltered(LAB, 'dump-orders-node3.txt', (text) => text.replace(recordLine(20), '$1X'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ no-acknowledged-record-lost: .*missing: node 3 E-21@20/);
  });

  test('a record stored twice on a replica fails nothing-duplicated', async () => {
    const graded = await gradeAltered(LAB, 'dump-orders-node1.txt', (text) => text.replace(recordLine(21), '$1E-21'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ nothing-duplicated: .*twice: node 1 E-21;/);
  });

  test('a run folder without the producer log fails naming it', async () => {
    const graded = await gradeWithout(LAB, 'orders.log');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: orders.log is missing from the run folder/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
