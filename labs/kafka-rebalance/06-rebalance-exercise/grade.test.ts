import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { goldenRunFolder, gradeGolden, labIdOf, testGoldenInBothLanguages, testHostileFiles, testHostileShapes } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

// The hidden learner mistakes, each failing at its own step with its own hint, are in mistakes.test.ts.
const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, {
    shows: [
      '✔ 2. A member joins mid-stream',
      '✔ step-2-duplicates',
      'processed twice (by nocommit-a, nocommit-b)',
      'No message was processed more than once.',
      'max.poll.interval.ms exceeded: left the group',
      'commit p0=4 failed: UNKNOWN_MEMBER_ID',
      '✔ step-5-a-callback',
    ],
  });

  test('the golden run passes every step, with duplicates without the commit on revoke and none with it', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(new Set(graded.result!.checks.map((c) => c.id.split('-')[1]))).toEqual(new Set(['1', '2', '3', '4', '5']));
    expect(graded.result!.figures['nocommit.duplicates']).toBeGreaterThanOrEqual(1);
    expect(graded.result!.figures['revcommit.duplicates']).toBe(0);
  });

  test("without b's second run of the moved partition, step 2 is drawn failed and no range as processed twice", async () => {
    const byA = new Set([...readFileSync(join(goldenRunFolder(LAB), 'nocommit-a.log'), 'utf8').matchAll(/ processed p1 offset (\d+)$/gm)].map((m) => m[1]));
    const text = await alteredPicture(LAB, 'nocommit-b.log', (log) =>
      log.split('\n').filter((line) => !byA.has(/ nocommit-b processed p1 offset (\d+)$/.exec(line)?.[1])).join('\n'),
    );
    expect(text).toContain('✘ step-2-restart-at-last-commit');
    expect(text).not.toContain('processed twice (by nocommit-a, nocommit-b)');
  });

  testGoldenInBothLanguages(LAB);
  testHostileShapes(LAB);
  testHostileFiles(LAB, ['pay-offsets.txt'], { step: 1 });
  testHostileFiles(LAB, ['nocommit-a.log', 'dups-nocommit.txt'], { step: 2 });
  testHostileFiles(LAB, ['maxpoll.txt'], { step: 5 });
});
