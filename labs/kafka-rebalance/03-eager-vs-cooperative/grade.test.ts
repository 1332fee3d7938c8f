import { gradeAltered, gradeGolden, gradeWithout, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { editLines } from '@kafka-labs/kafka-rebalance/test-support';

const LAB = '03-eager-vs-cooperative';

describe(LAB, () => {
  test('the run passes, with duplicates on all 6 partitions with range and on the 2 moved ones with cooperative-sticky', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    const result = graded.result!;
    expect(result).toMatchObject({ lab: LAB, verdict: 'pass' });
    expect(result.figures['eager.partitionsWithDuplicates']).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
    expect(result.figures['cooperative.partitionsWithDuplicates']).toHaveLength(2);
  });

  test('a cooperative member that processes a partition it kept twice fails the moved-only law', async () => {
    const graded = await gradeAltered(LAB, 'cooperative-a.log', (text) => {
      // a's last message is on a partition it kept when c joined.
      const last = text.trimEnd().split('\n').reverse().find((l) => / processed p\d+ offset \d+$/.test(l));
      return editLines(text, (line) => (line === last ? [line, line] : line));
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ cooperative-duplicates-are-uncommitted-work-of-revoked-partitions: /);
    expect(graded.stdout).toMatch(/✘ cooperative-duplicates-only-where-partitions-moved: .*\(partitions with duplicates: \[(p\d,?){3}\]\)/);
  });

  test('an eager member that gives back only part of its partitions fails the revocation law', async () => {
    const graded = await gradeAltered(LAB, 'eager-a.log', (text) => text.replace(/ eager-a revoked \[p(\d+),p(\d+),p(\d+)\]$/m, ' eager-a revoked [p$3]'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ eager-revocation: at c's join a and b each give back every partition they own \(eager\)/);
  });

  test('an eager partition whose redone work is missing fails duplicates-on-every-partition', async () => {
    const graded = await gradeAltered(LAB, 'eager-a.log', (text) => {
      // Drop a's second run over p0's uncommitted messages, as if a had resumed p0 where it stood.
      const lines = text.trimEnd().split('\n');
      const revoke = lines.findIndex((l) => / eager-a revoked \[p0,p1,p2\]$/.test(l));
      const offsetOf = (l: string) => Number(/ processed p0 offset (\d+)$/.exec(l)?.[1] ?? NaN);
      const stood = Math.max(...lines.slice(0, revoke).map(offsetOf).filter((o) => !Number.isNaN(o)));
      return `${lines.filter((l, i) => i < revoke || !(offsetOf(l) <= stood)).join('\n')}\n`;
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ eager-duplicates-on-every-partition: .*\(partitions with duplicates: \[p1,p2,p3,p4,p5\]\)/);
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

  testRunFolderFailures(LAB, 'run.json');
});
