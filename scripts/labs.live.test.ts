import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { listLabs, REPO_ROOT } from '@kafka-labs/lab-kit';
import { expectKoreanRun } from '@kafka-labs/lab-kit/testing';
import { beforeAll, describe, expect, test } from 'vitest';

// Every lab end to end against the real broker, as a learner runs it: `pnpm lab` passes and `pnpm grade <id>`
// agrees on the folder it left. Their graders' laws are tested on the golden run folders (grade.test.ts); a lab
// with its own live test (a *.live.test.ts in its folder) is run there instead. The labs run side by side
// (`--parallel 2`, grouped by the broker they need): two `pnpm lab` calls, the Korean runs and the English ones.
const runsRoot = mkdtempSync(join(tmpdir(), 'labs-live-'));
const pnpm = (...args: string[]) =>
  spawnSync('pnpm', ['-s', ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, KAFKA_LABS_RUNS: runsRoot }, maxBuffer: 256 * 1024 * 1024 });
const ownLiveTest = (dir: string) => spawnSync('sh', ['-c', `ls ${dir}/*.live.test.ts`], { encoding: 'utf8' }).status === 0;

const endToEnd = listLabs().filter((lab) => !ownLiveTest(lab.dir));
/** The first lab of each track runs in Korean (`--lang ko`), the others in English. */
const inKorean = new Set([...new Map(endToEnd.map((lab) => [lab.track, lab.id] as const).reverse()).values()]);
const labs = endToEnd.map((lab) => ({ ...lab, lang: inKorean.has(lab.id) ? 'ko' : 'en' }));

/** What `pnpm lab --parallel` printed of one lab: the block from its `<< id:` line to the next run's `>>` or `<<` line. */
function blockOf(printed: string, id: string): string {
  const start = printed.indexOf(`<< ${id}:`);
  if (start < 0) return printed;
  const end = printed.slice(start + 1).search(/\n(>>|<<) /);
  return end < 0 ? printed.slice(start) : printed.slice(start, start + 1 + end);
}

/** What each `pnpm lab --parallel 2` call printed of each lab, by lab id, after the call's exit code. */
const output = new Map<string, string>();
/** The verdict of each lab in the --json output of its call. */
const verdicts = new Map<string, string>();

beforeAll(() => {
  for (const lang of ['ko', 'en']) {
    const ids = labs.filter((l) => l.lang === lang).map((l) => l.id);
    if (!ids.length) continue;
    const run = pnpm('lab', ...ids, '--parallel', '2', '--lang', lang, '--json');
    const results: unknown = (() => {
      try {
        return JSON.parse(run.stdout);
      } catch {
        return [];
      }
    })();
    for (const result of [results].flat() as { lab: string; verdict: string }[]) verdicts.set(result.lab, result.verdict);
    for (const id of ids) output.set(id, `exit ${run.status}\n${blockOf(run.stderr, id)}`);
  }
}, 3_600_000);

describe.each(labs)('$id ($lang)', (lab) => {
  test('pnpm lab --parallel 2 passes end to end on the real broker, and pnpm grade agrees', () => {
    expect(verdicts.get(lab.id), output.get(lab.id)).toBe('pass');
    const latest = join(runsRoot, lab.id, 'latest');
    expect(existsSync(join(realpathSync(latest), 'result.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(latest, 'result.json'), 'utf8'))).toMatchObject({ lab: lab.id, verdict: 'pass' });
    const graded = pnpm('grade', lab.id, latest, '--json');
    expect(graded.status, graded.stdout + graded.stderr).toBe(0);
    expect(JSON.parse(graded.stdout)).toMatchObject({ lab: lab.id, verdict: 'pass' });
    if (lab.lang === 'ko') expectKoreanRun(lab.id, realpathSync(latest));
  });
});
