import { describe, expect, test } from 'vitest';
import { ChildError } from './process.ts';
import { until } from './until.ts';

describe('until', () => {
  test('resolves with the first value the check returns, checking again every `every` ms', async () => {
    let calls = 0;
    const value = await until('the third call', () => (++calls === 3 ? `call ${calls}` : undefined), { within: 1000, every: 10 });
    expect(value).toBe('call 3');
    expect(calls).toBe(3);
  });

  test('rejects after `within` with one line naming what it waited for, the limit and the last state seen', async () => {
    const started = Date.now();
    const wait = until('a leader', (seen) => (seen('leader -1'), false), { within: 300, every: 50 });
    await expect(wait).rejects.toThrow(new ChildError('waited 0.3 s in vain for a leader (last: leader -1)', true));
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('a throw from the check ends the wait at once with that error', async () => {
    let calls = 0;
    const wait = until('nothing', () => {
      calls++;
      throw new Error('the broker is gone');
    }, { within: 5000, every: 10 });
    await expect(wait).rejects.toThrow('the broker is gone');
    expect(calls).toBe(1);
  });
});
