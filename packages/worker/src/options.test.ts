import { describe, expect, it } from 'vitest';
import { UsageError } from '@kafka-labs/cli';
import { parseWorkerArgs } from './options.ts';

const required = ['--name', 'a', '--group', 'g', '--topic', 't'];

describe('parseWorkerArgs', () => {
  it('fills the defaults of the article: HOST listener, commit every 100, range', () => {
    expect(parseWorkerArgs(required)).toEqual({
      name: 'a',
      group: 'g',
      topic: 't',
      bootstrap: 'localhost:9531',
      delayMs: 0,
      commitEvery: 100,
      revokeCommit: false,
      slow: undefined,
      fail: undefined,
      groupProtocol: 'classic',
      strategy: 'range',
      instanceId: undefined,
      maxPollIntervalMs: undefined,
      sessionTimeoutMs: undefined,
      heartbeatIntervalMs: undefined,
      joinOnSignal: false,
      stopAfterIdleMs: undefined,
    });
  });

  it('reads every flag in the units the worker uses', () => {
    const options = parseWorkerArgs([
      ...required,
      '--bootstrap', 'localhost:9532', '--delay', '0.01', '--commit-every', '1', '--revoke-commit',
      '--slow-at', '3', '--slow-sec', '15', '--strategy', 'cooperative-sticky', '--instance-id', 'a-1',
      '--max-poll-interval-ms', '10000', '--session-timeout-ms', '6000', '--heartbeat-interval-ms', '100',
      '--join-on-signal', '--stop-after-idle', '2.5',
    ]);
    expect(options).toEqual({
      name: 'a',
      group: 'g',
      topic: 't',
      bootstrap: 'localhost:9532',
      delayMs: 10,
      commitEvery: 1,
      revokeCommit: true,
      slow: { offset: 3, ms: 15_000 },
      fail: undefined,
      groupProtocol: 'classic',
      strategy: 'cooperative-sticky',
      instanceId: 'a-1',
      maxPollIntervalMs: 10_000,
      sessionTimeoutMs: 6000,
      heartbeatIntervalMs: 100,
      joinOnSignal: true,
      stopAfterIdleMs: 2500,
    });
  });

  it('reads the failure modes: a record that fails, and the handler that commits past it', () => {
    expect(parseWorkerArgs([...required, '--fail-at', '7'])).toMatchObject({ fail: { offset: 7, commitOnError: false } });
    expect(parseWorkerArgs([...required, '--fail-at', '0', '--commit-on-error'])).toMatchObject({ fail: { offset: 0, commitOnError: true } });
  });

  it('on the consumer protocol leaves the assignment strategy to the broker', () => {
    expect(parseWorkerArgs([...required, '--group-protocol', 'consumer', '--max-poll-interval-ms', '10000'])).toMatchObject({
      groupProtocol: 'consumer',
      strategy: undefined,
      maxPollIntervalMs: 10_000,
    });
  });

  it.each([
    [['--group', 'g', '--topic', 't'], '--name is required'],
    [[...required, '--group-protocol', 'kip848'], "--group-protocol must be one of classic, consumer, not 'kip848'"],
    [[...required, '--group-protocol', 'consumer', '--strategy', 'range'], '--strategy is a classic-protocol setting: with --group-protocol consumer the broker decides it'],
    [[...required, '--group-protocol', 'consumer', '--session-timeout-ms', '6000'], '--session-timeout-ms is a classic-protocol setting'],
    [[...required, '--group-protocol', 'consumer', '--heartbeat-interval-ms', '100'], '--heartbeat-interval-ms is a classic-protocol setting'],
    [[...required, '--commit-every', '0'], "--commit-every must be an integer >= 1, not '0'"],
    [[...required, '--delay', 'fast'], "--delay must be a number >= 0, not 'fast'"],
    [[...required, '--strategy', 'sticky'], "--strategy must be one of range, roundrobin, cooperative-sticky, not 'sticky'"],
    [[...required, '--commit-evry', '5'], 'unknown flag --commit-evry (see --help)'],
    [[...required, '--delay'], '--delay needs a value'],
    [[...required, '--commit-on-error'], '--commit-on-error needs --fail-at (the record that fails)'],
    [[...required, '--fail-at', '2.5'], "--fail-at must be an integer >= 0, not '2.5'"],
    [['--name', 'a b', '--group', 'g', '--topic', 't'], "--name 'a b' is not valid"],
  ])('rejects %j with a one-line reason', (argv, reason) => {
    expect(() => parseWorkerArgs(argv)).toThrow(UsageError);
    expect(() => parseWorkerArgs(argv)).toThrow(reason);
  });
});
