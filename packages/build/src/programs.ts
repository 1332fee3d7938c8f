import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/**
 * What a lab starts as a process of its own, compiled ahead of time: the programs (worker, producers, txn-worker,
 * proxy) and the run scripts, one ES module each, bundled with the workspace code it imports, so that a start costs
 * node loading one file instead of tsx compiling the graph. npm dependencies stay outside the bundle, imported by the
 * absolute path they resolve to here, and every workspace module keeps its own `import.meta.url`: a bundle behaves
 * as its source does under tsx. The commands (`pnpm lab`, `pnpm grade`, ...) stay on tsx: they import a lab's grader
 * from source, and a grader and its command must share one copy of @kafka-labs/grader.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Every bundle, its source map and its stamp, under the path of its source: a build output of this checkout. */
export const BUILD_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'kafka-labs-build');
/** Files outside a bundle's inputs that change what it is: the dependency versions, the compiler settings, this recipe. */
const GLOBAL_INPUTS = ['pnpm-lock.yaml', 'tsconfig.base.json', relative(REPO_ROOT, fileURLToPath(import.meta.url))];
const TSX = fileURLToPath(import.meta.resolve('tsx'));
const SKIP = Symbol('resolve without the workspace plugin');

interface Stamp {
  /** The checkout it was built in. */
  root: string;
  /** Repo-relative path -> [mtimeMs, size] of every file it was built from. */
  inputs: Record<string, [number, number]>;
}

/** The bundle of a TypeScript file of this checkout (`labs/t/01-x/run.ts` -> BUILD_DIR/labs/t/01-x/run.mjs), or null. */
export function bundlePath(script: string): string | null {
  const rel = relative(REPO_ROOT, script);
  if (!script.endsWith('.ts') || rel.startsWith(`..${sep}`)) return null;
  return join(BUILD_DIR, rel.replace(/\.ts$/, '.mjs'));
}

const stampPath = (bundle: string) => `${bundle}.stamp.json`;

function fileState(rel: string): [number, number] | null {
  try {
    const s = statSync(join(REPO_ROOT, rel));
    return [s.mtimeMs, s.size];
  } catch {
    return null;
  }
}

/** Why the bundle of `script` cannot be used ('not compiled yet', '<file> changed', ...), or null: it is fresh. */
export function staleReason(script: string): string | null {
  const bundle = bundlePath(script);
  if (!bundle) return 'not a TypeScript file of this checkout';
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath(bundle), 'utf8')) as Stamp;
  } catch {
    return 'not compiled yet';
  }
  if (stamp.root !== REPO_ROOT) return 'not compiled yet';
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

/** Everything `pnpm build` compiles: the packages' programs and every lab's run script. */
export function allEntryPoints(): string[] {
  const labs = join(REPO_ROOT, 'labs');
  const runScripts = readdirSync(labs, { withFileTypes: true })
    .filter((track) => track.isDirectory())
    .flatMap((track) => readdirSync(join(labs, track.name)).map((lab) => join(labs, track.name, lab, 'run.ts')))
    .filter((file) => existsSync(file));
  return [...workspacePrograms(), ...runScripts];
}

const warned = new Set<string>();

/**
 * The node arguments that start `script`: its bundle when it is fresh, else the source through tsx; a declared
 * program whose bundle is stale says so once, on stderr, in one line (`pnpm build` compiles it; `pnpm lab` does it
 * before every run).
 */
export function programArgs(script: string): string[] {
  const reason = staleReason(script);
  if (reason === null) return ['--enable-source-maps', bundlePath(script)!];
  if (!warned.has(script) && workspacePrograms().includes(script)) {
    warned.add(script);
    process.stderr.write(`build: ${relative(REPO_ROOT, script)} runs from source (${reason}): pnpm build compiles it\n`);
  }
  return ['--import', TSX, script];
}

/** Leaves npm packages outside the bundle, imported by their resolved absolute path; workspace code goes in. */
const workspaceOnly: Plugin = {
  name: 'kafka-labs-workspace',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === SKIP || isBuiltin(args.path) || args.path.startsWith('@kafka-labs/')) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: SKIP });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: found.path, external: true };
    });
    // Each module keeps the URL of its source file, so that paths it computes from it (fixtures, a sibling CLI) hold.
    // (A module that runs its main only when it is the entry file, `argv[1] === import.meta.url`, thus stays a library.)
    build.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: args.path.endsWith('.ts') ? 'ts' : 'js',
    }));
  },
};

async function buildOne(script: string): Promise<void> {
  const { build } = await import('esbuild');
  const bundle = bundlePath(script);
  if (!bundle) throw new Error(`${script} is not a TypeScript file of this checkout`);
  mkdirSync(dirname(bundle), { recursive: true });
  // Concurrent builds (two labs at once) each write their own files and rename them into place whole.
  const tmp = `${bundle}.${process.pid}.tmp`;
  try {
    const result = await build({
      entryPoints: [script],
      outfile: `${tmp}.mjs`,
      absWorkingDir: REPO_ROOT,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      metafile: true,
      logLevel: 'silent',
      plugins: [workspaceOnly],
    });
    const inputs: Stamp['inputs'] = {};
    for (const rel of [...Object.keys(result.metafile.inputs), ...GLOBAL_INPUTS]) {
      const state = fileState(rel);
      if (state) inputs[rel] = state;
    }
    // The source map names the final file.
    const map = readFileSync(`${tmp}.mjs.map`, 'utf8');
    const code = readFileSync(`${tmp}.mjs`, 'utf8').replace(`sourceMappingURL=${basename(tmp)}.mjs.map`, `sourceMappingURL=${basename(bundle)}.map`);
    writeFileSync(`${tmp}.mjs`, code);
    writeFileSync(`${tmp}.mjs.map`, map);
    renameSync(`${tmp}.mjs.map`, `${bundle}.map`);
    renameSync(`${tmp}.mjs`, bundle);
    const stamp: Stamp = { root: REPO_ROOT, inputs };
    writeFileSync(`${tmp}.stamp`, `${JSON.stringify(stamp)}\n`);
    renameSync(`${tmp}.stamp`, stampPath(bundle));
  } finally {
    for (const leftover of [`${tmp}.mjs`, `${tmp}.mjs.map`, `${tmp}.stamp`]) rmSync(leftover, { force: true });
  }
}

/** Compiles the entry points (default: all of them) whose bundle is missing or stale; resolves with those it compiled. */
export async function buildPrograms(scripts: string[] = allEntryPoints()): Promise<string[]> {
  const stale = scripts.filter((s) => staleReason(s) !== null);
  await Promise.all(stale.map(buildOne));
  return stale;
}
