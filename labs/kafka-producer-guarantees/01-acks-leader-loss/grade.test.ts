import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyGolden, gradeAltered, gradeFolder, gradeGolden, gradeWithout, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

const LAB = '01-acks-leader-loss';
/** A dump's record line of payload X at offset 1, as kafka-dump-log prints it. */
const withX = (dump: string) =>
  dump.replace(
    /^(baseOffset: 0 .*\n\| offset: 0 .*\n)/m,
    (batch) => `${batch}${batch.replaceAll('Offset: 0', 'Offset: 1').replace(/baseOffset: 0 lastOffset: 0/, 'baseOffset: 1 lastOffset: 1').replace('offset: 0 ', 'offset: 1 ').replace('payload: A', 'payload: X')}`,
  );

describe(LAB, () => {
  test('the run passes: acks=1 lost one acknowledged record, acks=0 and acks=all none, the trap stored Y at least once', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    const figures = graded.result!.figures;
    expect(figures).toMatchObject({ 'acks1.acknowledgedLost': 1, 'acks0.acknowledgedLost': 0, 'acksall.acknowledgedLost': 0 });
    expect(figures['trap.yCopies']).toBeGreaterThanOrEqual(1);
  });

  test('an X that survived on a replica fails x-on-no-replica and the loss law of acks=1', async () => {
    const graded = await gradeAltered(LAB, 'dump-acks1-node2.txt', withX);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acks1-x-on-no-replica: .*\(node 1: 0:A; node 2: 0:A 1:X; node 3: 0:A\)/);
    expect(graded.stdout).toMatch(/✔ acks1-acknowledged-record-lost/);
  });

  test('an X kept on every replica fails acknowledged-record-lost', async () => {
    const copy = copyGolden(LAB);
    for (const node of [1, 2, 3]) {
      const file = join(copy, `dump-acks1-node${node}.txt`);
      writeFileSync(file, withX(readFileSync(file, 'utf8')));
    }
    const graded = await gradeFolder(LAB, copy);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acks1-acknowledged-record-lost: .*\(X offset=1; acknowledged and missing: none\)/);
  });

  test('an acks=all producer told an offset for X fails nothing-acknowledged-lost', async () => {
    const graded = await gradeAltered(LAB, 'acksall.log', (text) => text.replace(/X result: error -192 _MSG_TIMED_OUT/, 'X result: offset=1'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acksall-nothing-acknowledged-lost: .*\(X offset=1; acknowledged and missing: X@1\)/);
  });

  test('an acks=0 report with an offset fails unconfirmed-record-lost', async () => {
    const graded = await gradeAltered(LAB, 'acks0.log', (text) => text.replace(/X result: offset=-1001/, 'X result: offset=1'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acks0-unconfirmed-record-lost: .*\(X offset=1\)/);
  });

  test('a failover to the old leader fails leader-failed-over', async () => {
    const graded = await gradeAltered(LAB, 'cluster.jsonl', (text) =>
      text.replace(/^(\{"moment":"failover","topic":"acks1-[^"]+","leader":)\d+/m, (_, head: string) => `${head}${/"leader":(\d+)/.exec(text)![1]}`),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acks1-leader-failed-over: /);
  });

  test('no truncation line for a topic fails old-leader-truncated', async () => {
    const graded = await gradeAltered(LAB, 'truncation.txt', (text) => text.replace(/^.*partition=acks0-.*\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acks0-old-leader-truncated: .*\(no such line in truncation.txt\)/);
  });

  test('a high watermark of 0 before the freeze fails a-on-every-replica', async () => {
    const graded = await gradeAltered(LAB, 'offsets-before-freeze.txt', (text) => text.replace(/^(acksall-\S+:0:)1$/m, '$10'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acksall-a-on-every-replica: .*\(A offset=0; high watermark 0\)/);
  });

  test('a trap replica without the copies of Y fails failed-write-stored', async () => {
    const graded = await gradeAltered(LAB, 'dump-trap-node3.txt', (text) => text.replace(/payload: Y$/gm, 'payload: W'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ trap-failed-write-stored: .*node 3: 0:W/);
  });

  test('a Produce request more than the copies fails one-copy-per-attempt', async () => {
    const graded = await gradeAltered(LAB, 'trap.log', (text) => {
      const produce = text.split('\n').find((l) => / Produce MessageSet with /.test(l))!;
      return `${produce}\n${text}`;
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ trap-one-copy-per-attempt: .*\(\d+ Produce request\(s\) logged, \d+ cop/);
  });

  test('a producer log with a line of the shell before it still grades', async () => {
    const graded = await gradeAltered(LAB, 'acks1.log', (text) => `pyenv: cannot rehash: couldn't acquire lock\n${text}`);
    expect(graded.status, graded.stdout).toBe(0);
  });

  test('a run folder without a replica dump fails naming it', async () => {
    const graded = await gradeWithout(LAB, 'dump-acksall-node2.txt');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: dump-acksall-node2.txt is missing from the run folder/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
