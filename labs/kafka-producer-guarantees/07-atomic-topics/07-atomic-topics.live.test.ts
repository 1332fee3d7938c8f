import { copyLatestRun, gradeAltered, gradeFolder, labIdOf, runLabOnce } from '@kafka-labs/lab-kit/testing';
import { latestRunFolder } from '@kafka-labs/lab-kit';
import { describe, expect, test } from 'vitest';

// The lab once against the broker, then its grader on altered copies of that fresh run: each variant's law fails
// when the run folder shows another variant's outcome.
const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  runLabOnce(LAB);

  test('the run passes: the committed event in three topics, the aborted one in none, the plain and the idempotent one in two', async () => {
    const graded = await gradeFolder(LAB, copyLatestRun(LAB));
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result!.figures).toMatchObject({ committedVisibleIn: 3, abortedVisibleIn: 0, plainVisibleIn: 2, idempotentVisibleIn: 2 });
  });

  test('a committed event missing from one topic fails committed-visible-everywhere', async () => {
    const graded = await gradeAltered(LAB, 'order-notifications-read-committed.txt', (text) => text.replace(/^.*O-1.*\n/m, ''), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ committed-visible-everywhere: .*order-notifications: 0\)/);
  });

  test('an aborted event that a read_committed consumer read fails aborted-visible-nowhere', async () => {
    const graded = await gradeAltered(LAB, 'orders-read-committed.txt', (text) => text.replace(/^(.*)O-3$/m, '$1O-2'), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ aborted-visible-nowhere: .*\(orders: 1, /);
  });

  test('an aborted transaction whose marker says COMMIT fails aborted-stored-then-aborted', async () => {
    const graded = await gradeAltered(LAB, 'orders-dump.txt', (text) => text.replace(/endTxnMarker: ABORT/, 'endTxnMarker: COMMIT'), latestRunFolder(LAB));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ aborted-stored-then-aborted: .*\(orders: COMMIT, order-analytics: ABORT\)/);
  });
});
