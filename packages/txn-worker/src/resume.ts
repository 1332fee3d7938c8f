import { RESUME_SIGNAL } from './options.ts';

/** What a paused program awaits: a promise of the next RESUME_SIGNAL this process receives (every waiter goes on). */
export function resumeOnSignal(): () => Promise<void> {
  let waiting: (() => void)[] = [];
  process.on(RESUME_SIGNAL, () => {
    const resume = waiting;
    waiting = [];
    for (const go of resume) go();
  });
  return () => new Promise<void>((resolve) => waiting.push(resolve));
}
