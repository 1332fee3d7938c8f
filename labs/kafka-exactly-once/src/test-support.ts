// What the lab tests of this track share: broken variants of a run folder, each failing at the laws it names, tested
// on the committed golden run (grade.test.ts) and on a fresh run on the broker (<id>.live.test.ts) alike.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gradeFolder } from '@kafka-labs/lab-kit/testing';
import { expect, test } from 'vitest';

/** A run folder with one mistake: `edit` rewrites `file` (it must change it); grading fails exactly the laws `fails`. */
export interface Broken {
  name: string;
  file: string;
  edit: (text: string) => string;
  fails: string[];
  /** What the first failing check's one-line message says. */
  reason: RegExp;
}

/** Registers one test per variant: a copy of `folder()` with the variant's edit fails at its laws with a one-line reason. */
export function testBrokenVariants(labId: string, variants: Broken[], folder: () => string): void {
  test.each(variants)('$name fails $fails', async ({ file, edit, fails, reason }) => {
    const dir = mkdtempSync(join(tmpdir(), `${labId}-broken-`));
    cpSync(folder(), dir, { recursive: true });
    const before = readFileSync(join(dir, file), 'utf8');
    const after = edit(before);
    expect(after, `the edit changes ${file}`).not.toBe(before);
    writeFileSync(join(dir, file), after);
    const graded = await gradeFolder(labId, dir);
    expect(graded.status, graded.stdout + graded.stderr).toBe(1);
    const failed = graded.result!.checks.filter((c) => !c.ok);
    expect(failed.map((c) => c.id)).toEqual(fails);
    expect(failed[0]!.message).toMatch(reason);
    for (const check of failed) expect(check.message).not.toContain('\n');
  });
}

/** Removes the lines of a text that match `pattern` (at least one must). */
export function dropLines(text: string, pattern: RegExp): string {
  return text
    .split('\n')
    .filter((line) => !pattern.test(line))
    .join('\n');
}

