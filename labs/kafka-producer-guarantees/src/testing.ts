// What the tests of this track's labs share: alter a copy of the lab's latest run and grade it, and rewrite the
// payloads of a one-record-per-batch dump.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyLatestRun, gradeFolder } from '@kafka-labs/lab-kit/testing';
import { expect } from 'vitest';

/** Grades a copy of the lab's latest run with `file` rewritten by `edit` (given the copy's folder, to read its other files). */
export async function gradeFreshAltered(lab: string, file: string, edit: (text: string, dir: string) => string) {
  const dir = copyLatestRun(lab);
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before, dir);
  expect(after, `the edit changes ${file}`).not.toBe(before);
  writeFileSync(path, after);
  return gradeFolder(lab, dir);
}

/** Rewrites the record payloads of a one-record-per-batch dump, in log order. */
export const withPayloads = (payloads: readonly string[]) => (dump: string) => {
  let n = 0;
  return dump.replace(/^(\| offset: \d+ .*payload: )(\S+)$/gm, (_, head: string) => `${head}${payloads[n++]}`);
};
