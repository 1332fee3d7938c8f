import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listLabs, readLabBench, REPO_ROOT, takes } from '@kafka-labs/lab-kit/catalog';

/** The README's lab table, generated from the manifests between these markers by `pnpm lab-index`. */
export const MARKERS = ['<!-- lab-index:start -->', '<!-- lab-index:end -->'] as const;

export function labIndex(): string {
  const bench = readLabBench();
  const rows = listLabs().map(
    (l) => `| \`${l.id}\` | [${l.track}](labs/${l.track}/) | ${l.title} | ${l.brokers === 3 ? '3 nodes' : '1 node'} | ${takes(l, bench)} |`,
  );
  return ['| lab | track | what it shows | broker | takes |', '|---|---|---|---|---|', ...rows].join('\n');
}

export function withIndex(readme: string): string {
  const [start, end] = MARKERS;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md lacks the ${start} ... ${end} markers`);
  return `${readme.slice(0, from + start.length)}\n${labIndex()}\n${readme.slice(to)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = join(REPO_ROOT, 'README.md');
  writeFileSync(file, withIndex(readFileSync(file, 'utf8')));
  console.log('README.md: lab index regenerated');
}
