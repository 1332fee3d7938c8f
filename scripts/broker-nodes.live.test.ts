import { execFile } from 'node:child_process';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBroker, labsHome, runningCluster, runTool, type Broker } from '@kafka-labs/broker';
import { REPO_ROOT } from '@kafka-labs/lab-kit';
import type { CommandResult } from '@kafka-labs/lab-kit/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const quiet = () => {};

/**
 * `pnpm -s <args>` as a learner runs it, without blocking this process: the cluster's JVMs are its children, and a node
 * killed while it sat in spawnSync would stay a zombie (alive to `kill -0`) until the call returned.
 */
function pnpm(...args: string[]): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile('pnpm', ['-s', ...args], { cwd: REPO_ROOT, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr: stderr.trim() });
    });
  });
}

async function until(test: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `pnpm broker status`'s line for one node: its state and address. */
const nodeLine = (id: number) => (stdout: string) => new RegExp(`^node ${id}: +(\\w+) +localhost:${9090 + 2 * id}$`, 'm').exec(stdout)?.[1];

test('a node command without a running cluster is one line, exit 2', async () => {
  const result = await pnpm('broker', 'kill', '--node', '1');
  expect(result).toMatchObject({ status: 2, stdout: '' });
  expect(result.stderr).toBe('error: no 3-node cluster is running (the single layout is); start it with pnpm broker up --nodes 3');
});

describe('one node of the 3-node cluster, from pnpm broker', () => {
  const topic = `nodes-${Date.now().toString(36)}`;
  let cluster: Broker;
  beforeAll(async () => {
    cluster = await ensureBroker({ nodes: 3, log: quiet });
    const created = await runTool('kafka-topics', ['--bootstrap-server', cluster.address(1), '--create', '--topic', topic, '--replica-assignment', '1:2:3']);
    expect(created.exitCode).toBe(0);
    await until(async () => (await cluster.partition(topic)).isr.length === 3);
  });
  afterAll(async () => {
    for (const id of [1, 2, 3]) if ((await cluster.nodeState(id)) === 'frozen') await cluster.thaw(id);
    await ensureBroker({ log: quiet });
  });

  test('freeze and thaw node 2: status shows it frozen, then running; a second freeze, or a stop of a frozen node, is refused', async () => {
    expect(await pnpm('broker', 'freeze', '--node', '2')).toMatchObject({ status: 0, stdout: 'broker: node 2 frozen (localhost:9094)\n' });
    const frozen = await pnpm('broker', 'status');
    expect(frozen.status).toBe(1);
    expect([1, 2, 3].map((id) => nodeLine(id)(frozen.stdout))).toEqual(['running', 'frozen', 'running']);
    expect(await pnpm('broker', 'freeze', '--node', '2')).toMatchObject({ status: 2, stderr: 'error: node 2 is already frozen' });
    expect(await pnpm('broker', 'stop', '--node', '2')).toMatchObject({ status: 2, stderr: 'error: node 2 is frozen; stop needs it running' });

    expect(await pnpm('broker', 'thaw', '--node', '2')).toMatchObject({ status: 0, stdout: 'broker: node 2 thawed (localhost:9094)\n' });
    expect(nodeLine(2)((await pnpm('broker', 'status')).stdout)).toBe('running');
    expect(await pnpm('broker', 'thaw', '--node', '2')).toMatchObject({ status: 2, stderr: 'error: node 2 is already running' });
  });

  test('kill node 3 and restart it: status shows it stopped, then running, and it rejoins the ISR', async () => {
    expect(await pnpm('broker', 'kill', '--node', '3')).toMatchObject({ status: 0, stdout: 'broker: node 3 killed (localhost:9096)\n' });
    expect(nodeLine(3)((await pnpm('broker', 'status')).stdout)).toBe('stopped');
    expect(await pnpm('broker', 'kill', '--node', '3')).toMatchObject({ status: 2, stderr: 'error: node 3 is already stopped' });
    expect(await pnpm('broker', 'thaw', '--node', '3')).toMatchObject({ status: 2, stderr: 'error: node 3 is stopped; thaw needs it frozen' });
    await until(async () => !(await cluster.partition(topic)).isr.includes(3));

    expect(await pnpm('broker', 'restart', '--node', '3')).toMatchObject({ status: 0, stdout: 'broker: node 3 running again (localhost:9096)\n' });
    const status = await pnpm('broker', 'status');
    expect([1, 2, 3].map((id) => nodeLine(id)(status.stdout))).toEqual(['running', 'running', 'running']);
    expect(await pnpm('broker', 'restart', '--node', '3')).toMatchObject({ status: 2, stderr: 'error: node 3 is already running' });
    await until(async () => (await cluster.partition(topic)).isr.includes(3));
    // The quorum's view: node 3 fetches the metadata log again with no lag.
    const replication = ['--bootstrap-server', cluster.address(1), 'describe', '--replication'];
    await until(async () => /^3\s+\S+\s+\d+\s+0\s/m.test((await runTool('kafka-metadata-quorum', replication)).stdout));
  });

  test('a node whose pid file is gone is still found: status lists it running, up --nodes 3 says the cluster is up', async () => {
    const pidFile = join(labsHome(), 'broker', 'cluster', 'node-2', 'broker.pid');
    renameSync(pidFile, `${pidFile}.away`);
    try {
      expect(nodeLine(2)((await pnpm('broker', 'status')).stdout)).toBe('running');
      const up = await pnpm('broker', 'up', '--nodes', '3');
      expect(up).toMatchObject({ status: 0, stderr: '' });
      expect(up.stdout).toMatch(/^broker: up \(cluster, jvm backend/);
      expect(await (await runningCluster()).nodeState(2)).toBe('running');
    } finally {
      renameSync(`${pidFile}.away`, pidFile);
    }
  });

  test('with every node stopped, restart --node 1 starts it and names the restart that gives it a quorum; two more bring the cluster back', async () => {
    for (const id of [3, 2, 1]) expect(await pnpm('broker', 'kill', '--node', String(id))).toMatchObject({ status: 0 });
    expect(await pnpm('broker', 'kill', '--node', '1')).toMatchObject({ status: 2, stderr: 'error: node 1 is already stopped' });

    expect(await pnpm('broker', 'restart', '--node', '1')).toMatchObject({
      status: 0,
      stdout: 'broker: node 1 started (localhost:9092); it answers once 2 of the 3 nodes run, their KRaft quorum: pnpm broker restart --node 2\n',
    });
    const lone = await pnpm('broker', 'status');
    expect([1, 2, 3].map((id) => nodeLine(id)(lone.stdout))).toEqual(['running', 'stopped', 'stopped']);
    expect(await pnpm('broker', 'restart', '--node', '2')).toMatchObject({ status: 0, stdout: 'broker: node 2 running again (localhost:9094)\n' });
    expect(await pnpm('broker', 'restart', '--node', '3')).toMatchObject({ status: 0, stdout: 'broker: node 3 running again (localhost:9096)\n' });
    await until(async () => (await cluster.partition(topic)).isr.length === 3);
  });

  test('kafka-features shows the transaction version in force; kafka-leader-election runs an unclean election', async () => {
    const features = await pnpm('kafka', 'kafka-features', '--bootstrap-server', 'localhost:9092', 'describe');
    expect(features.status).toBe(0);
    expect(features.stdout).toMatch(/^Feature: transaction\.version\s+SupportedMinVersion: 0\s+SupportedMaxVersion: \d+\s+FinalizedVersionLevel: \d+/m);
    const election = await pnpm('kafka', 'kafka-leader-election', '--bootstrap-server', 'localhost:9092', '--election-type', 'unclean', '--topic', topic, '--partition', '0');
    expect(election.status).toBe(0);
    expect(election.stdout).toMatch(new RegExp(`Valid replica already elected for partitions ${topic}-0`));
  });
});
