import type { WorkerEvent } from '@kafka-labs/kafka-client/worker-log';

/** Contiguous offsets of one partition that were each processed `times` times by the same workers. */
export interface DuplicateRange {
  from: number;
  to: number;
  /** Number of offsets in the range (to - from + 1). */
  count: number;
  /** How often each offset of the range was processed (2 or more). */
  times: number;
  /** Names of the workers that processed these offsets, sorted. */
  by: string[];
}

export interface DuplicateReport {
  /** `processed` lines in the input. */
  processed: number;
  /** Distinct (partition, offset) pairs among them. */
  unique: number;
  /** processed - unique: the processings a message got beyond its first. */
  duplicates: number;
  /** Every partition seen in a `processed` line, with its re-processed ranges in offset order. */
  partitions: Record<number, { ranges: DuplicateRange[] }>;
}

/**
 * Counts re-processed (partition, offset) pairs across workers' events, given as one list or as logs by
 * worker; each event names its own worker, so the grouping of the input does not matter.
 */
export function countDuplicates(input: WorkerEvent[] | Record<string, WorkerEvent[]>): DuplicateReport {
  const events = Array.isArray(input) ? input : Object.values(input).flat();
  const seen = new Map<number, Map<number, { times: number; by: Set<string> }>>();
  let processed = 0;
  for (const event of events) {
    if (event.kind !== 'processed') continue;
    processed += 1;
    const offsets = seen.get(event.partition) ?? new Map<number, { times: number; by: Set<string> }>();
    seen.set(event.partition, offsets);
    const entry = offsets.get(event.offset) ?? { times: 0, by: new Set<string>() };
    offsets.set(event.offset, entry);
    entry.times += 1;
    entry.by.add(event.worker);
  }

  let unique = 0;
  const partitions: DuplicateReport['partitions'] = {};
  for (const partition of [...seen.keys()].sort((x, y) => x - y)) {
    const offsets = seen.get(partition)!;
    unique += offsets.size;
    const ranges: DuplicateRange[] = [];
    for (const offset of [...offsets.keys()].sort((x, y) => x - y)) {
      const { times, by } = offsets.get(offset)!;
      if (times < 2) continue;
      const workers = [...by].sort();
      const last = ranges.at(-1);
      if (last && last.to === offset - 1 && last.times === times && last.by.join() === workers.join()) {
        last.to = offset;
        last.count += 1;
      } else {
        ranges.push({ from: offset, to: offset, count: 1, times, by: workers });
      }
    }
    partitions[partition] = { ranges };
  }
  return { processed, unique, duplicates: processed - unique, partitions };
}

const timesWord = (times: number) => (times === 2 ? 'twice' : `${times} times`);

/** The report as text: `processed N, unique U, duplicates D`, then one line per re-processed range. */
export function formatReport(report: DuplicateReport): string {
  const lines = [`processed ${report.processed}, unique ${report.unique}, duplicates ${report.duplicates}`];
  for (const [partition, { ranges }] of Object.entries(report.partitions)) {
    for (const r of ranges) {
      const offsets = r.from === r.to ? `offset ${r.from}` : `offset ${r.from}..${r.to}`;
      lines.push(`  p${partition}: ${offsets} (${r.count}) processed ${timesWord(r.times)} by ${r.by.join(', ')}`);
    }
  }
  return lines.join('\n');
}
