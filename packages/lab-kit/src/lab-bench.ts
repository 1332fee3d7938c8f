import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { MESSAGES } from './messages.ts';
import { REPO_ROOT } from './paths.ts';
import type { LabEntry } from './registry.ts';

/** What `pnpm bench labs --write` measured for one lab: medians in seconds over `runs` runs with the broker up. */
export interface LabBench {
  runs: number;
  passed: number;
  /** `pnpm lab <id>` from the command to its exit: median, fastest, slowest. */
  wall: { median: number; min: number; max: number };
  /** Medians of the parts: Kafka tool calls (time with at least one running), the broker check or start, the
   * harness (pnpm, tsx, imports, grading, report: the wall outside the run script), and the rest of the run script. */
  tools: number;
  toolCalls: number;
  broker: number;
  harness: number;
  /** The harness split: from the command to the run script's start (pnpm, node with tsx, imports), and from the run
   * script's end to the exit (grading, report.html and report.png). */
  harnessStart?: number;
  harnessEnd?: number;
  /** The median wall minus what the experiment waits by nature (the manifest's `inherent.seconds`). */
  overhead: number;
  /** When and where: ISO date, cores, the load average (1 min) before and after. */
  measured: { at: string; cores: number; load: [number, number] };
}

/** The file the bench writes and the README's lab index reads: labs by id. */
export const LAB_BENCH_FILE = join(REPO_ROOT, 'bench', 'labs.json');
const LIMIT = 1024 * 1024;

/** The recorded bench of every lab that has one; a missing or unreadable file is no bench at all. */
export function readLabBench(file = LAB_BENCH_FILE): Record<string, LabBench> {
  if (!existsSync(file) || !lstatSync(file).isFile() || lstatSync(file).size > LIMIT) return {};
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, LabBench>) : {};
  } catch {
    return {};
  }
}

/** How long a lab takes, for listings in `lang`: the bench's median wall and what of it the experiment waits by nature. */
export function takes(lab: LabEntry, bench: Record<string, LabBench>, lang: Lang = 'en'): string {
  const t = textsIn(MESSAGES, lang);
  const measured = bench[lab.id];
  const waits = lab.inherent.seconds;
  return measured ? t.takes({ median: Math.round(measured.wall.median), waits }) : t.takesNotBenched({ waits });
}
