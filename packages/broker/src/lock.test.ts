import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { blockingClaim, brokerKey, brokerLockHolders, lockBroker } from './lock.ts';

const held = (share: string | null, since = 0) => ({ share, since, state: 'held' as const });
const waiter = (share: string | null, since: number) => ({ share, since, state: 'wait' as const });

describe('who may hold the broker (blockingClaim)', () => {
  test('shared claims of one key hold it together; another key or an exclusive claim waits', () => {
    expect(blockingClaim({ share: '1', since: 5 }, [held('1'), held('1')])).toBeNull();
    expect(blockingClaim({ share: '3', since: 5 }, [held('1')])).toEqual(held('1'));
    expect(blockingClaim({ share: null, since: 5 }, [held('1')])).toEqual(held('1'));
    expect(blockingClaim({ share: '1', since: 5 }, [held(null)])).toEqual(held(null));
    expect(blockingClaim({ share: null, since: 5 }, [])).toBeNull();
  });

  test('first come, first served: a claim does not overtake an earlier waiter it cannot share with', () => {
    expect(blockingClaim({ share: '1', since: 5 }, [held('1'), waiter(null, 4)])).toEqual(waiter(null, 4));
    expect(blockingClaim({ share: '1', since: 5 }, [held('1'), waiter('1', 4)])).toBeNull();
    expect(blockingClaim({ share: '1', since: 5 }, [held('1'), waiter(null, 6)])).toBeNull();
  });

  test('a key is the layout and the overrides in a stable order', () => {
    expect(brokerKey(1)).toBe('1');
    expect(brokerKey(3, {})).toBe('3');
    expect(brokerKey(1, { b: '2', a: '1' })).toBe(brokerKey(1, { a: '1', b: '2' }));
  });
});

describe('lockBroker', () => {
  const saved = process.env.KAFKA_LABS_HOME;
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'broker-lock-'));
    process.env.KAFKA_LABS_HOME = home;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.KAFKA_LABS_HOME;
    else process.env.KAFKA_LABS_HOME = saved;
  });
  const quiet = () => {};

  test('holders of one key share it, an exclusive claim waits for both and names a holder', async () => {
    const a = await lockBroker('lab a', quiet, { share: '1' });
    const b = await lockBroker('lab b', quiet, { share: '1' });
    expect(brokerLockHolders().map((h) => h.owner).sort()).toEqual(['lab a', 'lab b']);
    const told: string[] = [];
    let exclusive: (() => void) | undefined;
    const pending = lockBroker('broker tests', (holder, pid) => told.push(`${holder} ${pid}`)).then((r) => (exclusive = r));
    await new Promise((r) => setTimeout(r, 400));
    expect(exclusive).toBeUndefined();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(new RegExp(`^lab [ab] ${process.pid}$`));
    // A lab of the same key that comes after the exclusive waiter waits too.
    let late: (() => void) | undefined;
    const latePending = lockBroker('lab c', quiet, { share: '1' }).then((r) => (late = r));
    a();
    b();
    await pending;
    expect(late).toBeUndefined();
    expect(brokerLockHolders().map((h) => h.owner)).toEqual(['broker tests']);
    exclusive!();
    await latePending;
    late!();
    expect(readdirSync(join(home, 'broker-lock')).filter((f) => f !== 'guard')).toEqual([]);
  });

  test("a dead holder's claim and a garbage file are taken over", async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const dead = child.pid!;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('close', r));
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(home, 'broker-lock'), { recursive: true });
    writeFileSync(join(home, 'broker-lock', `${dead}-1.held`), JSON.stringify({ pid: dead, start: null, owner: 'gone', share: null, since: 0 }));
    writeFileSync(join(home, 'broker-lock', 'x-1.held'), 'not json');
    const release = await lockBroker('lab a', () => {
      throw new Error('should not wait');
    });
    expect(brokerLockHolders().map((h) => h.owner)).toEqual(['lab a']);
    release();
  });
});
