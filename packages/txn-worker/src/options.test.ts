import { UsageError } from '@kafka-labs/cli';
import { describe, expect, it } from 'vitest';
import { parsePauses, parseTxnWorkerArgs } from './options.ts';

const base = ['--name', 'a1', '--group', 'g', '--input', 'orders'];

describe('parseTxnWorkerArgs', () => {
  it('defaults to a transaction per batch of 5, subscribe() and no pause', () => {
    expect(parseTxnWorkerArgs([...base, '--output', 'out', '--transactional-id', 'tx-0'])).toMatchObject({
      commit: 'transaction',
      transactionalId: 'tx-0',
      randomId: false,
      assign: false,
      batch: 5,
      delayMs: 0,
      pauses: [],
      sink: undefined,
    });
  });

  it('reads the modes issue 13 needs: auto commit, a sink, a delay', () => {
    expect(
      parseTxnWorkerArgs([...base, '--commit', 'auto', '--auto-commit-interval-ms', '200', '--sink', 'plain', '--database', '/tmp/db', '--delay', '0.5', '--batch', '100']),
    ).toMatchObject({ commit: 'auto', autoCommitIntervalMs: 200, sink: { kind: 'plain', database: '/tmp/db' }, delayMs: 500, batch: 100 });
  });

  it('reads the transform version an enrichment records (none by default)', () => {
    expect(parseTxnWorkerArgs([...base, '--commit', 'sync', '--output', 'o']).transformVersion).toBeUndefined();
    expect(parseTxnWorkerArgs([...base, '--commit', 'sync', '--output', 'o', '--transform-version', 'v2'])).toMatchObject({ transformVersion: 'v2' });
  });

  it('reads the async sink trap: a slow sink write the loop does not await', () => {
    expect(parseTxnWorkerArgs([...base, '--commit', 'sync', '--sink', 'plain', '--database', '/tmp/db'])).toMatchObject({
      sink: { kind: 'plain', database: '/tmp/db', delayMs: 0, awaited: true },
    });
    expect(
      parseTxnWorkerArgs([...base, '--commit', 'sync', '--sink', 'inbox', '--database', '/tmp/db', '--sink-unawaited', '--sink-delay', '1.5']),
    ).toMatchObject({ sink: { kind: 'inbox', database: '/tmp/db', delayMs: 1500, awaited: false } });
  });

  it.each([
    [['--output', 'out'], '--commit transaction needs --transactional-id'],
    [['--commit', 'sync', '--transactional-id', 'x'], '--commit sync uses no transaction: leave out --transactional-id'],
    [['--commit', 'sync', '--random-id'], '--random-id needs --transactional-id (the prefix)'],
    [['--commit', 'sync', '--auto-commit-interval-ms', '5'], '--auto-commit-interval-ms needs --commit auto'],
    [['--commit', 'sync', '--sink', 'inbox'], '--sink and --database go together'],
    [['--commit', 'sync', '--sink-unawaited'], '--sink-unawaited needs --sink'],
    [['--commit', 'sync', '--sink-delay', '2'], '--sink-delay needs --sink'],
    [['--transactional-id', 'x'], '--commit transaction needs --output or --sink: a transaction with nothing in it'],
    [['--commit', 'twice'], '--commit must be one of transaction, after-txn, before-txn, sync, auto, not \'twice\''],
    [['--commit', 'sync', '--pause-after', 'flushed'], "--pause-after 'flushed' is not KIND[:N]"],
    [['--commit', 'sync', '--transform-version', 'v2'], '--transform-version needs --output'],
    [['--commit', 'sync', '--output', 'o', '--transform-version', 'v3'], "--transform-version must be one of v1, v2, not 'v3'"],
  ])('refuses %j with one line', (flags, reason) => {
    expect(() => parseTxnWorkerArgs([...base, ...flags])).toThrow(UsageError);
    expect(() => parseTxnWorkerArgs([...base, ...flags])).toThrow(reason);
  });
});

describe('parsePauses', () => {
  it('reads kinds with and without a count', () => {
    expect(parsePauses('produced:5,committed')).toEqual([
      { kind: 'produced', count: 5 },
      { kind: 'committed', count: 1 },
    ]);
    expect(() => parsePauses('committed:0')).toThrow(UsageError);
  });
});
