import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { dropLines, gradeAltered, gradeGolden, gradeWithout, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, {
    shows: ['p0 3 processed twice (by slow-a, slow-b)', 'max.poll.interval.ms exceeded: left the group', 'commit p0=4 failed: UNKNOWN_MEMBER_ID', 'lost [p0]'],
  });

  test('without b working on offset 3 the slow offset is not drawn as processed twice', async () => {
    expect(await alteredPicture(LAB, 'slow-b.log', (text) => dropLines(text, / slow-b processed p0 offset 3$/))).not.toContain('p0 3 processed twice');
  });

  test('the run passes, with offset 3 processed twice', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ lab: LAB, verdict: 'pass', figures: { duplicates: 1 } });
  });

  test('a late commit that succeeds moves the offset back and fails two laws', async () => {
    const graded = await gradeAltered(LAB, 'slow-a.log', (text) => text.replace(/ commit failed: UNKNOWN_MEMBER_ID p0=4$/m, ' commit p0=4'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ late-commit-fails-unknown-member: .*\(it succeeded: .* slow-a commit p0=4\)/);
    expect(graded.stdout).toMatch(/✘ committed-offset-never-goes-back: .*\(it went from \d+ to 4\)/);
  });

  test('a revoked where lost was expected fails a-lost-not-revoked', async () => {
    const graded = await gradeAltered(LAB, 'slow-a.log', (text) => text.replace(/ slow-a lost \[p0\]$/m, ' slow-a revoked [p0]'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ a-lost-not-revoked: a hears its partition was lost, not revoked \(first after the slow start: .* slow-a revoked \[p0\]\)/);
  });

  test('a log without the MAXPOLL warning fails a-leaves-after-poll-interval', async () => {
    const graded = await gradeAltered(LAB, 'slow-a.log', (text) => text.replace(/^.* slow-a client: MAXPOLL .*\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ a-leaves-after-poll-interval: .*\(no MAXPOLL line after the slow start\)/);
  });

  test('b never processing offset 3 fails b-processes-the-slow-offset-first and the duplicate law', async () => {
    const graded = await gradeAltered(LAB, 'slow-b.log', (text) => text.replace(/^.* slow-b processed p0 offset 3\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ b-processes-the-slow-offset-first/);
    expect(graded.stdout).toMatch(/✘ only-the-slow-offset-twice: .*\(found: none\)/);
  });

  test('a log with a line that is not a worker line fails naming the file and line', async () => {
    const graded = await gradeAltered(LAB, 'slow-b.log', (text) => text.replace(/\n/, '\nsegmentation fault\n'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: slow-b.log: line 2 is not a worker log line: "segmentation fault"/);
  });

  test('a run folder without the committed offsets fails naming the file', async () => {
    const graded = await gradeWithout(LAB, 'offsets-slow.txt');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: offsets-slow.txt is missing from the run folder/);
  });

  testGoldenInBothLanguages(LAB);
  testRunFolderFailures(LAB, 'run.json');
});
