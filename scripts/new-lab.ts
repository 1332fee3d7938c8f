import { cpSync, existsSync, lstatSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseCommand, runMain, UsageError } from '@kafka-labs/cli';
import { didYouMean, LABS_DIR, readRegistry, REPO_ROOT, resolveLabs, runsDir, type LabEntry } from '@kafka-labs/lab-kit/catalog';
import { writeLabIndex } from './lab-index.ts';

/** The shape of a new lab's id: two digits, a dash, lowercase words joined by dashes (`09-late-commit`). */
export const LAB_ID = /^\d\d-[a-z0-9]+(?:-[a-z0-9]+)*$/;

const FLAGS = {
  from: { kind: 'string', help: 'the lab of the track to copy (default: the track\'s first lab)' },
  golden: { kind: 'boolean', help: 'turn runs/<id>/latest into the lab\'s golden/ instead' },
} as const;

const USAGE = `usage: pnpm new-lab <track> <id> [--from <lab>]
       pnpm new-lab --golden <id>

The first form copies a lab folder of labs/<track>/ (the track's first lab, or --from) to labs/<track>/<id>/ and
renames what names the old lab: <old-id>*.test.ts files, the id in manifest.json, README.md, the scripts and tests;
golden/ is left out. It then rewrites the lab index (pnpm lab-index). The track's package.json needs no change.
The second form copies the files of the latest finished run (runs/<id>/latest, links resolved, report.html and
report.png included, no sub-folders such as a database's data) into golden/, replacing what was there; the run must
have passed. Exit code 0, or 2 on a usage error (nothing is written then).
  --from LAB  ${FLAGS.from.help}
  --golden    ${FLAGS.golden.help}`;

/** `text` with every whole occurrence of the lab id `from` (not inside a longer name) replaced by `to`. */
export function renameId(text: string, from: string, to: string): string {
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g'), to);
}

/**
 * Copies the lab `from` (default: the track's first) of `labs/<track>/` to `labs/<track>/<id>/` under `labsDir`,
 * without golden/, renaming files that start with the old id and the old id inside every text file; returns the
 * new folder and the lab copied. Bad input is a UsageError before anything is written.
 */
export function newLab(track: string, id: string, from?: string, labsDir = LABS_DIR): { dir: string; from: LabEntry } {
  const registry = readRegistry(labsDir);
  const tracks = readdirSync(labsDir).filter((name) => existsSync(join(labsDir, name, 'package.json')));
  if (!tracks.includes(track)) {
    throw new UsageError(`unknown track "${track}"; ${didYouMean(track, tracks) ?? `tracks: ${tracks.join(', ')}`}`);
  }
  if (!LAB_ID.test(id)) throw new UsageError(`lab id "${id}" must look like NN-name: two digits, a dash, lowercase words joined by dashes (09-late-commit)`);
  const taken = registry.labs.find((l) => l.id === id) ?? registry.broken.find((b) => b.folder === id);
  if (taken) throw new UsageError(`lab id "${id}" is taken (labs/${taken.track}/${id})`);
  const dir = join(labsDir, track, id);
  if (existsSync(dir)) throw new UsageError(`labs/${track}/${id} exists already`);
  const labs = registry.labs.filter((l) => l.track === track);
  const source = from === undefined ? labs[0] : labs.find((l) => l.id === from);
  if (!source) {
    throw new UsageError(
      from === undefined ? `track ${track} has no lab to copy` : `--from "${from}" is not a lab of track ${track}; its labs: ${labs.map((l) => l.id).join(', ') || 'none'}`,
    );
  }
  cpSync(source.dir, dir, { recursive: true, filter: (path) => path !== join(source.dir, 'golden') && !path.includes('/node_modules') });
  renameInside(dir, source.id, id);
  return { dir, from: source };
}

function renameInside(dir: string, from: string, to: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    let path = join(dir, entry.name);
    if (entry.name.startsWith(from)) {
      const renamed = join(dir, to + entry.name.slice(from.length));
      renameSync(path, renamed);
      path = renamed;
    }
    if (entry.isDirectory()) {
      renameInside(path, from, to);
    } else if (entry.isFile()) {
      const bytes = readFileSync(path);
      if (bytes.includes(0)) continue;
      const text = bytes.toString('utf8');
      const renamed = renameId(text, from, to);
      if (renamed !== text) writeFileSync(path, renamed);
    }
  }
}

/**
 * Replaces `labs/<track>/<id>/golden/` with the regular files of the lab's latest finished run (links resolved,
 * sub-folders left out); the run must have passed. Returns the golden folder and the files copied.
 */
export function makeGolden(id: string, labsDir = LABS_DIR, runsRoot = runsDir()): { dir: string; files: string[] } {
  const labs = resolveLabs(id, readRegistry(labsDir));
  if (labs.length !== 1 || labs[0]!.id !== id) throw new UsageError(`"${id}" is a track; make the golden of one lab at a time`);
  const lab = labs[0]!;
  const latest = join(runsRoot, id, 'latest');
  if (!existsSync(latest)) throw new UsageError(`no finished run of ${id} at ${latest}; run pnpm lab ${id} first`);
  const run = realpathSync(latest);
  const verdict = readVerdict(join(run, 'result.json'));
  if (verdict !== 'pass') throw new UsageError(`the latest run of ${id} (${run}) has verdict ${verdict}; a golden is a passing run`);
  const files = readdirSync(run).filter((name) => statSync(join(run, name)).isFile()).sort();
  const golden = join(lab.dir, 'golden');
  rmSync(golden, { recursive: true, force: true });
  mkdirSync(golden);
  for (const name of files) cpSync(join(run, name), join(golden, name), { dereference: true });
  return { dir: golden, files };
}

function readVerdict(file: string): string {
  try {
    if (!lstatSync(file).isFile()) return 'unknown (result.json is not a file)';
    const verdict: unknown = (JSON.parse(readFileSync(file, 'utf8')) as { verdict?: unknown } | null)?.verdict;
    return typeof verdict === 'string' ? verdict : 'unknown (result.json has no verdict)';
  } catch {
    return 'unknown (no readable result.json)';
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runMain('error', USAGE, async (argv) => {
    const { positionals, flags } = parseCommand(FLAGS, argv);
    if (flags.golden) {
      const [id, ...extra] = positionals;
      if (!id || extra.length || flags.from !== undefined) throw new UsageError('--golden takes one lab id and no --from');
      const { dir, files } = makeGolden(id);
      console.log(`${relative(REPO_ROOT, dir)}: ${files.length} files from runs/${id}/latest (${files.join(', ')})`);
      return 0;
    }
    const [track, id, ...extra] = positionals;
    if (!track || !id) throw new UsageError('missing track or lab id');
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const { dir, from } = newLab(track, id, flags.from);
    writeLabIndex();
    console.log(`${relative(REPO_ROOT, dir)}: copied from ${from.id} (golden/ left out); the lab index lists it`);
    console.log(`next: write README.md, manifest.json (title, inherent), run.ts, grade.ts and the tests, then`);
    console.log(`  pnpm lab ${id} && pnpm new-lab --golden ${id} && pnpm test:lab ${id}`);
    return 0;
  });
}
