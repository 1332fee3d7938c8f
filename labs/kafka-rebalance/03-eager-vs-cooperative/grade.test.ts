import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyGolden, gradeAltered, gradeFolder, gradeGolden, gradeWithout, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { editLines } from '@kafka-labs/kafka-rebalance/test-support';

const LAB = labIdOf(import.meta.url);

/** A worker log without its second run over messages it had processed itself: as if it resumed where it stood. */
const withoutRedoneWork = (text: string) => {
  const seen = new Set<string>();
  return editLines(text, (line) => {
    const message = / processed (p\d+ offset \d+)$/.exec(line)?.[1];
    if (message === undefined) return line;
    if (seen.has(message)) return [];
    seen.add(message);
    return line;
  });
};

describe(LAB, () => {
  testPicture(LAB, {
    shows: ['p1 33..52 processed twice', 'p4 33..52 processed twice', 'p0 34..47 processed twice (by cooperative-b, cooperative-c)', 'p2 33..40 processed twice (by kip848-a, kip848-c)'],
  });

  test('without the work eager-a redid on the partitions it kept, they are not drawn as processed twice', async () => {
    const text = await alteredPicture(LAB, 'eager-a.log', withoutRedoneWork);
    expect(text).toContain('p0 34..47 processed twice');
    expect(text).not.toContain('p0 34..52 processed twice');
  });

  test('the run passes, with duplicates on partitions that stayed with range, only on moved ones with cooperative-sticky and the consumer protocol', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    const result = graded.result!;
    expect(result).toMatchObject({ lab: LAB, verdict: 'pass' });
    expect((result.figures['eager.partitionsWithDuplicates'] as string[]).length).toBeGreaterThan(2);
    expect((result.figures['cooperative.partitionsWithDuplicates'] as string[]).length).toBeLessThanOrEqual(2);
    expect((result.figures['kip848.partitionsWithDuplicates'] as string[]).length).toBeLessThanOrEqual(2);
  });

  test.each(['cooperative', 'kip848'])('a %s member that processes a partition it kept twice fails the moved-only law', async (group) => {
    const graded = await gradeAltered(LAB, `${group}-a.log`, (text) => {
      // a's last message is on a partition it kept when c joined.
      const last = text.trimEnd().split('\n').reverse().find((l) => / processed p\d+ offset \d+$/.test(l));
      return editLines(text, (line) => (line === last ? [line, line] : line));
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(new RegExp(`✘ ${group}-duplicates-are-uncommitted-work-of-revoked-partitions: `));
    expect(graded.stdout).toMatch(new RegExp(`✘ ${group}-duplicates-only-where-partitions-moved: .*\\(partitions with duplicates: \\[(p\\d,?){1,3}\\]\\)`));
  });

  test('an eager member that gives back only part of its partitions fails the revocation law', async () => {
    const graded = await gradeAltered(LAB, 'eager-a.log', (text) => text.replace(/ eager-a revoked \[p(\d+),p(\d+),p(\d+)\]$/m, ' eager-a revoked [p$3]'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ eager-revocation: at c's join a and b each give back every partition they own \(eager\)/);
  });

  test('an eager member that resumes the partitions it keeps where it stood fails the uncommitted-work law', async () => {
    const graded = await gradeAltered(LAB, 'eager-a.log', withoutRedoneWork);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ eager-duplicates-are-uncommitted-work-of-revoked-partitions: /);
  });

  test('eager members that both resume the partitions they keep fail duplicates-where-partitions-stayed', async () => {
    const dir = copyGolden(LAB);
    for (const file of ['eager-a.log', 'eager-b.log']) writeFileSync(join(dir, file), withoutRedoneWork(readFileSync(join(dir, file), 'utf8')));
    const graded = await gradeFolder(LAB, dir);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ eager-duplicates-where-partitions-stayed: .*\(partitions with duplicates: \[(p\d,?)*\]\)/);
  });

  test('a log with a line that is not a worker line fails naming the file and line', async () => {
    const graded = await gradeAltered(LAB, 'eager-c.log', (text) => `oops\n${text}`);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: eager-c.log: line 1 is not a worker log line: "oops"/);
  });

  test('a run folder without a dups report fails naming it', async () => {
    const graded = await gradeWithout(LAB, 'dups-cooperative.json');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: dups-cooperative.json is missing from the run folder/);
  });

  testGoldenInBothLanguages(LAB);
  testRunFolderFailures(LAB, 'run.json');
});
