import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOOTSTRAP, createTopic, ensureBroker } from '@kafka-labs/broker';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { removeOlderRuns } from './older-runs.ts';

const admin = new Kafka({ clientId: 'older-runs-test', brokers: [BOOTSTRAP.tools], logLevel: logLevel.NOTHING }).admin();
const runs = mkdtempSync(join(tmpdir(), 'older-runs-'));
const unique = Date.now().toString(36);

beforeAll(async () => {
  await ensureBroker();
  await admin.connect();
  process.env.KAFKA_LABS_RUNS = runs;
}, 180_000);
afterAll(async () => {
  delete process.env.KAFKA_LABS_RUNS;
  await admin.disconnect();
  rmSync(runs, { recursive: true, force: true });
});

/** A run folder of `lab` whose run.json records `names`. */
function runFolder(lab: string, stamp: string, names: Record<string, string>): string {
  const dir = join(runs, lab, stamp);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ lab, names }));
  return dir;
}

it("deletes the topics and groups of a lab's older runs, and keeps the latest run's, the current run's and other labs'", async () => {
  const t = (n: string) => `older-${unique}-${n}`;
  runFolder('lab-x', 'r1', { orders: t('r1'), group: t('r1-group') });
  runFolder('lab-x', 'r2', { orders: t('r2') });
  const current = runFolder('lab-x', 'r3', { orders: t('r3') });
  symlinkSync('r2', join(runs, 'lab-x', 'latest'));
  runFolder('lab-y', 'r1', { orders: t('y1') });
  // Not run.json files of ours: a link to another lab's and a directory by that name; both are skipped.
  mkdirSync(join(runs, 'lab-x', 'r0'));
  symlinkSync(join(runs, 'lab-y', 'r1', 'run.json'), join(runs, 'lab-x', 'r0', 'run.json'));
  mkdirSync(join(runs, 'lab-x', 'r00', 'run.json'), { recursive: true });

  const topics = ['r1', 'r2', 'r3', 'y1'].map(t);
  // Right after a broker restart (a file before this one may restart it) a new topic's metadata can lag.
  for (const topic of topics) await createTopic(admin, { topic });
  await admin.setOffsets({ groupId: t('r1-group'), topic: t('r1'), partitions: [{ partition: 0, offset: '0' }] });

  expect(await removeOlderRuns(admin, 'lab-x', current)).toEqual({ topics: [t('r1')], groups: [t('r1-group')] });
  const left = await admin.listTopics();
  expect(topics.filter((topic) => left.includes(topic))).toEqual([t('r2'), t('r3'), t('y1')]);
  expect((await admin.listGroups()).groups.map((g) => g.groupId)).not.toContain(t('r1-group'));

  expect(await removeOlderRuns(admin, 'lab-x', current)).toEqual({ topics: [], groups: [] });
  await admin.deleteTopics({ topics: [t('r2'), t('r3'), t('y1')] });
});

it('does nothing for a lab without run folders', async () => {
  expect(await removeOlderRuns(admin, 'lab-never-run', join(runs, 'lab-never-run', 'r1'))).toEqual({ topics: [], groups: [] });
});
