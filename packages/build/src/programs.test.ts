import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allEntryPoints, buildPrograms, BUILD_DIR, bundlePath, programArgs, REPO_ROOT, staleReason, workspacePrograms } from './index.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/where.ts', import.meta.url));
const LIB = fileURLToPath(new URL('./fixtures/where-lib.ts', import.meta.url));
const node = (args: string[]) => spawnSync(process.execPath, args, { encoding: 'utf8', cwd: REPO_ROOT });

describe('bundlePath', () => {
  it('puts the bundle of a TypeScript file of the checkout under the build folder, by its path', () => {
    expect(bundlePath(join(REPO_ROOT, 'packages/worker/src/cli.ts'))).toBe(join(BUILD_DIR, 'packages/worker/src/cli.mjs'));
    expect(bundlePath(join(REPO_ROOT, 'scripts/lab.ts'))).toBe(join(BUILD_DIR, 'scripts/lab.mjs'));
    expect(bundlePath(join(tmpdir(), 'x.ts'))).toBeNull();
    expect(staleReason(join(REPO_ROOT, 'README.md'))).toBe('not a TypeScript file of this checkout');
  });
});

describe('a compiled program', () => {
  it('runs as its source does: each module keeps its own URL, npm packages are imported from where they are installed', async () => {
    await buildPrograms([FIXTURE]);
    expect(staleReason(FIXTURE)).toBeNull();
    const args = programArgs(FIXTURE);
    expect(args).toEqual(['--enable-source-maps', bundlePath(FIXTURE)]);
    const run = node(args);
    expect(run.stderr).toBe('');
    const printed = JSON.parse(run.stdout) as { here: string; esbuild: string };
    expect(printed.here).toBe(pathToFileURL(LIB).href);
    expect(printed.esbuild).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readFileSync(bundlePath(FIXTURE)!, 'utf8')).toContain('sourceMappingURL=where.mjs.map');
    expect(run.stdout).not.toContain(BUILD_DIR);
  });

  it('is stale once a file it was built from changes, runs from source meanwhile, and is compiled again', async () => {
    const dir = mkdtempSync(join(REPO_ROOT, 'node_modules', '.cache', 'build-test-'));
    try {
      mkdirSync(join(dir, 'src'));
      const main = join(dir, 'src', 'main.ts');
      const lib = join(dir, 'src', 'lib.ts');
      writeFileSync(main, "import { word } from './lib.ts';\nconsole.log(word);\n");
      writeFileSync(lib, "export const word: string = 'one';\n");
      expect(staleReason(main)).toBe('not compiled yet');
      expect(await buildPrograms([main])).toEqual([main]);
      expect(node(programArgs(main)).stdout).toBe('one\n');
      writeFileSync(lib, "export const word: string = 'two!';\n");
      expect(staleReason(main)).toMatch(/lib\.ts changed$/);
      expect(programArgs(main)).toContain(main);
      expect(node(programArgs(main)).stdout).toBe('two!\n');
      expect(await buildPrograms([main])).toEqual([main]);
      expect(await buildPrograms([main])).toEqual([]);
      expect(node(programArgs(main)).stdout).toBe('two!\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(dirname(dirname(bundlePath(join(dir, 'src', 'main.ts'))!)), { recursive: true, force: true });
    }
  });
});

describe('the entry points', () => {
  it('are the packages\' programs and the run scripts, and each compiled program starts and prints its help', async () => {
    const programs = workspacePrograms();
    expect(programs).toContain(join(REPO_ROOT, 'packages/worker/src/cli.ts'));
    expect(programs).toContain(join(REPO_ROOT, 'packages/proxy/src/main.ts'));
    const all = allEntryPoints();
    expect(all).not.toContain(join(REPO_ROOT, 'scripts/lab.ts'));
    expect(all).toContain(join(REPO_ROOT, 'labs/kafka-rebalance/01-revoke/run.ts'));
    await buildPrograms(all);
    for (const program of programs) {
      const run = node([...programArgs(program), '--help']);
      expect({ program, status: run.status, usage: /usage/i.test(run.stdout) }).toEqual({ program, status: 0, usage: true });
    }
  }, 120_000);
});
