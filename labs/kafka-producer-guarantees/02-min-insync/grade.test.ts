import { gradeAltered, gradeGolden, gradeWithout, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, { shows: ['no leader', 'acknowledged B lost', 'acknowledged B on every replica', 'B never acknowledged', 'B truncated'] });

  test('a minisr1 partition led by a follower while L was dead is not drawn without a leader', async () => {
    const text = await alteredPicture(LAB, 'cluster.jsonl', (t) => t.replace(/^(\{"moment":"leader-dead","topic":"minisr1-[^"]+","leader":)-1/m, '$13'));
    expect(text).not.toContain('no leader');
  });

  test('the run passes: min.insync.replicas=2 refused B, 1 committed it and kept it through L\'s death, acks=1 lost it', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
  });

  testGoldenInBothLanguages(LAB);

  test('a B acknowledged on the min.insync.replicas=2 topic fails not-enough-replicas', async () => {
    const graded = await gradeAltered(LAB, 'minisr2.log', (text) => text.replace(/ B result: error -192 _MSG_TIMED_OUT/, ' B result: offset=1'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ minisr2-not-enough-replicas: .*\(B offset=1; \d+ refused attempt\(s\) in the debug lines\)/);
  });

  test('a timeout without the broker refusing fails not-enough-replicas', async () => {
    const graded = await gradeAltered(LAB, 'minisr2.log', (text) => text.replaceAll('Broker: Not enough in-sync replicas', 'Broker: Request timed out'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ minisr2-not-enough-replicas: .*\(B _MSG_TIMED_OUT; 0 refused attempt\(s\)/);
  });

  test('a refused B found on a replica fails nothing-stored', async () => {
    const graded = await gradeAltered(LAB, 'offsets-isr-of-one.txt', (text) => text.replace(/^(minisr2-\S+:0:)1$/m, '$12'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ minisr2-nothing-stored: .*\(high watermark 2; /);
  });

  test('a B that the leader alone could not commit fails acknowledged-by-leader-alone', async () => {
    const graded = await gradeAltered(LAB, 'offsets-isr-of-one.txt', (text) => text.replace(/^(minisr1-\S+:0:)2$/m, '$11'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ minisr1-acknowledged-by-leader-alone: .*\(B offset=1; high watermark 1\)/);
  });

  test('an ISR that kept a follower fails isr-of-leader-alone', async () => {
    const graded = await gradeAltered(LAB, 'cluster.jsonl', (text) =>
      text.replace(/^(\{"moment":"stopped","topic":"minisr1-[^"]+","leader":(\d+),"replicas":\[[\d,]+\],"isr":\[)(\d+)\]/m, (_, head: string) => `${head}1,2]`),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ minisr1-isr-of-leader-alone: .*\(leader \d isr \[1,2\]\)/);
  });

  test('a follower without B after recovery fails copied-after-recovery', async () => {
    const graded = await gradeAltered(LAB, 'dump-minisr1-node3.txt', (text) => text.replace(/payload: B$/m, 'payload: C'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ minisr1-copied-after-recovery: .*node 3: 0:A 1:C/);
  });

  test('an acks=1 B that moved the high watermark fails acknowledged-not-committed', async () => {
    const graded = await gradeAltered(LAB, 'offsets-isr-of-one.txt', (text) => text.replace(/^(acks1-\S+:0:)1$/m, '$12'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acks1-acknowledged-not-committed: .*\(B offset=1; high watermark 2\)/);
  });

  test('an acks1 partition left without a leader fails eligible-follower-elected', async () => {
    const graded = await gradeAltered(LAB, 'cluster.jsonl', (text) => text.replace(/^(\{"moment":"leader-dead","topic":"acks1-[^"]+","leader":)\d+/m, '$1-1'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acks1-eligible-follower-elected: .*; leader -1 isr/);
  });

  test('a minisr1 partition led by a follower while L was dead fails offline-without-leader', async () => {
    const graded = await gradeAltered(LAB, 'cluster.jsonl', (text) => text.replace(/^(\{"moment":"leader-dead","topic":"minisr1-[^"]+","leader":)-1/m, '$13'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ minisr1-offline-without-leader: .*\(leader 3 isr/);
  });

  test('an acks=1 B kept on a replica fails acknowledged-record-lost', async () => {
    const graded = await gradeAltered(LAB, 'dump-acks1-node3.txt', (text) => text.replace(/payload: A$/m, 'payload: B'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acks1-acknowledged-record-lost: .*node 3: 0:B/);
  });

  test('a run folder without a producer log fails naming it', async () => {
    const graded = await gradeWithout(LAB, 'minisr1.log');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: minisr1.log is missing from the run folder/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
