import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyLatestRun, gradeFolder, labIdOf, runLabOnce, runPnpm, testBrokenVariants } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

// A fresh incident (its cause from a random seed) solved by solution.sh, graded as it is and with each learner mistake.
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes every step: solution.sh found the planted cause', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.checks.every((c) => c.ok)).toBe(true);
  });

  test('the run leaves the logs every incident leaves, whatever its cause: which files exist tells nothing', () => {
    const logs = readdirSync(copyLatestRun(LAB)).filter((file) => file.endsWith('.log') && file !== 'solution.log');
    expect(logs.sort()).toEqual(['pipeline-1.log', 'pipeline-2.log', 'replay-1.log']);
  });

  testBrokenVariants(LAB, BROKEN, () => copyLatestRun(LAB));

  test('pnpm incident sets up an incident in the work folder it is given and exits 0; graded before the report, the answers fail (exit 1)', () => {
    const work = join(mkdtempSync(join(tmpdir(), `${LAB}-work-`)), 'work');
    const setup = runPnpm('incident', LAB, '--work', work, '--seed', '4');
    expect(setup.status, setup.stdout + setup.stderr).toBe(0);
    expect(readdirSync(work)).toEqual(expect.arrayContaining(['pipeline-1.log', 'pipeline-2.log', 'replay-1.log', 'database.jsonl', 'run.json']));
    expect(readdirSync(work)).not.toContain('diagnosis.txt');
    expect(JSON.parse(readFileSync(join(work, 'run.json'), 'utf8')).parameters).toEqual({ seed: 4 });
    const graded = runPnpm('grade', LAB, work, '--step', '2');
    expect(graded.status, graded.stdout).toBe(1);
    expect(graded.stdout).toMatch(/^FAIL: step 2 .*diagnosis\.txt is missing/);
  });
});
