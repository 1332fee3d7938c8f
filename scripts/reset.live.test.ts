// `pnpm lab <exercise> --reset [--step N]` on the running broker: what steps N and later created (the manifest's
// `creates`) is gone, what earlier steps created stays.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOOTSTRAP } from '@kafka-labs/broker';
import { resolveLabs } from '@kafka-labs/lab-kit/catalog';
import { runPnpm } from '@kafka-labs/lab-kit/testing';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createdFrom } from './reset.ts';

const LAB = '06-rebalance-exercise';
const lab = resolveLabs(LAB)[0]!;
const work = mkdtempSync(join(tmpdir(), 'reset-'));
const admin = new Kafka({ clientId: 'reset-test', brokers: [BOOTSTRAP.tools], logLevel: logLevel.NOTHING }).admin();
const all = createdFrom(lab, 1);

beforeAll(async () => {
  await admin.connect();
  const existing = await admin.listTopics();
  await admin.createTopics({ topics: all.topics.filter((t) => !existing.includes(t)).map((topic) => ({ topic, numPartitions: 1 })), waitForLeaders: true });
  // A group with a committed offset, as a worker of each step leaves it.
  for (const groupId of all.groups) await admin.setOffsets({ groupId, topic: 'pay', partitions: [{ partition: 0, offset: '1' }] });
  for (const file of all.files) writeFileSync(join(work, file), 'x\n');
});
afterAll(async () => {
  await admin.disconnect();
  rmSync(work, { recursive: true, force: true });
});

/** A fresh admin client per look: one that created or committed on a topic keeps asking for it after it is deleted. */
async function look<T>(read: (a: typeof admin) => Promise<T>): Promise<T> {
  const fresh = new Kafka({ clientId: 'reset-test-look', brokers: [BOOTSTRAP.tools], logLevel: logLevel.NOTHING }).admin();
  await fresh.connect();
  try {
    return await read(fresh);
  } finally {
    await fresh.disconnect();
  }
}
const topics = () => look(async (a) => new Set(await a.listTopics()));
const groups = () => look(async (a) => new Set((await a.listGroups()).groups.map((g) => g.groupId)));

test('--reset --step 4 removes what steps 4 and 5 created and keeps steps 1 to 3\'s; --reset alone removes the rest', async () => {
  const before4 = createdFrom(lab, 4);
  expect(before4).toEqual({ topics: ['slow'], groups: ['maxpoll'], files: ['slow-a.log', 'slow-b.log', 'dups-maxpoll.txt', 'maxpoll.txt'] });
  const partly = runPnpm('lab', LAB, '--reset', '--step', '4', '--work', work);
  expect(partly.stderr).toBe('');
  expect(partly.status).toBe(0);
  expect(partly.stdout).toContain(`${LAB}: back to before step 4: removed topics slow; groups maxpoll; files in ${work}: slow-a.log, slow-b.log, dups-maxpoll.txt, maxpoll.txt`);
  expect([...(await topics())].filter((t) => all.topics.includes(t))).toEqual(['pay']);
  expect([...(await groups())].filter((g) => all.groups.includes(g)).sort()).toEqual(['nocommit', 'revcommit']);
  expect(all.files.filter((f) => existsSync(join(work, f)))).toEqual(all.files.filter((f) => !before4.files.includes(f)));

  const whole = runPnpm('lab', LAB, '--reset', '--work', work);
  expect(whole.status).toBe(0);
  expect([...(await topics())].filter((t) => all.topics.includes(t))).toEqual([]);
  expect([...(await groups())].filter((g) => all.groups.includes(g))).toEqual([]);
  expect(all.files.filter((f) => existsSync(join(work, f)))).toEqual([]);
  // Nothing left: a second reset removes nothing and still succeeds.
  expect(runPnpm('lab', LAB, '--reset', '--work', work).stdout).toContain('removed topics -; groups -; files in');
});
