import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brokerLockHolders, brokerStatus, ensureBroker } from '@kafka-labs/broker';
import { processesOfRun } from '@kafka-labs/lab-kit';
import { expectUnfinishedRun, startLabInBackground, withEarlierRun } from '@kafka-labs/lab-kit/testing';
import { afterAll, describe, expect, test } from 'vitest';

// Ctrl-C ends a run the way any failure does (see expectUnfinishedRun): exit 130, the reason in the three files,
// nothing left running (JVM tools and the detached proxy included), the lock released, latest unchanged.

test('Ctrl-C at the first step, while a JVM tool of the README runs, stops everything and records the interrupt', async () => {
  const LAB = 'kafka-retry-duplicates';
  const root = withEarlierRun(LAB);
  const lab = startLabInBackground(LAB, root);
  await lab.waitForOutput(/^ {3}\| pnpm -s kafka kafka-topics /m);
  lab.interrupt('SIGINT');
  await expectUnfinishedRun(lab, root, LAB, 130, /interrupted by SIGINT/);
});

test('Ctrl-C while a rebalance lab waits for its workers stops them at once and records the interrupt', async () => {
  const LAB = '01-revoke';
  const root = withEarlierRun(LAB);
  const lab = startLabInBackground(LAB, root);
  await lab.waitForOutput(/^ {3}b joins: /m);
  // b's first processed message of the moved partition is the last wait before the one for every partition's end.
  const bLog = () => join(lab.runDir(), 'nocommit-b.log');
  for (let i = 0; i < 600 && !(existsSync(bLog()) && / processed p1 /.test(readFileSync(bLog(), 'utf8'))); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(readFileSync(bLog(), 'utf8')).toMatch(/ processed p1 /);
  lab.interrupt('SIGINT');
  await expectUnfinishedRun(lab, root, LAB, 130, /interrupted by SIGINT/);
  expect(lab.stdout()).not.toMatch(/^-- 3\. /m);
});

test('Ctrl-C while the sink lab reads its database closes it: no database folder keeps a lock', async () => {
  const LAB = '06-db-sink';
  const root = withEarlierRun(LAB);
  const lab = startLabInBackground(LAB, root);
  // The run describes the group, then opens the database for its dump at the kill (seconds: a PGlite open).
  await lab.waitForOutput(/^ {3}\d+ orders in orders-plain-/m);
  const atKill = join(lab.runDir(), 'offsets-plain-at-kill.txt');
  for (let i = 0; i < 3000 && !existsSync(atKill); i++) await new Promise((r) => setTimeout(r, 100));
  expect(existsSync(atKill)).toBe(true);
  lab.interrupt('SIGINT');
  await expectUnfinishedRun(lab, root, LAB, 130, /interrupted by SIGINT/);
  expect(existsSync(join(lab.runDir(), 'database-plain', 'pgdata'))).toBe(true);
  expect(existsSync(join(lab.runDir(), 'database-plain', 'lock'))).toBe(false);
});

describe.each([
  ['01-acks-leader-loss', /^ {3}node \d frozen \(attempt \d+\)/m, 'followers frozen (SIGSTOP)'],
  ['02-min-insync', /^ {3}node \d stopped$/m, 'a follower stopped (SIGTERM)'],
])('Ctrl-C in the fault window of %s', (LAB, windowOpen, what) => {
  afterAll(() => ensureBroker({ log: () => {} }));

  test(`with ${what} leaves every node of the cluster running`, async () => {
    const root = withEarlierRun(LAB);
    const lab = startLabInBackground(LAB, root);
    await lab.waitForOutput(windowOpen);
    lab.interrupt('SIGINT');
    await expectUnfinishedRun(lab, root, LAB, 130, /interrupted by SIGINT/);
    const status = await brokerStatus();
    expect(status).toMatchObject({ layout: 'cluster' });
    expect(status.processes).toHaveLength(3);
    for (const pid of status.processes) expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/^\d+ \(.*\) [RS] /);
  });
});

describe.each([
  ['SIGTERM to the runner', (lab: ReturnType<typeof startLabInBackground>) => lab.signalRunner('SIGTERM'), /interrupted by SIGTERM/],
  ['Ctrl-C', (lab: ReturnType<typeof startLabInBackground>) => lab.interrupt('SIGINT'), /interrupted by SIGINT/],
])('%s with --parallel 2', (_, stop, reason) => {
  test('stops both running labs, records the interrupt in each, and starts no further lab', async () => {
    const [first, second, third] = ['01-ghost-reads', '05-auto-commit-loss', '12-business-key'];
    const root = withEarlierRun(first!);
    const lab = startLabInBackground(first!, root, {}, [second!, third!, '--parallel', '2']);
    await lab.waitForOutput(new RegExp(`^>> ${second}: started beside 1 other run$`, 'm'));
    // Both run scripts are past their start: each has written its first step.
    const transcript = (id: string) => {
      const dirs = existsSync(join(root, id)) ? readdirSync(join(root, id)).filter((d) => /^\d{8}T\d{6}Z/.test(d) && d !== '20200101T000000Z') : [];
      return dirs.length ? join(root, id, dirs[0]!, 'transcript.txt') : '';
    };
    for (let i = 0; i < 1200 && ![first!, second!].every((id) => existsSync(transcript(id)) && /^-- 1\. /m.test(readFileSync(transcript(id), 'utf8'))); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    stop(lab);
    await expectUnfinishedRun(lab, root, first!, 130, reason);
    const secondDir = dirname(transcript(second!));
    expect(readFileSync(join(secondDir, 'transcript.txt'), 'utf8')).toMatch(reason);
    expect((JSON.parse(readFileSync(join(secondDir, 'result.json'), 'utf8')) as { verdict: string }).verdict).toBe('unknown');
    expect(processesOfRun(secondDir)).toEqual([]);
    expect(existsSync(join(root, third!))).toBe(false);
    expect(lab.stdout()).not.toMatch(new RegExp(`^>> ${third}`, 'm'));
    expect(brokerLockHolders()).toEqual([]);
  });
});
