import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { goldenRunFolder, gradeAltered, gradeGolden, gradeWithout, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { editLines } from '@kafka-labs/kafka-rebalance/test-support';

const LAB = labIdOf(import.meta.url);
/** The time stamp of the first line of a run file matching `pattern`, moved by `ms`. */
const stampOf = (file: string, pattern: RegExp, ms = 0) => {
  const line = readFileSync(join(goldenRunFolder(LAB), file), 'utf8').split('\n').find((l) => pattern.test(l))!;
  return new Date(Date.parse(line.split(' ')[0]!) + ms).toISOString();
};

describe(LAB, () => {
  testPicture(LAB, { shows: ['p0 3 processed twice (by fenced-a, fenced-b)', 'fenced-a: commit p0=4 failed', 'within-a: max.poll.interval.ms exceeded'] });

  test('without fenced-b redoing offset 3 nothing is drawn as processed twice', async () => {
    expect(await alteredPicture(LAB, 'fenced-b.log', (text) => text.replace(/^.* fenced-b processed p0 offset 3\n/m, ''))).not.toContain('processed twice');
  });

  test('the run passes: no duplicate within the session, offset 3 twice once fenced', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ lab: LAB, verdict: 'pass', figures: { 'within.duplicates': 0, 'fenced.duplicates': 1 } });
  });

  test('b assigned p0 a second after MAXPOLL, as on the classic protocol, fails the hand-over laws of within', async () => {
    const stamp = stampOf('within-a.log', / within-a client: MAXPOLL /, 1000);
    const graded = await gradeAltered(LAB, 'within-b.log', (text) => editLines(text, (line, i) => (i === 0 ? [line, `${stamp} within-b assigned [p0]`] : line)));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ within-no-handover-before-session-expires: .*\(b assigned p0 1000 ms after MAXPOLL, before a's late commit\)/);
    expect(graded.stdout).toMatch(/✘ within-no-handover-while-a-works: /);
  });

  test("b assigned p0 after a's late commit, when a's client rejoins, is no early hand-over", async () => {
    const stamp = stampOf('within-a.log', / within-a lost \[p0\]$/, 200);
    const graded = await gradeAltered(LAB, 'within-b.log', (text) => editLines(text, (line, i) => (i === 0 ? [line, `${stamp} within-b assigned [p0]`] : line)));
    expect(graded.stdout).toMatch(/✔ within-no-handover-before-session-expires: .*after a's late commit\)/);
    expect(graded.stdout).toMatch(/✔ within-no-handover-while-a-works: /);
  });

  test('a late commit that fails within the session fails within-late-commit-succeeds', async () => {
    const graded = await gradeAltered(LAB, 'within-a.log', (text) => text.replace(/ within-a commit p0=4$/m, ' within-a commit failed: UNKNOWN_MEMBER_ID p0=4'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ within-late-commit-succeeds: .*\(\S+ within-a commit failed: UNKNOWN_MEMBER_ID p0=4\)/);
  });

  test('a fenced member whose late commit succeeds moves the offset back and fails two laws', async () => {
    const graded = await gradeAltered(LAB, 'fenced-a.log', (text) => text.replace(/ commit failed: UNKNOWN_MEMBER_ID p0=4$/m, ' commit p0=4'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ fenced-late-commit-fails-unknown-member: .*\(\S+ fenced-a commit p0=4\)/);
    expect(graded.stdout).toMatch(/✘ fenced-committed-offset-never-goes-back: .*\(it went from \d+ to 4\)/);
  });

  test('a hand-over a second after MAXPOLL in the fenced group fails fenced-no-handover-before-session-expires', async () => {
    const stamp = stampOf('fenced-a.log', / fenced-a client: MAXPOLL /, 1000);
    const graded = await gradeAltered(LAB, 'fenced-b.log', (text) => text.replace(/^\S+ fenced-b assigned \[p0\]$/m, `${stamp} fenced-b assigned [p0]`));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ fenced-no-handover-before-session-expires: .*\(b assigned p0 1000 ms after MAXPOLL, before a's late commit\)/);
  });

  test('b never redoing offset 3 fails b-redoes-the-slow-offset and the duplicate law', async () => {
    const graded = await gradeAltered(LAB, 'fenced-b.log', (text) => text.replace(/^.* fenced-b processed p0 offset 3\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ fenced-b-redoes-the-slow-offset: .*\(b never processed it\)/);
    expect(graded.stdout).toMatch(/✘ fenced-only-the-slow-offset-twice: .*\(found: none\)/);
  });

  test('a run folder without the committed offsets fails naming the file', async () => {
    const graded = await gradeWithout(LAB, 'offsets-within.txt');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: offsets-within.txt is missing from the run folder/);
  });

  testGoldenInBothLanguages(LAB);
  testRunFolderFailures(LAB, 'run.json');
});
