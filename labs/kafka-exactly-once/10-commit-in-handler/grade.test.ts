import { describe, expect, test } from 'vitest';
import { testPicture } from '@kafka-labs/report/testing';
import { gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes: the committing handler lost offset 3, the stopping one had it retried', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ lab: LAB, verdict: 'pass', figures: { commitNever: 1, commitRetried: 0, stopNever: 0, stopRetried: 1 } });
  });

  testGoldenInBothLanguages(LAB);
  testPicture(LAB, {
    shows: ['committed 6 when the first worker stopped', 'never processed: 1 (offsets 3)', 'committed 3 when the first worker stopped', 'each of 6 events processed once', 'failed'],
  });

  test('a first worker whose log lost its failed record fails fails-at-record and handler-commits-past-failure', async () => {
    const graded = await gradeAltered(LAB, 'commit-1.log', (text) => text.replace(/^\S+ commit-1 failed p0 offset 3\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ commit-fails-at-record: .*\(processed before the failure: 0, 1, 2, 4, 5; failed: none\)/);
    expect(graded.stdout).toMatch(/✘ handler-commits-past-failure: /);
  });

  test('a group offset at the failed record after the committing handler fails consumer-committed-past-failure', async () => {
    const graded = await gradeAltered(LAB, 'offsets-commit-after-1.txt', (text) => text.replace(/( 0 {10})6 /, '$1 3 '));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ consumer-committed-past-failure: .*\(committed: 3\)/);
    expect(graded.stdout).toMatch(/✘ commit-consumer-resumes-at-committed: .*\(committed: 3; first offset processed: none\)/);
  });

  test('a second worker that processed the failed record after the committing handler fails record-lost', async () => {
    const graded = await gradeAltered(LAB, 'commit-2.log', (text) =>
      text.replace(/^(\S+) (commit-2 assigned \[p0\])$/m, '$1 $2\n$1 commit-2 processed p0 offset 3'),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ record-lost: .*\(never processed: none; processed twice: none; processed by the second worker: 3\)/);
  });

  test('a stopping handler that committed past the failed record fails handler-stops-without-commit', async () => {
    const graded = await gradeAltered(LAB, 'stop-1.log', (text) => text.replace(/^(\S+) (stop-1 failed p0 offset 3)$/m, '$1 $2\n$1 stop-1 commit p0=4'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ handler-stops-without-commit: .*last commit: p0=4\)/);
  });

  test('a retry that did not process the failed record fails record-retried', async () => {
    const graded = await gradeAltered(LAB, 'stop-2.log', (text) => text.replace(/^\S+ stop-2 processed p0 offset 3\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ record-retried: .*\(never processed: 3; processed twice: none; processed by the second worker: 4, 5\)/);
    expect(graded.stdout).toMatch(/✘ stop-consumer-resumes-at-committed: .*\(committed: 3; first offset processed: 4\)/);
  });

  test('a group that had not reached the end fails committed-at-end', async () => {
    const graded = await gradeAltered(LAB, 'offsets-stop-end.txt', (text) => text.replace(/( 0 {10})6 /, '$1 5 '));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ stop-committed-at-end: .*\(committed: 5\)/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
