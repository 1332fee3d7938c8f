import { gradeGolden, labIdOf, testGoldenInBothLanguages, testHostileFiles } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';

// The hidden learner mistakes, each failing at its own step with its own hint, are in mistakes.test.ts.
const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, { shows: ['✔ 1. The at-least-once pipeline', '✔ step-1-sync-duplicates', '✔ step-3-eos-each-once', '✔ step-4-aborted-visible'] });

  test('the golden run passes every step', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(new Set(graded.result!.checks.map((c) => c.id.split('-')[1]))).toEqual(new Set(['1', '2', '3', '4']));
  });

  test("step 2's output with the aborted copies in it is drawn failed", async () => {
    const text = await alteredPicture(LAB, 'out-txn.txt', (out) => `${out}${out.split('\n').filter((line) => /"E-0006"/.test(line)).join('\n')}\n`);
    expect(text).toContain('✘ step-2-txn-each-once');
    expect(text).toContain('E-0006 x2');
  });

  testGoldenInBothLanguages(LAB);
  testHostileFiles(LAB, ['sync-1.log', 'out-sync.txt'], { step: 1 });
  testHostileFiles(LAB, ['out-txn-uncommitted.txt'], { step: 4 });
});
