import { readdirSync } from 'node:fs';

/** The names of the regular files directly in a run folder (no links, no folders), sorted: what a report may read. */
export function runFiles(runDir: string): string[] {
  return readdirSync(runDir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}
