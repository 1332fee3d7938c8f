import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ verdict: 'pass', figures: { committedVisibleIn: 3, abortedVisibleIn: 0, plainVisibleIn: 2, idempotentVisibleIn: 2 } });
  });
  testGoldenInBothLanguages(LAB);
  testPicture(LAB, {
    shows: ['Transactions: orders', 'Transactions: order-analytics', 'Transactions: order-notifications', 'COMMIT (committed) · epoch 0', 'ABORT (aborted) · epoch 0', 'plain', 'idempotent', 'O-4', 'read_committed'],
  });

  test("an aborted transaction whose marker says COMMIT in orders draws one ABORT marker, order-analytics'", async () => {
    const aborts = (text: string) => text.match(/ABORT \(aborted\)/g)?.length ?? 0;
    const text = await alteredPicture(LAB, 'orders-dump.txt', (dump) => dump.replace(/endTxnMarker: ABORT/, 'endTxnMarker: COMMIT'));
    expect(aborts(text)).toBe(1);
  });

  test('a committed event missing from one topic fails committed-visible-everywhere', async () => {
    const graded = await gradeAltered(LAB, 'order-analytics-read-committed.txt', (text) => text.replace(/^.*\tO-1\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ committed-visible-everywhere: .*\(orders: 1, order-analytics: 0, order-notifications: 1\)/);
  });

  test('a committed transaction without its marker fails committed-committed-markers', async () => {
    const graded = await gradeAltered(LAB, 'order-notifications-dump.txt', (dump) => dump.replace(/endTxnMarker: COMMIT/, 'endTxnMarker: ABORT'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ committed-committed-markers: .*\(orders: COMMIT, order-analytics: COMMIT, order-notifications: ABORT\)/);
  });

  test('an aborted event read by a read_committed consumer fails aborted-visible-nowhere', async () => {
    const graded = await gradeAltered(LAB, 'orders-read-committed.txt', (text) => `${text}Partition:0\tOffset:2\tnull\tO-2\n`);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ aborted-visible-nowhere: .*\(orders: 1, order-analytics: 0, order-notifications: 0\)/);
  });

  test('an aborted event that was never written fails aborted-stored-then-aborted', async () => {
    const graded = await gradeAltered(LAB, 'order-analytics-dump.txt', (dump) => dump.replace(/payload: O-2$/m, 'payload: O-9'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ aborted-stored-then-aborted: .*\(orders: ABORT\)/);
  });

  test('a plain event read from every topic fails plain-partly-visible', async () => {
    const graded = await gradeAltered(LAB, 'order-notifications-read-committed.txt', (text) => `${text}Partition:0\tOffset:2\tnull\tO-3\n`);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ plain-partly-visible: .*\(orders: 1, order-analytics: 1, order-notifications: 1\)/);
  });

  test('a plain event in a transactional batch fails plain-no-transaction', async () => {
    const graded = await gradeAltered(LAB, 'orders-dump.txt', (dump) =>
      dump.replace(/^(baseOffset: 4 .*)isTransactional: false/m, '$1isTransactional: true'),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ plain-no-transaction: .*\(orders: transactional, producerId -1 baseSequence -1, order-analytics: not transactional, /);
  });

  test('an idempotent event split across the topics like the plain one passes only with its producer id', async () => {
    const graded = await gradeAltered(LAB, 'order-analytics-dump.txt', (dump) =>
      dump.replace(/^(baseOffset: 5 .*)baseSequence: 0 lastSequence: 0 producerId: \d+ producerEpoch: 0 /m, '$1baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 '),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ idempotent-no-transaction: O-4 is stored in idempotent batches .*order-analytics: not transactional, producerId -1 baseSequence -1\)/);
  });

  test('an idempotent event read from every topic fails idempotent-partly-visible', async () => {
    const graded = await gradeAltered(LAB, 'order-notifications-read-committed.txt', (text) => `${text}Partition:0\tOffset:3\tnull\tO-4\n`);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ idempotent-partly-visible: .*\(orders: 1, order-analytics: 1, order-notifications: 1\)/);
  });

  test('an aborted producer that committed fails aborted-application-steps', async () => {
    const graded = await gradeAltered(LAB, 'aborted.log', (log) => log.replace('producer: transaction abort', 'producer: transaction commit'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ aborted-application-steps: .*steps begin, failure before order-notifications-\w+, commit\)/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
