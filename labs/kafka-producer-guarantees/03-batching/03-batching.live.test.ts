import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyLatestRun, gradeAltered, gradeFolder, labIdOf, runLabOnce } from '@kafka-labs/lab-kit/testing';
import { latestRunFolder } from '@kafka-labs/lab-kit';
import { describe, expect, test } from 'vitest';

// The lab once against the broker, then its grader on altered copies of that fresh run.
const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  runLabOnce(LAB);

  test('the run passes: fewer batches the longer the linger, every codec smaller than none', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    const f = graded.result!.figures as Record<string, number>;
    expect(f.linger0Batches).toBeGreaterThan(f.linger5Batches!);
    expect(f.zstdBytes).toBeLessThan(f.noneBytes!);
  });

  test('linger.ms=20 told the offsets of linger.ms=0 fails more-linger-fewer-batches', async () => {
    const graded = await gradeAltered(LAB, 'linger-20.log', (_, dir) => readFileSync(join(dir, 'linger-0.log'), 'utf8'), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ more-linger-fewer-batches: /);
  });

  test('a snappy batch stored as none fails codec-snappy-smaller-than-none', async () => {
    const graded = await gradeAltered(LAB, 'codecs-dump.txt', (dump) => dump.replace(/compresscodec: snappy/g, 'compresscodec: none'), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ codec-snappy-smaller-than-none: .*, none\)/);
  });
});
