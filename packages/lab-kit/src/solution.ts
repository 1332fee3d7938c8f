import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { REPO_ROOT } from './paths.ts';
import { ChildError, spawnChild } from './process.ts';
import { progress } from './progress.ts';

/**
 * Runs an exercise's reference solution, a bash script whose first line is its `#!` line, in one `bash -euo pipefail`
 * at the repository root with `env`, each line echoed through `say`, saved as solution.sh (line numbers kept, the `#!`
 * line replaced by the trap that names a failing line) and solution.log in `runDir`; a failing command throws a
 * ChildError naming its line.
 */
export async function runSolution(file: string, env: Record<string, string>, runDir: string, say: (line: string) => void): Promise<void> {
  const lines = readFileSync(file, 'utf8').split('\n');
  if (!lines[0]?.startsWith('#!')) throw new ChildError(`${file} must start with a #! line`);
  const trap = `trap 'echo "${basename(file)} line $LINENO failed with exit code $?" >&2' ERR`;
  lines[0] = trap;
  const script = join(runDir, 'solution.sh');
  writeFileSync(script, lines.join('\n'));
  const child = spawnChild('solution', ['bash', '-v', '-euo', 'pipefail', script], {
    cwd: REPO_ROOT,
    env,
    logFile: join(runDir, 'solution.log'),
    onLine: (line) => line.trim() && line !== trap && say(`   | ${line}`),
  });
  const code = await progress.track(`waiting for the commands of ${basename(file)}`, child.exited);
  if (code === 0) return;
  const failed = child.lines.map((l) => /line (\d+) failed with exit code \d+$/.exec(l)).findLast(Boolean);
  const where = failed ? `${basename(file)} line ${failed[1]} (${lines[Number(failed[1]) - 1]!.trim()})` : basename(file);
  throw new ChildError(`${where} failed with exit code ${code}`);
}
