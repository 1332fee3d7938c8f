import { describe, expect, test } from 'vitest';
import { busyClock } from './busy-time.ts';

/** A promise and the function that settles it, with a clock the test moves. */
function deferred() {
  let settle!: (ok: boolean) => void;
  const promise = new Promise<void>((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error('failed')))));
  promise.catch(() => {});
  return { promise, settle };
}
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('busyClock', () => {
  test('counts overlapping work once and failed work like finished work', async () => {
    let t = 0;
    const clock = busyClock(() => t);
    const a = deferred();
    const b = deferred();
    clock.track(a.promise);
    t = 100;
    clock.track(b.promise);
    t = 300;
    a.settle(true);
    await flush();
    t = 400;
    b.settle(false);
    await flush();
    t = 1000; // idle from 400 on
    const c = deferred();
    clock.track(c.promise);
    t = 1050;
    expect({ calls: clock.calls, ms: clock.ms() }).toEqual({ calls: 3, ms: 450 });
    c.settle(true);
    await flush();
    t = 2000;
    expect(clock.ms()).toBe(450);
  });
});
