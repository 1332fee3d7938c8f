import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { REPO_ROOT } from './paths.ts';

/** `import … from 'x'`, `export … from 'x'` and `import 'x'`, not `import type` / `export type` (erased) nor `import('x')` (lazy). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;

/** The workspace's packages by name: their folder and `exports` map. */
function workspacePackages(): Map<string, { dir: string; exports: Record<string, string> }> {
  const found = new Map<string, { dir: string; exports: Record<string, string> }>();
  for (const parent of ['packages', 'labs']) {
    for (const name of readdirSync(join(REPO_ROOT, parent))) {
      const manifest = join(REPO_ROOT, parent, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; exports?: Record<string, string> };
      found.set(pkg.name, { dir: join(REPO_ROOT, parent, name), exports: pkg.exports ?? {} });
    }
  }
  return found;
}

/**
 * The packages outside the workspace (and node: built-ins) that loading `entry` loads, following its static imports
 * through relative files and workspace packages: what a command pays for at start-up, before any lazy `import()`.
 */
export function externalImports(entry: string): Set<string> {
  const packages = workspacePackages();
  const external = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith('.')) {
        visit(resolve(dirname(file), specifier!));
        continue;
      }
      const [scope, name, ...sub] = specifier!.split('/');
      const workspace = scope === '@kafka-labs' ? packages.get(`${scope}/${name}`) : undefined;
      const key = ['.', ...sub].join('/');
      const target = workspace?.exports[key] ?? (sub.length ? workspace?.exports['./*']?.replace('*', sub.join('/')) : undefined);
      if (workspace && target) visit(join(workspace.dir, target));
      else external.add(specifier!.startsWith('@') ? `${scope}/${name}` : scope!);
    }
  };
  visit(resolve(entry));
  return external;
}
