import { describe, expect, test } from 'vitest';
import { createProgress } from './progress.ts';

/** A stream that records what is written and resolves `next` on every write. */
function terminal(isTTY: boolean) {
  const writes: string[] = [];
  let wake: () => void = () => {};
  return {
    isTTY,
    writes,
    write(text: string) {
      writes.push(text);
      wake();
      return true;
    },
    next: () => new Promise<void>((resolve) => (wake = resolve)),
  };
}

describe('the progress line', () => {
  test('on a terminal, a wait that lasts shows its title and bound in place, and the line is cleared when it ends', async () => {
    const stream = terminal(true);
    const progress = createProgress(stream, 0);
    let finish: (value: string) => void = () => {};
    const work = new Promise<string>((resolve) => (finish = resolve));
    expect(progress.track('waiting for b to join', work, 60_000)).toBe(work);
    await stream.next();
    expect(stream.writes[0]).toMatch(/^\r\x1b\[2K. waiting for b to join \(0 s of at most 60 s\)$/);
    finish('done');
    await work;
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.writes.at(-1)).toBe('\r\x1b[2K');
  });

  test('elsewhere (a log file, CI) it writes nothing', async () => {
    const stream = terminal(false);
    const progress = createProgress(stream, 0);
    await progress.track('waiting for nothing', Promise.resolve(1));
    progress.clear();
    expect(stream.writes).toEqual([]);
  });
});
