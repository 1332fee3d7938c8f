import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { allEntryPoints, BUILD_DIR, compiledPath, GLOBAL_INPUTS, isNpmFile, REPO_ROOT, stampPath, staleReason, stateOf, type Stamp } from './tree.ts';

const SKIP = Symbol('resolve without the tree plugin');

/**
 * Compiles one module at a time: an import of another TypeScript module of this checkout (relative or a workspace
 * package) becomes an import of its compiled module, which is compiled in turn; an npm package is imported by the
 * absolute path it resolves to here; each module keeps the URL of its source file, so that paths it computes from it
 * (fixtures, a sibling program, the repo root) hold as they do under tsx.
 */
function treePlugin(dir: string, found: Set<string>): Plugin {
  return {
    name: 'kafka-labs-tree',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === SKIP || args.kind === 'entry-point' || isBuiltin(args.path)) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: SKIP });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (isNpmFile(resolved.path)) return { path: resolved.path, external: true };
        const target = compiledPath(resolved.path, dir);
        if (target) {
          found.add(resolved.path);
          const from = relative(dirname(compiledPath(args.importer, dir)!), target).split(sep).join('/');
          return { path: from.startsWith('.') ? from : `./${from}`, external: true };
        }
        return undefined;
      });
      build.onLoad({ filter: /\.ts$/ }, (args) => ({
        contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      }));
    },
  };
}

/** Writes a file whole (a reader never sees half of it; two builds at once write the same bytes). */
function writeWhole(file: string, contents: Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}

/**
 * Compiles the entry points (default: every one) and every module they import into the tree at `dir`, then writes its
 * stamp; resolves with the number of modules compiled. Takes about a second for the whole repository.
 */
export async function buildTree(entries: string[] = allEntryPoints(), dir = BUILD_DIR): Promise<number> {
  const { build } = await import('esbuild');
  const done = new Set<string>();
  let pending = [...new Set(entries)];
  while (pending.length > 0) {
    const found = new Set<string>();
    const result = await build({
      entryPoints: pending,
      outdir: dir,
      outbase: REPO_ROOT,
      outExtension: { '.js': '.mjs' },
      absWorkingDir: REPO_ROOT,
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'silent',
      define: { IN_COMPILED_TREE: 'true' },
      plugins: [treePlugin(dir, found)],
    });
    for (const output of result.outputFiles) writeWhole(output.path, output.contents);
    for (const file of pending) done.add(file);
    pending = [...found].filter((file) => !done.has(file));
  }
  const rels = [...done].map((file) => relative(REPO_ROOT, file));
  const stamp: Stamp = { root: REPO_ROOT, entries: entries.map((e) => relative(REPO_ROOT, e)), inputs: stateOf([...rels, ...GLOBAL_INPUTS]) };
  writeWhole(stampPath(dir), Buffer.from(`${JSON.stringify(stamp)}\n`));
  return done.size;
}

/** Compiles the tree when it is stale; resolves with why it did (null: it was fresh) and how many modules. */
export async function ensureTree(): Promise<{ reason: string; modules: number } | null> {
  const reason = staleReason();
  if (reason === null) return null;
  return { reason, modules: await buildTree() };
}
