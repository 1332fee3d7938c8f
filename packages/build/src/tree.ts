import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The compiled tree: every TypeScript module the commands, the programs and the labs run, compiled one for one into
 * ES modules under BUILD_DIR at the path of its source (`scripts/grade.ts` -> `BUILD_DIR/scripts/grade.mjs`), so that
 * a start loads JavaScript instead of tsx compiling the graph, and a command and the grader it imports share one copy
 * of every module, as they do from source. This file reads the tree (paths, freshness); compile.ts writes it.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The compiled tree of this checkout: a build output with absolute paths in it, never committed. */
export const BUILD_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'kafka-labs-build');
/** Files outside the modules that change what the tree is: the dependency versions, the compiler settings, the recipe. */
export const GLOBAL_INPUTS = ['pnpm-lock.yaml', 'tsconfig.base.json', 'packages/build/src/compile.ts'];
const TSX = fileURLToPath(import.meta.resolve('tsx'));

declare const IN_COMPILED_TREE: boolean | undefined;
/** True in a module of the compiled tree (the compiler defines it), false in a source module run by tsx or vitest. */
export const COMPILED = typeof IN_COMPILED_TREE !== 'undefined' && IN_COMPILED_TREE;

/** What `stamp.json` at the tree's root records of the build that wrote the tree. */
export interface Stamp {
  /** The checkout it was built in. */
  root: string;
  /** Repo-relative paths of the entry points it was built from. */
  entries: string[];
  /** Repo-relative path -> [mtimeMs, size] of every module in it and of GLOBAL_INPUTS. */
  inputs: Record<string, [number, number]>;
}

export const stampPath = (dir = BUILD_DIR) => join(dir, 'stamp.json');

/** Where the tree holds the module compiled from `file` (`labs/t/01-x/run.ts` -> `<dir>/labs/t/01-x/run.mjs`), or null. */
export function compiledPath(file: string, dir = BUILD_DIR): string | null {
  const rel = relative(REPO_ROOT, file);
  if (!file.endsWith('.ts') || rel.startsWith(`..${sep}`) || isNpmFile(file)) return null;
  return join(dir, rel.replace(/\.ts$/, '.mjs'));
}

/** A file of an npm package (under a node_modules folder, but for the build caches in the checkout's own). */
export function isNpmFile(file: string): boolean {
  return file.split(sep).includes('node_modules') && !relative(REPO_ROOT, file).startsWith(join('node_modules', '.cache', sep));
}

/** The URL to import `file` by from this module: its compiled module in the compiled tree, else the source. */
export function moduleUrl(file: string): string {
  return pathToFileURL((COMPILED && compiledPath(file)) || file).href;
}

function fileState(rel: string): [number, number] | null {
  try {
    const s = statSync(join(REPO_ROOT, rel));
    return [s.mtimeMs, s.size];
  } catch {
    return null;
  }
}

export function stateOf(rels: string[]): Stamp['inputs'] {
  const inputs: Stamp['inputs'] = {};
  for (const rel of rels) {
    const state = fileState(rel);
    if (state) inputs[rel] = state;
  }
  return inputs;
}

/**
 * Why the tree at `dir` cannot run `file` ('not compiled yet', '<file> changed', ...), or null when it is fresh: it
 * holds `file` (default: every entry point), and every module in it and every global input has the size and
 * modification time its stamp recorded.
 */
export function staleReason(file?: string, dir = BUILD_DIR): string | null {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath(dir), 'utf8')) as Stamp;
  } catch {
    return 'not compiled yet';
  }
  if (stamp.root !== REPO_ROOT) return 'not compiled yet';
  if (file !== undefined) {
    if (!(relative(REPO_ROOT, file) in stamp.inputs)) return `${relative(REPO_ROOT, file)} is not compiled yet`;
  } else {
    const added = allEntryPoints().find((entry) => !stamp.entries.includes(relative(REPO_ROOT, entry)));
    if (added) return `${relative(REPO_ROOT, added)} is new`;
  }
  for (const [rel, [mtime, size]] of Object.entries(stamp.inputs)) {
    const now = fileState(rel);
    if (!now || now[0] !== mtime || now[1] !== size) return `${rel} changed`;
  }
  return null;
}

/** Every program the packages declare: `"programs": ["src/cli.ts", ...]` in a package.json under packages/. */
export function workspacePrograms(): string[] {
  const packages = join(REPO_ROOT, 'packages');
  return readdirSync(packages).flatMap((name) => {
    const file = join(packages, name, 'package.json');
    if (!existsSync(file)) return [];
    const programs = (JSON.parse(readFileSync(file, 'utf8')) as { programs?: string[] }).programs ?? [];
    return programs.map((p) => join(packages, name, p));
  });
}

/** The commands: the root package.json scripts that start `bin/kafka-labs.mjs <command>`, each `scripts/<command>.ts`. */
export function commands(): string[] {
  const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return Object.values(scripts).flatMap((line) => /\bbin\/kafka-labs\.mjs ([a-z][a-z-]*)$/.exec(line)?.[1] ?? []);
}

/** Every entry point of the tree: the commands, the packages' programs, and every lab's run script and grader. */
export function allEntryPoints(): string[] {
  const labs = join(REPO_ROOT, 'labs');
  const labFiles = readdirSync(labs, { withFileTypes: true })
    .filter((track) => track.isDirectory())
    .flatMap((track) => readdirSync(join(labs, track.name)).flatMap((lab) => ['run.ts', 'grade.ts'].map((f) => join(labs, track.name, lab, f))))
    .filter((file) => existsSync(file));
  return [...commands().map((c) => join(REPO_ROOT, 'scripts', `${c}.ts`)), ...workspacePrograms(), ...labFiles];
}

const warned = new Set<string>();

/**
 * The node arguments that start `script`: its compiled module when the tree is fresh, else the source through tsx; a
 * declared program that runs from source says so once, on stderr, in one line (`pnpm build` compiles the tree, and
 * every command does when it finds it stale).
 */
export function programArgs(script: string): string[] {
  const reason = staleReason(script);
  if (reason === null) return ['--enable-source-maps', compiledPath(script)!];
  if (!warned.has(script) && workspacePrograms().includes(script)) {
    warned.add(script);
    process.stderr.write(`build: ${relative(REPO_ROOT, script)} runs from source (${reason}): pnpm build compiles it\n`);
  }
  return ['--import', TSX, script];
}
