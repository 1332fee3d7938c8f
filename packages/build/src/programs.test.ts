import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPrograms, bundlePath, programArgs, REPO_ROOT, staleReason, workspacePrograms } from './index.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/where.ts', import.meta.url));
const LIB = fileURLToPath(new URL('./fixtures/where-lib.ts', import.meta.url));
const node = (args: string[]) => spawnSync(process.execPath, args, { encoding: 'utf8', cwd: REPO_ROOT });

describe('bundlePath', () => {
  it('maps a source file to its package\'s dist module and refuses one outside a src/ folder', () => {
    expect(bundlePath(join(REPO_ROOT, 'packages/worker/src/cli.ts'))).toBe(join(REPO_ROOT, 'packages/worker/dist/cli.mjs'));
    expect(bundlePath(FIXTURE)).toBe(join(REPO_ROOT, 'packages/build/dist/fixtures/where.mjs'));
    expect(bundlePath(join(REPO_ROOT, 'scripts/lab.ts'))).toBeNull();
    expect(staleReason(join(REPO_ROOT, 'scripts/lab.ts'))).toBe('not in a src/ folder');
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
  });

  it('is stale once a file it was built from changes, runs from source meanwhile, and is compiled again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kafka-labs-build-'));
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
    }
  });
});

describe('the workspace programs', () => {
  it('are the ones the packages declare, and each compiled one starts and prints its help', async () => {
    const programs = workspacePrograms();
    expect(programs).toContain(join(REPO_ROOT, 'packages/worker/src/cli.ts'));
    expect(programs).toContain(join(REPO_ROOT, 'packages/proxy/src/main.ts'));
    await buildPrograms(programs);
    for (const program of programs) {
      const run = node([...programArgs(program), '--help']);
      expect({ program, status: run.status, usage: /usage/i.test(run.stdout) }).toEqual({ program, status: 0, usage: true });
    }
  }, 60_000);
});
