import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { textsIn, titleIn, type Lang } from '@kafka-labs/i18n';
import { listLabs, readLabBench, REPO_ROOT, takes } from '@kafka-labs/lab-kit/catalog';
import { MESSAGES } from './messages.ts';

/** The READMEs' lab table, generated from the manifests between these markers by `pnpm lab-index`. */
export const MARKERS = ['<!-- lab-index:start -->', '<!-- lab-index:end -->'] as const;

/** The README of each language whose lab table `pnpm lab-index` writes. */
export const README_OF: Record<Lang, string> = { en: 'README.md', ko: 'README.ko.md' };

/** The lab table in `lang`. */
export function labIndex(lang: Lang = 'en'): string {
  const t = textsIn(MESSAGES, lang);
  const bench = readLabBench();
  const rows = listLabs().map(
    (l) => `| \`${l.id}\` | [${l.track}](labs/${l.track}/) | ${titleIn(l, lang)} | ${t.nodes({ n: l.brokers })} | ${takes(l, bench, lang)} |`,
  );
  return [t.indexHeader(), '|---|---|---|---|---|', ...rows].join('\n');
}

/** `readme` with the lab table in `lang` between the markers. */
export function withIndex(readme: string, lang: Lang = 'en'): string {
  const [start, end] = MARKERS;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md lacks the ${start} ... ${end} markers`);
  return `${readme.slice(0, from + start.length)}\n${labIndex(lang)}\n${readme.slice(to)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [lang, name] of Object.entries(README_OF) as [Lang, string][]) {
    const file = join(REPO_ROOT, name);
    writeFileSync(file, withIndex(readFileSync(file, 'utf8'), lang));
    console.log(`${name}: lab index regenerated`);
  }
}
