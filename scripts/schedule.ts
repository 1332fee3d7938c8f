import { brokerKey } from '@kafka-labs/broker';

/** What the schedule needs of a lab: its id and what it needs of the broker. */
export interface SchedLab {
  id: string;
  brokers: number;
  brokerConfig?: Record<string, string>;
  /** Why it cannot share the broker (manifest `alone`). */
  alone?: string;
}

/** One run of a lab: run n (from 1) of `repeat`. */
export interface QueuedRun<L extends SchedLab = SchedLab> {
  lab: L;
  run: number;
}

/** Runs that need the same broker: up to `width` of them at once (1 for labs that run alone). */
export interface Batch<L extends SchedLab = SchedLab> {
  key: string;
  width: number;
  runs: QueuedRun<L>[];
}

/**
 * The order of `pnpm lab --parallel N`: the runs grouped by the broker they need (layout and overrides), so that
 * the broker restarts once per group, in the order each group's first lab comes in the list; in a group first the
 * labs that share (up to N at once), then those that run alone (one at a time). `repeat` runs of each lab are
 * queued round by round (every lab's run 1, then every lab's run 2), so that two runs of one lab rarely meet;
 * `nextRun` keeps them apart.
 */
export function scheduleRuns<L extends SchedLab>(labs: L[], repeat: number, parallel: number): Batch<L>[] {
  const keys: string[] = [];
  const byKey = new Map<string, { shared: L[]; alone: L[] }>();
  for (const lab of labs) {
    const key = brokerKey(lab.brokers, lab.brokerConfig);
    if (!byKey.has(key)) {
      keys.push(key);
      byKey.set(key, { shared: [], alone: [] });
    }
    byKey.get(key)![lab.alone === undefined ? 'shared' : 'alone'].push(lab);
  }
  const rounds = (group: L[]) => Array.from({ length: repeat }, (_, i) => group.map((lab) => ({ lab, run: i + 1 }))).flat();
  const batches: Batch<L>[] = [];
  for (const key of keys) {
    const { shared, alone } = byKey.get(key)!;
    if (shared.length) batches.push({ key, width: parallel, runs: rounds(shared) });
    if (alone.length) batches.push({ key, width: 1, runs: rounds(alone) });
  }
  return batches;
}

/**
 * The index in `queue` of the run to start next while the labs `running` run: the first whose lab is not running
 * (two runs of one lab never overlap), or -1 when every queued run waits for its lab.
 */
export function nextRun(queue: QueuedRun[], running: ReadonlySet<string>): number {
  return queue.findIndex((q) => !running.has(q.lab.id));
}
