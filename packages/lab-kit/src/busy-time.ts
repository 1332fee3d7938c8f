/** Time spent in work that may overlap (tool calls run side by side), counted once: the union of the busy intervals. */
export interface BusyClock {
  /** Counts the time until `work` settles; returns `work`. */
  track<T extends PromiseLike<unknown>>(work: T): T;
  /** How many pieces of work were tracked. */
  readonly calls: number;
  /** Milliseconds during which at least one piece of work was running, up to now. */
  ms(): number;
}

export function busyClock(now: () => number = Date.now): BusyClock {
  let calls = 0;
  let running = 0;
  let busySince = 0;
  let total = 0;
  const done = () => {
    if (--running === 0) total += now() - busySince;
  };
  return {
    track(work) {
      calls++;
      if (running++ === 0) busySince = now();
      work.then(done, done);
      return work;
    },
    get calls() {
      return calls;
    },
    ms: () => total + (running > 0 ? now() - busySince : 0),
  };
}
