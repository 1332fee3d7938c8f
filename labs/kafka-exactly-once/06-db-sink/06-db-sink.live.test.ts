import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { copyLatestRun, gradeFolder, labIdOf, runLabOnce } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);

// A fresh run on the broker (PGlite, or the PostgreSQL of KAFKA_LABS_PG_URL); its grader's broken variants are tested
// on the golden run (grade.test.ts).
describe(`${LAB} on the broker`, () => {
  runLabOnce(LAB);

  test('the fresh run passes: the plain sink has one excess row per redelivered event, the inbox skipped each of them', async () => {
    const run = copyLatestRun(LAB);
    const graded = await gradeFolder(LAB, run);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures).toMatchObject({ plainExcess: 3, plainRedelivered: 3, inboxExcess: 0, inboxSkipped: 3 });
    // Every database the run opened was closed: no folder keeps a lock.
    const folders = readdirSync(run).filter((name) => name.startsWith('database-') && !name.endsWith('.jsonl'));
    expect(folders.sort()).toEqual(['database-inbox', 'database-plain']);
    for (const folder of folders) expect(existsSync(join(run, folder, 'lock')), folder).toBe(false);
  });
});
