import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { dropLines, gradeAltered, gradeGolden, gradeWithout, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { editLines } from '@kafka-labs/kafka-rebalance/test-support';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, { shows: ['p1 200..227 processed twice', 'p1 100..113 processed twice'] });

  test("without the messages b processed again, no range is drawn as processed twice", async () => {
    expect(await alteredPicture(LAB, 'nocommit-b.log', (text) => dropLines(text, / nocommit-b processed p1 offset 2[0-2]\d$/))).not.toContain('p1 200..227 processed twice');
  });
  test('the run passes on both protocols, with duplicates without the revoke commit and none with it', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    const result = graded.result!;
    expect(result).toMatchObject({ lab: LAB, verdict: 'pass', figures: { 'revcommit.duplicates': 0, 'kip848-revcommit.duplicates': 0 } });
    expect(result.figures['kip848-nocommit.duplicates']).toBeGreaterThanOrEqual(1);
    expect(result.figures['nocommit.duplicates']).toBeGreaterThanOrEqual(1);
    expect(result.figures['nocommit.duplicates']).toBeLessThanOrEqual(99);
  });

  test('a message processed twice outside the uncommitted range fails the range law', async () => {
    const graded = await gradeAltered(LAB, 'nocommit-b.log', (text) =>
      editLines(text, (line) => (/ nocommit-b assigned \[p1\]$/.test(line) ? [line, line.replace(/ assigned .*/, ' processed p0 offset 7')] : line)),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ nocommit-duplicates-are-the-uncommitted-range: .*\(found: p0 7\.\.7 x2 by nocommit-a, nocommit-b; p1 /);
  });

  test('a b that starts the moved partition past the last commit fails b-starts-at-last-commit', async () => {
    const graded = await gradeAltered(LAB, 'nocommit-a.log', (text) => text.replace(/^.* nocommit-a commit p1=200\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ nocommit-b-starts-at-last-commit: b starts p1 at the offset a last committed before the revoke, 100 \(b's first: offset 200\)/);
  });

  test('a revoke that gives back only one partition fails the eager handover', async () => {
    const graded = await gradeAltered(LAB, 'nocommit-a.log', (text) => text.replace(/ revoked \[p0,p1\]/, ' revoked [p1]'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ nocommit-eager-handover: .*\(a revoked \[p1\]/);
  });

  test('a consumer-protocol revoke of both partitions fails incremental-handover', async () => {
    const graded = await gradeAltered(LAB, 'kip848-nocommit-a.log', (text) => text.replace(/ kip848-nocommit-a revoked \[p1\]$/m, ' kip848-nocommit-a revoked [p0,p1]'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kip848-nocommit-incremental-handover: .*\(a revoked \[p0,p1\]/);
  });

  test('a revoke without its commit fails commit-on-revoke', async () => {
    const graded = await gradeAltered(LAB, 'revcommit-a.log', (text) => text.replace(/( revcommit-a revoked \[p0,p1\]\n)^.* revcommit-a commit p1=\d+\n/m, '$1'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ revcommit-commit-on-revoke: .*\(committed: nothing\)/);
  });

  test('a revoke right after a regular commit has nothing to commit, and that passes commit-on-revoke', async () => {
    // As a run on the CI met it: the worker committed p1=300 on its interval, then was revoked with nothing uncommitted.
    const graded = await gradeAltered(LAB, 'revcommit-a.log', (text) => text.replace(/(^.* revcommit-a revoked \[p0,p1\]\n)(^.* revcommit-a commit p1=\d+\n)/m, '$2$1'));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.stdout).toMatch(/✔ revcommit-commit-on-revoke: .*\(nothing left to commit: a's regular commit p1=237 came just before the revoke\)/);
  });

  test('a message b processes twice fails no-duplicates', async () => {
    const graded = await gradeAltered(LAB, 'revcommit-b.log', (text) =>
      editLines(text, (line, i, lines) => (/ processed p1 /.test(line) && lines.findIndex((l) => / processed p1 /.test(l)) === i ? [line, line] : line)),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ revcommit-no-duplicates: no message is processed twice \(duplicates: 1, p1 \d+\.\.\d+\)/);
  });

  test('a dups report that disagrees with the logs fails dups-report', async () => {
    const graded = await gradeAltered(LAB, 'dups-nocommit.json', (text) => text.replace(/"duplicates": \d+/, '"duplicates": 0'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ nocommit-dups-report: dups-nocommit.json says what counting the two logs says/);
  });

  test('a committed offset that is not the last logged commit fails broker-has-last-commit', async () => {
    const graded = await gradeAltered(LAB, 'offsets-revcommit.txt', (text) => text.replace(/^(\S+\s+\S+\s+1\s+)500/m, '$1400'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ revcommit-broker-has-last-commit: .*p1: broker 400, logs 500/);
  });

  test('a log with a line that is not a worker line fails naming the file and line', async () => {
    const graded = await gradeAltered(LAB, 'revcommit-a.log', (text) => `${text}Traceback (most recent call last):\n`);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: revcommit-a.log: line \d+ is not a worker log line: "Traceback/);
  });

  test('a run folder without a worker log fails naming it', async () => {
    const graded = await gradeWithout(LAB, 'nocommit-b.log');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: nocommit-b.log is missing from the run folder/);
  });

  testGoldenInBothLanguages(LAB);
  testRunFolderFailures(LAB, 'run.json');
});
