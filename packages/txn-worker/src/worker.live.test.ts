import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@kafka-labs/database';
import { BOOTSTRAP, ensureBroker, runTool } from '@kafka-labs/broker';
import { createTopic, uniqueName } from '@kafka-labs/kafka-client/testing';
import { parseOrder, type TopicRead } from '@kafka-labs/kafka-client/txn-log';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FATAL_EXIT_CODE } from './options.ts';
import { produceOrders } from './produce-orders.ts';
import { readTopic } from './read-topic.ts';
import { TxnWorkerProcess } from './test-support.ts';

beforeAll(async () => {
  await ensureBroker();
}, 180_000);

const started: TxnWorkerProcess[] = [];
const start = (name: string, args: string[]) => {
  const worker = new TxnWorkerProcess(name, args);
  started.push(worker);
  return worker;
};
afterEach(() => {
  for (const worker of started.splice(0)) worker.kill();
});

/** An input topic with `count` orders, an output topic, a group and a transactional.id, all new. */
async function pipeline(count: number) {
  const name = uniqueName('txn');
  const input = `${name}-orders`;
  const output = `${name}-enriched`;
  await createTopic(input, 1);
  await createTopic(output, 1);
  await produceOrders({ topic: input, count, partitions: 1 });
  return { input, output, flags: ['--group', name, '--input', input, '--output', output, '--batch', '5'], txnId: name };
}

/** Event ids of a read, with how many copies of each and which worker wrote them. */
const ids = (read: TopicRead) => read.records.map((r) => `${parseOrder(r.value)?.eventId}/${parseOrder(r.value)?.enrichedBy}`);
const range = (from: number, to: number, by: string) =>
  Array.from({ length: to - from + 1 }, (_, i) => `E-${String(from + i).padStart(4, '0')}/${by}`);

