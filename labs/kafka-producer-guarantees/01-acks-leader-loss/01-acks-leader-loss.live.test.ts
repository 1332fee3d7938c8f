import { copyLatestRun, gradeAltered, gradeFolder, labIdOf, runLabOnce } from '@kafka-labs/lab-kit/testing';
import { latestRunFolder } from '@kafka-labs/lab-kit';
import { describe, expect, test } from 'vitest';

// The lab once on the real 3-node cluster, then its grader on altered copies of that fresh run: the laws that make the
// contrast fail when the run folder shows the opposite outcome.
const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  runLabOnce(LAB);

  test('the run passes with exactly one acknowledged record lost, by acks=1', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result!.figures).toMatchObject({ 'acks1.acknowledgedLost': 1, 'acks0.acknowledgedLost': 0, 'acksall.acknowledgedLost': 0 });
  });

  test('an acks=all X that was acknowledged fails nothing-acknowledged-lost', async () => {
    const graded = await gradeAltered(LAB, 'acksall.log', (text) => text.replace(/ X result: error -192 _MSG_TIMED_OUT/, ' X result: offset=1'), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acksall-nothing-acknowledged-lost: .*\(X offset=1; acknowledged and missing: X@1\)/);
  });

  test('an acks=1 X that failed fails acknowledged-record-lost', async () => {
    const graded = await gradeAltered(LAB, 'acks1.log', (text) => text.replace(/ X result: offset=1/, ' X result: error -192 _MSG_TIMED_OUT'), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ acks1-acknowledged-record-lost: .*\(X _MSG_TIMED_OUT; acknowledged and missing: none\)/);
  });

  test('a trap Z acknowledged at offset 0 fails failed-write-stored', async () => {
    const graded = await gradeAltered(LAB, 'trap.log', (text) => text.replace(/ Z result: offset=\d+/, ' Z result: offset=0'), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ trap-failed-write-stored: .*\(Z at offset 0; /);
  });
});
