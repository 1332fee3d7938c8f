import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { copyLatestRun, gradeFolder, labIdOf, runLabOnce } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);

// A fresh run on the broker (PGlite, or the PostgreSQL of KAFKA_LABS_PG_URL); its grader's broken variants are tested
// on the golden run (grade.test.ts).
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes: the unawaited writes are missing although the group committed the batch, the awaited ones all landed', async () => {
    const run = copyLatestRun(LAB);
    const graded = await gradeFolder(LAB, run);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toMatchObject({ unawaitedCommitted: 4, awaitedCommitted: 4, awaitedRows: 4, awaitedMissing: 0 });
    expect(graded.result?.figures?.unawaitedMissing).toBeGreaterThan(0);
    // Every database the run opened was closed: no folder keeps a lock.
    const folders = readdirSync(run).filter((name) => name.startsWith('database-') && !name.endsWith('.jsonl'));
    expect(folders.sort()).toEqual(['database-awaited', 'database-unawaited']);
    for (const folder of folders) expect(existsSync(join(run, folder, 'lock')), folder).toBe(false);
  });
});
