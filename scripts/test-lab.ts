import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { parseCommand, runMain, UsageError } from '@kafka-labs/cli';
import { REPO_ROOT, resolveLabs } from '@kafka-labs/lab-kit/catalog';

const FLAGS = {
  unit: { kind: 'boolean', help: 'only the unit tests (no broker, no Java)' },
} as const;

const USAGE = `usage: pnpm test:lab <lab-id> [--unit]

Runs one lab's tests: its unit tests (grade.test.ts on golden/: vitest's unit project), then its broker tests
(*.live.test.ts, which run the lab on the broker their global setup starts: vitest's broker projects), if it has any.
Exit code 0 when all pass, 1 when a test fails, 2 on a usage error.
  --unit  ${FLAGS.unit.help}`;

await runMain('error', USAGE, async (argv) => {
  const { positionals, flags } = parseCommand(FLAGS, argv);
  const [id, ...extra] = positionals;
  if (!id) throw new UsageError('missing lab id');
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const labs = resolveLabs(id);
  if (labs.length !== 1 || labs[0]!.id !== id) throw new UsageError(`"${id}" is a track; test one lab at a time`);
  const dir = relative(REPO_ROOT, labs[0]!.dir);
  const live = readdirSync(labs[0]!.dir).some((name) => name.endsWith('.live.test.ts'));
  const projects = flags.unit || !live ? ['unit'] : ['unit', 'broker*'];
  let code = 0;
  for (const project of projects) {
    const vitest = spawnSync('vitest', ['run', '--project', project, dir], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (vitest.error) throw new Error(`vitest could not start: ${vitest.error.message}`);
    code = Math.max(code, vitest.status ?? 1);
  }
  return code;
});
