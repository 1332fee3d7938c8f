import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { allEntryPoints, BUILD_DIR, buildTree, commands, COMPILED, compiledPath, moduleUrl, programArgs, REPO_ROOT, staleReason, workspacePrograms } from './index.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/where.ts', import.meta.url));
const LIB = fileURLToPath(new URL('./fixtures/where-lib.ts', import.meta.url));
const node = (args: string[]) => spawnSync(process.execPath, args, { encoding: 'utf8', cwd: REPO_ROOT });
// Each test compiles into a tree of its own: the checkout's tree (BUILD_DIR) is what the commands run meanwhile.
const trees = mkdtempSync(join(REPO_ROOT, 'node_modules', '.cache', 'build-test-'));
afterAll(() => rmSync(trees, { recursive: true, force: true }));

describe('compiledPath', () => {
  it('puts the compiled module of a TypeScript file of the checkout under the tree, by its path', () => {
    expect(compiledPath(join(REPO_ROOT, 'packages/worker/src/cli.ts'))).toBe(join(BUILD_DIR, 'packages/worker/src/cli.mjs'));
    expect(compiledPath(join(REPO_ROOT, 'scripts/lab.ts'), '/t')).toBe('/t/scripts/lab.mjs');
    expect(compiledPath(join(tmpdir(), 'x.ts'))).toBeNull();
    expect(compiledPath(join(REPO_ROOT, 'README.md'))).toBeNull();
    expect(compiledPath(join(REPO_ROOT, 'node_modules/tsx/dist/x.ts'))).toBeNull();
  });
});

describe('a compiled tree', () => {
  it('runs as the source does: one module per file, each keeping its own URL, npm packages imported from where they are installed', async () => {
    const dir = join(trees, 'where');
    expect(await buildTree([FIXTURE], dir)).toBe(2);
    expect(staleReason(FIXTURE, dir)).toBeNull();
    expect(staleReason(LIB, dir)).toBeNull();
    const run = node(['--enable-source-maps', compiledPath(FIXTURE, dir)!]);
    expect(run.stderr).toBe('');
    const printed = JSON.parse(run.stdout) as { here: string; esbuild: string };
    expect(printed.here).toBe(pathToFileURL(LIB).href);
    expect(printed.esbuild).toMatch(/^\d+\.\d+\.\d+$/);
    const main = readFileSync(compiledPath(FIXTURE, dir)!, 'utf8');
    expect(main).toContain('from "./where-lib.mjs"');
    expect(main).toContain('sourceMappingURL=where.mjs.map');
    expect(run.stdout).not.toContain(dir);
  });

  it('is stale once a module in it changes or one it needs is missing, and fresh again once compiled', async () => {
    const dir = join(trees, 'stale');
    const src = mkdtempSync(join(REPO_ROOT, 'node_modules', '.cache', 'build-test-src-'));
    try {
      mkdirSync(join(src, 'src'));
      const main = join(src, 'src', 'main.ts');
      const lib = join(src, 'src', 'lib.ts');
      writeFileSync(main, "import { word } from './lib.ts';\nconsole.log(word);\n");
      writeFileSync(lib, "export const word: string = 'one';\n");
      expect(staleReason(main, dir)).toBe('not compiled yet');
      await buildTree([main], dir);
      expect(node([compiledPath(main, dir)!]).stdout).toBe('one\n');
      writeFileSync(lib, "export const word: string = 'two!';\n");
      expect(staleReason(main, dir)).toMatch(/lib\.ts changed$/);
      await buildTree([main], dir);
      expect(staleReason(main, dir)).toBeNull();
      expect(node([compiledPath(main, dir)!]).stdout).toBe('two!\n');
      expect(staleReason(FIXTURE, dir)).toMatch(/where\.ts is not compiled yet$/);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});

describe('the entry points', () => {
  it('are the commands, the packages\' programs and every lab\'s run script and grader; each compiled program starts and prints its help', async () => {
    expect(commands()).toEqual(expect.arrayContaining(['lab', 'grade', 'kafka', 'test-lab']));
    const programs = workspacePrograms();
    expect(programs).toContain(join(REPO_ROOT, 'packages/worker/src/cli.ts'));
    expect(programs).toContain(join(REPO_ROOT, 'packages/proxy/src/main.ts'));
    const all = allEntryPoints();
    expect(all).toContain(join(REPO_ROOT, 'scripts/lab.ts'));
    expect(all).toContain(join(REPO_ROOT, 'labs/kafka-rebalance/01-revoke/run.ts'));
    expect(all).toContain(join(REPO_ROOT, 'labs/kafka-rebalance/01-revoke/grade.ts'));
    const dir = join(trees, 'all');
    await buildTree(all, dir);
    for (const program of programs) {
      const run = node(['--enable-source-maps', compiledPath(program, dir)!, '--help']);
      expect({ program, status: run.status, usage: /usage/i.test(run.stdout) }).toEqual({ program, status: 0, usage: true });
    }
    // A bound, not an expectation: the whole tree compiled and every program started, on 2 cores that turbo's other
    // tasks keep busy (132 s once at load 10).
  }, 600_000);

  it('start from the checkout\'s tree when it is fresh and from source through tsx when not', () => {
    const worker = join(REPO_ROOT, 'packages/worker/src/cli.ts');
    const args = programArgs(worker);
    if (staleReason(worker) === null) expect(args).toEqual(['--enable-source-maps', compiledPath(worker)]);
    else expect(args).toEqual(['--import', expect.stringContaining('tsx'), worker]);
  });
});

describe('moduleUrl', () => {
  it('is the source\'s URL in a module run from source, as this test is', () => {
    expect(COMPILED).toBe(false);
    expect(moduleUrl(FIXTURE)).toBe(pathToFileURL(FIXTURE).href);
  });
});