describe('txn-worker', () => {
  it('killed inside a transaction and restarted with its transactional.id: each input once read_committed, the aborted copies only read_uncommitted', async () => {
    const p = await pipeline(10);
    const flags = [...p.flags, '--commit', 'transaction', '--transactional-id', p.txnId, '--assign'];
    const a1 = start('a1', [...flags, '--pause-after', 'sent-offsets:2']);
    await a1.next('paused');
    a1.kill();
    await a1.exited;
    const a2 = start('a2', flags);
    expect(await a2.next('starting-at')).toMatchObject({ offsets: [{ partition: 0, offset: 5 }] });
    await a2.next('committed');
    expect(await a2.stop()).toBe(0);
    expect(ids(await readTopic({ topic: p.output, isolation: 'read_committed' }))).toEqual([...range(1, 5, 'a1'), ...range(6, 10, 'a2')]);
    expect(ids(await readTopic({ topic: p.output, isolation: 'read_uncommitted' }))).toEqual([...range(1, 10, 'a1'), ...range(6, 10, 'a2')]);
  });

  it('commits offsets outside the transaction: after it, a crash between repeats the batch; before it, the batch is lost', async () => {
    const after = await pipeline(10);
    const afterFlags = [...after.flags, '--commit', 'after-txn', '--transactional-id', after.txnId, '--assign'];
    const a1 = start('a1', [...afterFlags, '--pause-after', 'committed:2']);
    await a1.next('paused');
    a1.kill();
    const a2 = start('a2', afterFlags);
    expect(await a2.next('starting-at')).toMatchObject({ offsets: [{ partition: 0, offset: 5 }] });
    await a2.next('offsets-committed', (e) => e.offsets[0]?.offset === 10);
    await a2.stop();
    expect(ids(await readTopic({ topic: after.output, isolation: 'read_committed' }))).toEqual([...range(1, 10, 'a1'), ...range(6, 10, 'a2')]);

    const before = await pipeline(10);
    const beforeFlags = [...before.flags, '--commit', 'before-txn', '--transactional-id', before.txnId, '--assign'];
    const b1 = start('b1', [...beforeFlags, '--pause-after', 'offsets-committed:2']);
    await b1.next('paused');
    b1.kill();
    const b2 = start('b2', beforeFlags);
    expect(await b2.next('starting-at')).toMatchObject({ offsets: [{ partition: 0, offset: 10 }] });
    await b2.stop();
    expect(b2.all('consumed')).toEqual([]);
    expect(ids(await readTopic({ topic: before.output, isolation: 'read_committed' }))).toEqual(range(1, 5, 'b1'));
  });

  it('fences a stalled instance once another starts with the same transactional.id: -144, fatal, exit code 3', async () => {
    const p = await pipeline(5);
    const flags = [...p.flags, '--commit', 'transaction', '--transactional-id', p.txnId, '--assign'];
    const a1 = start('a1', [...flags, '--pause-after', 'produced:5']);
    await a1.next('paused');
    const a2 = start('a2', flags);
    await a2.next('committed');
    a1.signal('SIGUSR2');
    expect(await a1.next('fenced')).toMatchObject({ call: 'sendOffsetsToTransaction', code: -144, error: '_FENCED', flag: 'fatal' });
    expect(await a1.exited).toBe(FATAL_EXIT_CODE);
    await a2.stop();
    expect(ids(await readTopic({ topic: p.output, isolation: 'read_committed' }))).toEqual(range(1, 5, 'a2'));
  });

  it('with a random transactional.id and subscribe(), group fencing rejects the zombie: 25, aborted, rewound', async () => {
    const p = await pipeline(5);
    const flags = [...p.flags, '--commit', 'transaction', '--transactional-id', p.txnId, '--random-id', '--session-timeout-ms', '6000', '--max-poll-interval-ms', '6000'];
    const a1 = start('a1', [...flags, '--pause-after', 'produced:5']);
    await a1.next('paused');
    const a2 = start('a2', flags);
    await a2.next('committed', undefined, 60_000);
    a1.signal('SIGUSR2');
    expect(await a1.next('failed', (e) => e.call === 'sendOffsetsToTransaction')).toMatchObject({ code: 25, error: 'UNKNOWN_MEMBER_ID', flag: 'abortable' });
    await a1.next('aborted');
    expect(await a1.next('rewound')).toMatchObject({ offsets: [{ partition: 0, offset: 0 }] });
    expect(a1.all('started')[0]!.settings['transactional.id']).not.toBe(a2.all('started')[0]!.settings['transactional.id']);
    await Promise.all([a1.stop(), a2.stop()]);
    expect(ids(await readTopic({ topic: p.output, isolation: 'read_committed' }))).toEqual(range(1, 5, 'a2'));
  });

  it('SIGTERM while paused inside a transaction aborts it and exits 0', async () => {
    const p = await pipeline(5);
    const a1 = start('a1', [...p.flags, '--commit', 'transaction', '--transactional-id', p.txnId, '--assign', '--pause-after', 'produced:5']);
    await a1.next('paused');
    expect(await a1.stop()).toBe(0);
    expect(a1.all('aborted')).toMatchObject([{ txn: 1 }]);
    expect(ids(await readTopic({ topic: p.output, isolation: 'read_committed' }))).toEqual([]);
  });

  it('SIGTERM while paused after a commit exits 0 with nothing to abort', async () => {
    const p = await pipeline(5);
    const a1 = start('a1', [...p.flags, '--commit', 'transaction', '--transactional-id', p.txnId, '--assign', '--pause-after', 'committed:1']);
    await a1.next('paused');
    expect(await a1.stop()).toBe(0);
    expect(a1.all('aborted')).toEqual([]);
    expect(a1.all('failed')).toEqual([]);
  });

  it('reads read_committed only up to an open transaction (the LSO), read_uncommitted to the end', async () => {
    const p = await pipeline(5);
    const a1 = start('a1', [...p.flags, '--commit', 'transaction', '--transactional-id', p.txnId, '--assign', '--pause-after', 'produced:5']);
    await a1.next('paused');
    // A plain record written after the open transaction's: behind the LSO too.
    await produceOrders({ topic: p.output, count: 1, partitions: 1, first: 5 });
    const committed = await readTopic({ topic: p.output, isolation: 'read_committed' });
    const uncommitted = await readTopic({ topic: p.output, isolation: 'read_uncommitted' });
    expect(committed).toMatchObject({ records: [], ends: [{ partition: 0, offset: 0 }] });
    expect(uncommitted).toMatchObject({ ends: [{ partition: 0, offset: 6 }] });
    expect(ids(uncommitted)).toEqual([...range(1, 5, 'a1'), 'E-0006/undefined']);
    a1.signal('SIGUSR2');
    await a1.next('committed');
    await a1.stop();
  });

  it('without a transaction: auto commit loses what a killed worker had not processed, sync commits repeat it', async () => {
    for (const [commit, resumesAt] of [['auto', 10], ['sync', 0]] as const) {
      const p = await pipeline(10);
      const group = uniqueName(commit);
      const flags = ['--group', group, '--input', p.input, '--commit', commit, '--batch', '10', '--delay', '0.2', '--assign'];
      if (commit === 'auto') flags.push('--auto-commit-interval-ms', '200');
      const a1 = start('a1', [...flags, '--pause-after', 'processed:3']);
      await a1.next('paused');
      // auto: the offsets stored when consume() returned all ten are committed in the background within 200 ms.
      if (commit === 'auto') await waitForCommitted(group, p.input, 10);
      a1.kill();
      const a2 = start('a2', flags);
      expect(await a2.next('starting-at'), commit).toMatchObject({ offsets: [{ partition: 0, offset: resumesAt }] });
      await a2.stop();
    }
  });

  it('applies each order to the sink: plain adds a row per delivery, the inbox skips the redelivered', async () => {
    for (const sink of ['plain', 'inbox'] as const) {
      const p = await pipeline(5);
      const dir = mkdtempSync(join(tmpdir(), `txn-worker-${sink}-`));
      try {
        const flags = ['--group', uniqueName(sink), '--input', p.input, '--commit', 'sync', '--batch', '5', '--assign', '--sink', sink, '--database', dir];
        const a1 = start('a1', [...flags, '--pause-after', 'applied:3']);
        await a1.next('paused', undefined, 120_000);
        a1.kill();
        await a1.exited;
        const a2 = start('a2', flags);
        await a2.next('offsets-committed', undefined, 120_000);
        await a2.stop();
        expect(a2.all('skipped').map((e) => e.id), sink).toEqual(sink === 'inbox' ? ['E-0001', 'E-0002', 'E-0003'] : []);
        await using db = await openDatabase({ dir });
        const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_events');
        expect(rows[0]!.n, sink).toBe(sink === 'inbox' ? 5 : 8);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('with a sink write it does not await, commits the batch before the rows land: killed then, the orders are lost', async () => {
    const p = await pipeline(5);
    const dir = mkdtempSync(join(tmpdir(), 'txn-worker-unawaited-'));
    try {
      const flags = ['--group', uniqueName('unawaited'), '--input', p.input, '--commit', 'sync', '--batch', '5', '--assign', '--sink', 'plain', '--database', dir];
      const a1 = start('a1', [...flags, '--sink-unawaited', '--sink-delay', '60', '--pause-after', 'offsets-committed']);
      expect(await a1.next('offsets-committed', undefined, 120_000)).toMatchObject({ offsets: [{ partition: 0, offset: 5 }] });
      await a1.next('paused');
      expect(a1.all('unawaited').map((e) => e.id)).toEqual(['E-0001', 'E-0002', 'E-0003', 'E-0004', 'E-0005']);
      expect(a1.all('started')[0]!.settings).toMatchObject({ 'sink-delay': '60s', 'sink-awaited': 'false' });
      expect(a1.all('applied')).toEqual([]);
      a1.kill();
      await a1.exited;
      const a2 = start('a2', flags);
      expect(await a2.next('starting-at', undefined, 120_000)).toMatchObject({ offsets: [{ partition: 0, offset: 5 }] });
      await a2.stop();
      await using db = await openDatabase({ dir });
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_events');
      expect(rows[0]!.n).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with --transform-version: a source order is enriched with that version, an order that carries one is written as it is', async () => {
    const p = await pipeline(3);
    const atEnd = (e: { offsets: { offset: number }[] }) => e.offsets.some((o) => o.offset === 3);
    const v1 = start('v1', [...p.flags, '--commit', 'sync', '--transform-version', 'v1']);
    await v1.next('offsets-committed', atEnd);
    expect(await v1.stop()).toBe(0);
    const again = `${p.output}-again`;
    await createTopic(again, 1);
    const v2 = start('v2', ['--group', `${p.txnId}-v2`, '--input', p.output, '--output', again, '--commit', 'sync', '--transform-version', 'v2']);
    await v2.next('offsets-committed', atEnd);
    expect(await v2.stop()).toBe(0);
    const fields = (read: TopicRead) => read.records.map((r) => { const o = parseOrder(r.value); return `${o?.eventId}/${o?.enrichedBy}/${o?.transform}/${o?.region ?? '-'}`; });
    expect(fields(await readTopic({ topic: again, isolation: 'read_committed' }))).toEqual(['E-0001/v1/v1/-', 'E-0002/v1/v1/-', 'E-0003/v1/v1/-']);
    const v2s = start('v2s', ['--group', `${p.txnId}-v2s`, '--input', p.input, '--output', again, '--commit', 'sync', '--transform-version', 'v2']);
    await v2s.next('offsets-committed', atEnd);
    expect(await v2s.stop()).toBe(0);
    expect(fields(await readTopic({ topic: again, isolation: 'read_committed' })).slice(3)).toEqual(['E-0001/v2s/v2/US', 'E-0002/v2s/v2/APAC', 'E-0003/v2s/v2/EU']);
  }, 120_000);
});

/** Waits (bounded) until the group's committed offset of partition 0 is `offset`, as kafka-consumer-groups --describe shows it. */
async function waitForCommitted(group: string, topic: string, offset: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  const row = new RegExp(`^${group}\\s+${topic}\\s+0\\s+${offset}\\s`, 'm');
  while (!row.test((await runTool('kafka-consumer-groups', ['--bootstrap-server', BOOTSTRAP.tools, '--describe', '--group', group])).stdout)) {
    if (Date.now() > deadline) throw new Error(`${group} did not commit ${topic} p0=${offset} within 30 s`);
  }
}
