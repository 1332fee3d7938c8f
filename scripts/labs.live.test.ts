import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { listLabs, REPO_ROOT } from '@kafka-labs/lab-kit';
import { expectKoreanRun } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

// Every lab end to end against the real broker, as a learner runs it: `pnpm lab <id>` passes and `pnpm grade <id>`
// agrees on the folder it left. Their graders' laws are tested on the golden run folders (grade.test.ts); a lab
// with its own live test (a *.live.test.ts in its folder) is run there instead.
const runsRoot = mkdtempSync(join(tmpdir(), 'labs-live-'));
const pnpm = (...args: string[]) =>
  spawnSync('pnpm', ['-s', ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, KAFKA_LABS_RUNS: runsRoot } });
const ownLiveTest = (dir: string) => spawnSync('sh', ['-c', `ls ${dir}/*.live.test.ts`], { encoding: 'utf8' }).status === 0;

const endToEnd = listLabs().filter((lab) => !ownLiveTest(lab.dir));
/** The first lab of each track runs in Korean (`--lang ko`), the others in English. */
const inKorean = new Set([...new Map(endToEnd.map((lab) => [lab.track, lab.id] as const).reverse()).values()]);

describe.each(endToEnd.map((lab) => ({ ...lab, lang: inKorean.has(lab.id) ? 'ko' : 'en' })))('$id ($lang)', (lab) => {
  test('pnpm lab passes end to end on the real broker, and pnpm grade agrees', () => {
    const run = pnpm('lab', lab.id, '--lang', lab.lang);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const latest = join(runsRoot, lab.id, 'latest');
    expect(existsSync(join(realpathSync(latest), 'result.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(latest, 'result.json'), 'utf8'))).toMatchObject({ lab: lab.id, verdict: 'pass' });
    const graded = pnpm('grade', lab.id, latest, '--json');
    expect(graded.status, graded.stdout + graded.stderr).toBe(0);
    expect(JSON.parse(graded.stdout)).toMatchObject({ lab: lab.id, verdict: 'pass' });
    if (lab.lang === 'ko') expectKoreanRun(lab.id, realpathSync(latest));
  });
});
