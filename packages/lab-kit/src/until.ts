import { sleep } from 'zx';
import { ChildError, throwIfInterrupted } from './process.ts';
import { progress } from './progress.ts';

export interface UntilOptions {
  /** The longest the wait may take, in ms. */
  within: number;
  /** The pause between two checks, in ms (default 200). */
  every?: number;
}

/** What a check returns while its condition does not hold yet. */
type NotYet = undefined | null | false;

/**
 * Calls `check` every `every` ms until it returns a value (anything but undefined, null or false) and resolves with
 * it; rejects after `within` ms with one line naming `what`, the limit and the last state `check` reported through
 * `seen`. A throw from `check` ends the wait with that error, and so does an interrupt of the lab.
 */
export function until<T>(what: string, check: (seen: (state: string) => void) => T | NotYet | Promise<T | NotYet>, { within, every = 200 }: UntilOptions): Promise<T> {
  const wait = async () => {
    const deadline = Date.now() + within;
    let last = '';
    const seen = (state: string) => void (last = state);
    for (;;) {
      throwIfInterrupted();
      const value = await check(seen);
      if (value !== undefined && value !== null && value !== false) return value;
      if (Date.now() + every > deadline) throw new ChildError(`waited ${within / 1000} s in vain for ${what}${last ? ` (last: ${last})` : ''}`, true);
      await sleep(every);
    }
  };
  return progress.track(`waiting for ${what}`, wait(), within);
}
