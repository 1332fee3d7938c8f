import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { goldenRunFolder, gradeAltered, gradeGolden, gradeWithout, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { editLines } from '@kafka-labs/kafka-rebalance/test-support';

const LAB = labIdOf(import.meta.url);
/** The time stamp of the first line of a run file matching `pattern`. */
const stampOf = (file: string, pattern: RegExp) =>
  readFileSync(join(goldenRunFolder(LAB), file), 'utf8').split('\n').find((l) => pattern.test(l))!.split(' ')[0];

describe(LAB, () => {
  testPicture(LAB, { shows: ['Group dynamic', 'Group kip848-expired', 'static-b: restarted', 'No message was processed more than once'], hides: ['processed twice'] });

  test('a message dynamic-a processes twice is drawn as processed twice', async () => {
    const text = await alteredPicture(LAB, 'dynamic-a.log', (text) => text.replace(/^(.* dynamic-a processed p0 offset 5)$/m, '$1\n$1'));
    expect(text).toContain('p0 5 processed twice (by dynamic-a)');
  });

  test('the run passes: two revokes of a without static membership, none with it on either protocol, one after a fence', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({
      lab: LAB,
      verdict: 'pass',
      figures: { 'dynamic.otherRevokes': 2, 'static.otherRevokes': 0, 'kip848-static.otherRevokes': 0, 'kip848-expired.otherRevokes': 1 },
    });
  });

  test("a fenced member's partitions that go to a before the session expired fail fenced-after-session", async () => {
    const stamp = stampOf('kip848-expired-b.log', / kip848-expired-b stopping: /);
    const graded = await gradeAltered(LAB, 'kip848-expired-a.log', (text) =>
      text.replace(/^\S+( kip848-expired-a assigned \[p\d,p\d,p\d\])$/m, (_, rest: string) => `${stamp}${rest}`),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kip848-expired-fenced-after-session: .*\(a assigned \[p\d,p\d,p\d\] 0 ms after b stopped/);
  });

  test('a static group in which a is revoked while b is down fails static-no-rebalance', async () => {
    const stamp = stampOf('static-b.log', / static-b stopping: /);
    const graded = await gradeAltered(LAB, 'static-a.log', (text) =>
      editLines(text, (line, i) => (i === 0 ? [line, `${stamp} static-a revoked [p0,p1,p2]`] : line)),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ static-no-rebalance: .*\(a logged .* static-a revoked \[p0,p1,p2\]\)/);
  });

  test('a restarted static member with other partitions fails b-gets-its-partitions-back', async () => {
    const graded = await gradeAltered(LAB, 'static-b.log', (text) => {
      const lines = text.trimEnd().split('\n');
      const lastAssign = lines.map((l, i) => (/ static-b assigned \[p3,p4,p5\]$/.test(l) ? i : -1)).filter((i) => i >= 0).at(-1);
      return editLines(text, (line, i) => (i === lastAssign ? line.replace('[p3,p4,p5]', '[p4,p5]') : line));
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ static-b-gets-its-partitions-back: .*\(got \[p4,p5\]\)/);
  });

  test('a dynamic group in which a is revoked once fails other-revoked-twice', async () => {
    const graded = await gradeAltered(LAB, 'dynamic-a.log', (text) => {
      // The second revoke: a gives back all six partitions when b comes back.
      const lines = text.trimEnd().split('\n');
      const last = lines.map((l, i) => (/ dynamic-a revoked \[p0,p1,p2,p3,p4,p5\]$/.test(l) ? i : -1)).filter((i) => i >= 0).at(-1);
      return editLines(text, (line, i) => (i === last ? [] : line));
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ dynamic-other-revoked-twice: .*\(a revoked 1 time\(s\)/);
  });

  test('a member list without the stopped static member fails membership-while-b-is-down', async () => {
    const graded = await gradeAltered(LAB, 'members-static.txt', (text) => text.replace(/^static-\S+ static-b-.*\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ static-membership-while-b-is-down: .*\(members: static-a \(instance static-a\)\)/);
  });

  test('a message processed twice fails every-message-once', async () => {
    const graded = await gradeAltered(LAB, 'dynamic-a.log', (text) => {
      const line = text.split('\n').find((l) => / processed p0 offset 5$/.test(l))!;
      return text.replace(`${line}\n`, `${line}\n${line}\n`);
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ dynamic-every-message-once: .*\(duplicates: 1\)/);
  });

  test('a run folder without the member list fails naming it', async () => {
    const graded = await gradeWithout(LAB, 'members-dynamic.txt');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: members-dynamic.txt is missing from the run folder/);
  });

  testGoldenInBothLanguages(LAB);
  testRunFolderFailures(LAB, 'run.json');
});
