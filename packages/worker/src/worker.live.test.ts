import { ensureBroker } from '@kafka-labs/broker';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import { JOIN_SIGNAL } from './options.ts';
import { produceSpread } from '@kafka-labs/kafka-client';
import { createTopic, uniqueName, waitUntil } from '@kafka-labs/kafka-client/testing';
import { WorkerProcess } from './test-support.ts';

beforeAll(async () => {
  await ensureBroker();
}, 180_000);

const started: WorkerProcess[] = [];
const startWorker = (args: string[]) => {
  const worker = new WorkerProcess(args);
  started.push(worker);
  return worker;
};
afterEach(() => {
  for (const worker of started.splice(0)) worker.kill();
});

const processed = (events: WorkerEvent[]) =>
  events.flatMap((e) => (e.kind === 'processed' ? [`p${e.partition}@${e.offset}`] : []));
const is =
  <K extends WorkerEvent['kind']>(kind: K, test: (e: Extract<WorkerEvent, { kind: K }>) => boolean = () => true) =>
  (e: WorkerEvent) =>
    e.kind === kind && test(e as Extract<WorkerEvent, { kind: K }>);

describe('worker processes', () => {
  it('split a topic when a second worker joins, commit periodically and on revoke, and stop on SIGTERM', async () => {
    const topic = uniqueName('worker-revoke');
    const group = uniqueName('revcommit');
    await createTopic(topic, 2);
    const sent = await produceSpread({ topic, count: 300, partitions: 2 });
    expect(sent.partitions).toEqual([
      { partition: 0, count: 150, firstOffset: 0, lastOffset: 149 },
      { partition: 1, count: 150, firstOffset: 0, lastOffset: 149 },
    ]);

    const common = ['--group', group, '--topic', topic, '--delay', '0.03', '--commit-every', '20', '--revoke-commit'];
    const a = startWorker(['--name', 'a', ...common]);
    await a.waitFor('a assigned both partitions', is('assigned', (e) => e.partitions.length === 2));
    await a.waitFor('a processed a message', is('processed'));
    const b = startWorker(['--name', 'b', ...common]);
    await b.waitFor('b assigned a partition', is('assigned', (e) => e.partitions.length === 1));
    await a.waitFor('a revoked both partitions', is('revoked', (e) => e.partitions.length === 2));
    await a.waitFor('a assigned one partition', is('assigned', (e) => e.partitions.length === 1));

    const all = () => new Set([...processed(a.events), ...processed(b.events)]);
    await waitUntil('all 300 messages processed', () => all().size === 300);

    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
    for (const worker of [a, b]) {
      expect(worker.events[0]?.kind).toBe('started');
      expect(worker.events.find(is('stopping'))).toMatchObject({ reason: 'SIGTERM' });
      expect(worker.events.at(-1)?.kind).toBe('stopped');
    }
    expect(a.events.some(is('commit'))).toBe(true);
    // Every message was processed exactly once: the revoke commit handed over where a stopped.
    expect(processed(a.events).length + processed(b.events).length).toBe(300);
  }, 90_000);

  it('lose the partition when one message outlasts max.poll.interval.ms, and the late commit fails', async () => {
    const topic = uniqueName('worker-maxpoll');
    const group = uniqueName('slow');
    await createTopic(topic, 1);
    const common = ['--group', group, '--topic', topic, '--delay', '0.1', '--commit-every', '1'];
    const timeouts = ['--max-poll-interval-ms', '6000', '--session-timeout-ms', '6000'];
    // The slow message must outlast max.poll.interval.ms by more than b needs to rejoin (up to one
    // heartbeat.interval.ms, 3 s), or a rejoins first, gets p0 back and meets offset 3 again.
    const a = startWorker(['--name', 'a', ...common, ...timeouts, '--slow-at', '3', '--slow-sec', '12']);
    await a.waitFor('a assigned p0', is('assigned', (e) => e.partitions.join() === '0'));
    const b = startWorker(['--name', 'b', ...common, ...timeouts]);
    await b.waitFor('b assigned nothing', is('assigned', (e) => e.partitions.length === 0));
    await produceSpread({ topic, count: 10, partitions: 1 });

    await a.waitFor('a slow at offset 3', is('slow', (e) => e.offset === 3));
    await a.waitFor('the MAXPOLL warning', is('client', (e) => e.text.startsWith('MAXPOLL')));
    await a.waitFor('a lost p0', is('lost', (e) => e.partitions.join() === '0'));
    await a.waitFor('a poll error', is('poll-error', (e) => e.error === '_MAX_POLL_EXCEEDED'));
    await b.waitFor('b processed offset 3', is('processed', (e) => e.offset === 3));
    const failed = await a.waitFor('a commit failed', is('commit-failed'));
    expect(failed).toMatchObject({ error: 'UNKNOWN_MEMBER_ID', offsets: [{ partition: 0, offset: 4 }] });
    expect(processed(a.events)).toContain('p0@3');

    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
  }, 90_000);

  it('on the consumer protocol, hand over only the partition that moves, with incremental callbacks', async () => {
    const topic = uniqueName('worker-consumer');
    const group = uniqueName('kip848');
    await createTopic(topic, 2);
    await produceSpread({ topic, count: 200, partitions: 2 });
    const common = ['--group', group, '--topic', topic, '--group-protocol', 'consumer', '--delay', '0.02', '--commit-every', '10', '--revoke-commit'];
    const a = startWorker(['--name', 'a', ...common]);
    await a.waitFor('a assigned both partitions', is('assigned', (e) => e.partitions.join() === '0,1'));
    await a.waitFor('a processed a message', is('processed'));
    const b = startWorker(['--name', 'b', ...common]);
    const moved = (await b.waitFor('b assigned a partition', is('assigned', (e) => e.partitions.length === 1))) as Extract<WorkerEvent, { kind: 'assigned' }>;
    // a gives up only b's partition (revoked [p], then an empty incremental assignment), never both.
    await a.waitFor('a revoked one partition', is('revoked'));
    await waitUntil('all 200 messages processed', () => new Set([...processed(a.events), ...processed(b.events)]).size === 200);
    expect(a.events.filter(is('revoked'))).toMatchObject([{ partitions: moved.partitions }]);
    // The commit on revoke handed over where a stopped: nothing was processed twice.
    expect(processed(a.events).length + processed(b.events).length).toBe(200);
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
  }, 90_000);

  it('join the group only on the join signal when started with --join-on-signal', async () => {
    const topic = uniqueName('worker-join');
    await createTopic(topic, 1);
    const a = startWorker(['--name', 'a', '--group', uniqueName('join'), '--topic', topic, '--join-on-signal']);
    await a.waitFor('a ready', is('ready'));
    expect(a.events.map((e) => e.kind)).toEqual(['ready']);
    a.signal(JOIN_SIGNAL);
    await a.waitFor('a assigned p0', is('assigned', (e) => e.partitions.join() === '0'));
    expect(a.events.map((e) => e.kind).slice(0, 3)).toEqual(['ready', 'started', 'assigned']);
    expect(await a.stop()).toBe(0);
  }, 60_000);

  it('wait for a topic the broker does not list yet, and join as soon as it does', async () => {
    // Subscribed blind, librdkafka would wait for its next metadata refresh (5 min) before it saw the topic.
    const topic = uniqueName('worker-late-topic');
    const a = startWorker(['--name', 'a', '--group', uniqueName('late'), '--topic', topic]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await createTopic(topic, 1);
    await a.waitFor('a assigned p0', is('assigned', (e) => e.partitions.join() === '0'), 20_000);
    expect(await a.stop()).toBe(0);
  }, 60_000);

  it('fails on a chosen record: stops without committing it, and with --commit-on-error the next owner commits past it', async () => {
    const topic = uniqueName('worker-fail');
    const group = uniqueName('fail');
    await createTopic(topic, 1);
    await produceSpread({ topic, count: 6, partitions: 1 });
    const common = ['--group', group, '--topic', topic, '--commit-every', '1', '--fail-at', '3'];

    const a = startWorker(['--name', 'a', ...common]);
    expect(await a.exited).toBe(1);
    expect(processed(a.events)).toEqual(['p0@0', 'p0@1', 'p0@2']);
    expect(a.events.find(is('failed'))).toMatchObject({ partition: 0, offset: 3 });
    expect(a.events.find(is('stopping'))).toMatchObject({ reason: 'failed p0 offset 3' });
    expect(a.events.filter(is('commit')).at(-1)).toMatchObject({ offsets: [{ partition: 0, offset: 3 }] });

    const b = startWorker(['--name', 'b', ...common, '--commit-on-error', '--stop-after-idle', '3']);
    expect(await b.exited).toBe(0);
    expect(b.events.filter((e) => ['failed', 'commit', 'skipped'].includes(e.kind)).slice(0, 3)).toMatchObject([
      { kind: 'failed', partition: 0, offset: 3 },
      { kind: 'commit', offsets: [{ partition: 0, offset: 4 }] },
      { kind: 'skipped', partition: 0, offset: 3 },
    ]);
    expect(processed(b.events)).toEqual(['p0@4', 'p0@5']);
  });
});
