import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { copyGolden, goldenRunFolder, gradeFolder, gradeGolden, labIdOf, testBrokenVariants, testGoldenInBothLanguages, testHostileFiles, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

// The hidden learner mistakes, each failing at its own step with its own hint, are in mistakes.test.ts.
import { BROKEN } from './broken.ts';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (an incident and solution.sh, on the broker) passes every step', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.checks.map((c) => c.id)).toEqual(['step-1-input-read', 'step-1-input-copies', 'step-2-reread-offsets', 'step-3-sink-repeats', 'step-4-cause']);
  });

  testGoldenInBothLanguages(LAB);
  testPicture(LAB, { shows: ['Did the producer store an order twice?', 'Did the pipeline group read an offset twice?', 'Did the sink apply an event twice?', 'rows (seq ', 'input.txt: '] });

  test("a report without its sink_repeats answer shows no database rows as the step's evidence", async () => {
    const picture = await alteredPicture(LAB, 'diagnosis.txt', (text) => text.replace(/^sink_repeats=.*\n/m, ''));
    expect(picture).not.toContain('rows (seq ');
    expect(picture).toContain('input.txt: ');
  });
  testBrokenVariants(LAB, BROKEN, () => goldenRunFolder(LAB));

  test('an incident folder without a report fails every answer with the hint to write one', async () => {
    const dir = copyGolden(LAB);
    rmSync(join(dir, 'diagnosis.txt'));
    const graded = await gradeFolder(LAB, dir);
    expect(graded.status).toBe(1);
    expect(graded.result?.checks.filter((c) => !c.ok).map((c) => c.id)).toEqual(['step-1-input-copies', 'step-2-reread-offsets', 'step-3-sink-repeats', 'step-4-cause']);
    expect(graded.stdout).toMatch(/^FAIL: step 1 .*\(diagnosis\.txt is missing from the run folder\)\. Hint: write diagnosis\.txt with one line per step/);
  });

  test('a folder without the incident (no pipeline logs) is a broken environment, exit 2, not a wrong answer', async () => {
    const dir = copyGolden(LAB);
    for (const log of ['pipeline-1.log', 'pipeline-2.log']) rmSync(join(dir, log));
    const graded = await gradeFolder(LAB, dir, { step: 1 });
    expect(graded.status, graded.stdout).toBe(2);
    expect(graded.result?.checks.map((c) => c.id)).toEqual(['environment']);
    expect(graded.stdout).toMatch(/^FAIL: the environment is broken.*no incident in .*pnpm incident 08-diagnose --work/);
  });

  test('--step 4 grades the cause alone', async () => {
    const graded = await gradeFolder(LAB, goldenRunFolder(LAB), { step: 4 });
    expect(graded.status).toBe(0);
    expect(graded.result?.checks.map((c) => c.id)).toEqual(['step-4-cause']);
  });

  testHostileFiles(LAB, ['diagnosis.txt', 'input.txt', 'database.jsonl']);
  testRunFolderFailures(LAB, 'run.json');
});
