import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyLatestRun, gradeFolder, labIdOf, runLabOnce } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

// The lab once on the real 3-node cluster, then its grader on a copy of that fresh run with the outcome reversed.
const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  runLabOnce(LAB);

  test('the fresh run passes', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
  });

  test('a B refused on the min.insync.replicas=1 topic fails acknowledged-by-leader-alone', async () => {
    const dir = copyLatestRun(LAB);
    const file = join(dir, 'minisr1.log');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/ B result: offset=1/, ' B result: error -192 _MSG_TIMED_OUT'));
    const graded = await gradeFolder(LAB, dir);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ minisr1-acknowledged-by-leader-alone: .*\(B _MSG_TIMED_OUT; high watermark 2\)/);
  });
});
