import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseCommand, runMain, UsageError } from '@kafka-labs/cli';
import { LANGS, textsIn, titleIn, type Lang } from '@kafka-labs/i18n';
import { listLabs, readLabBench, REPO_ROOT, takes, type LabBench, type LabEntry } from '@kafka-labs/lab-kit/catalog';
import { MESSAGES } from './messages.ts';

/** A README's lab table, generated from the manifests between these markers by `pnpm lab-index`. */
export const MARKERS = ['<!-- lab-index:start -->', '<!-- lab-index:end -->'] as const;

/** The README of each language in a folder (the root, a track). */
export const README_OF: Record<Lang, string> = { en: 'README.md', ko: 'README.ko.md' };

const USAGE = `usage: pnpm lab-index

Writes the lab tables of README.md and README.ko.md (every lab) and of each track's labs/<track>/README.md and
README.ko.md (its labs) and the report package's gallery (every golden report.png) between the ${MARKERS[0]} and ${MARKERS[1]} markers, in each README's language, from the
labs' manifest.json files and bench/labs.json's "takes". Exit code 0, or 2 on a usage error or a README without the
markers (nothing is written then).`;

/** The root README's table in `lang`: every lab with its track. */
export function labIndex(labs: LabEntry[], bench: Record<string, LabBench>, lang: Lang): string {
  const t = textsIn(MESSAGES, lang);
  const rows = labs.map(
    (l) => `| \`${l.id}\` | [${l.track}](labs/${l.track}/) | ${titleIn(l, lang)} | ${t.nodes({ n: l.brokers })} | ${takes(l, bench, lang)} |`,
  );
  return [t.indexHeader(), '|---|---|---|---|---|', ...rows].join('\n');
}

/** A track README's table in `lang`: its labs, each linked to its README in that language. */
export function trackIndex(labs: LabEntry[], bench: Record<string, LabBench>, lang: Lang): string {
  const t = textsIn(MESSAGES, lang);
  const link = (l: LabEntry) => (lang === 'en' ? `${l.id}/` : `${l.id}/${README_OF[lang]}`);
  const rows = labs.map((l) => `| [${l.id}](${link(l)}) | ${titleIn(l, lang)} | ${t.nodes({ n: l.brokers })} | ${takes(l, bench, lang)} |`);
  return [t.trackIndexHeader(), '|---|---|---|---|', ...rows].join('\n');
}

/** The report package's gallery: each lab's golden picture (report.png), in English, by track. */
export function gallery(labs: LabEntry[]): string {
  const picture = (l: LabEntry) => `labs/${l.track}/${l.id}/golden/report.png`;
  const rows = labs.map((l) => `| \`${l.id}\` | ${titleIn(l, 'en')} | <a href="../../${picture(l)}"><img src="../../${picture(l)}" width="360" alt="${l.id}"></a> |`);
  return ['| lab | what it shows | its golden run\'s report |', '|---|---|---|', ...rows].join('\n');
}

/** `readme` with `table` between its markers; a README without them is an error naming `file`. */
export function withTable(readme: string, table: string, file: string): string {
  const [start, end] = MARKERS;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} lacks the ${start} ... ${end} markers`);
  return `${readme.slice(0, from + start.length)}\n${table}\n${readme.slice(to)}`;
}

/** Every README the index writes (the root's and each track's, in each language) with the text it should hold. */
export function indexedReadmes(root = REPO_ROOT): { file: string; text: string }[] {
  const labs = listLabs(join(root, 'labs'));
  const bench = readLabBench();
  const tracks = [...new Set(labs.map((l) => l.track))];
  const tables = [
    { file: join(root, 'packages', 'report', 'README.md'), table: gallery(labs) },
    ...LANGS.flatMap((lang) => [
    { file: join(root, README_OF[lang]), table: labIndex(labs, bench, lang) },
    ...tracks.map((track) => ({
      file: join(root, 'labs', track, README_OF[lang]),
      table: trackIndex(labs.filter((l) => l.track === track), bench, lang),
    })),
    ]),
  ];
  return tables.map(({ file, table }) => {
    const name = relative(root, file);
    if (!existsSync(file)) throw new Error(`${name} is missing`);
    return { file, text: withTable(readFileSync(file, 'utf8'), table, name) };
  });
}

/** Writes the READMEs whose lab table is not the generated one; returns their paths. */
export function writeLabIndex(root = REPO_ROOT): string[] {
  const changed = indexedReadmes(root).filter(({ file, text }) => readFileSync(file, 'utf8') !== text);
  for (const { file, text } of changed) writeFileSync(file, text);
  return changed.map(({ file }) => file);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runMain('error', USAGE, async (argv) => {
    const [extra] = parseCommand({}, argv).positionals;
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}" (pnpm lab-index takes none)`);
    const changed = writeLabIndex();
    console.log(`lab index: ${changed.length ? `${changed.map((file) => relative(REPO_ROOT, file)).join(', ')} regenerated` : 'every README already up to date'}`);
    return 0;
  });
}
