import { dropLines, gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);
const EPOCH_ZERO = '2000-01-01T00:00:00.000Z';

/** Grades the golden with one file edited and expects exactly the named checks to fail. */
async function failsOnly(file: string, edit: (text: string) => string, fails: string[], reason?: RegExp) {
  const graded = await gradeAltered(LAB, file, edit);
  expect(graded.status, graded.stdout).toBe(1);
  expect(graded.result?.checks.filter((c) => !c.ok).map((c) => c.id)).toEqual(fails);
  if (reason) expect(graded.stdout).toMatch(reason);
}

describe(LAB, () => {
  testPicture(LAB, {
    shows: [
      'aborted by the coordinator',
      "aborted by the restart's initTransactions",
      'aborted by kafka-transactions abort',
      'held at the LSO',
      'kill -9',
      'transaction.timeout.ms 30000',
      'transaction.timeout.ms 900000: later →',
      'ABORT (random-w1) · epoch 1',
      'ABORT (operator-w1) · epoch 0',
    ],
  });

  test('a reader that never got E-0006 in the operator variant draws that read in two variants only', async () => {
    const text = await alteredPicture(LAB, 'operator-reader.log', (log) => dropLines(log, / consumed p0 offset \d+ E-0006$/));
    expect(text.match(/E-0006 read/g)).toHaveLength(2);
  });

  test('the golden run (a real run against the broker) passes: held until the coordinator, the restart, the operator', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result?.figures.randomHeldMs).toBeGreaterThanOrEqual(20_000);
  });

  testGoldenInBothLanguages(LAB);

  test('a describe that never showed the dead transaction Ongoing fails killed-in-transaction', () =>
    failsOnly('transactions-random-open.txt', (text) => text.replace('Ongoing', 'Empty  '), ['random-killed-in-transaction']));

  test('a reader given E-0006 before the restart aborted the dead transaction fails held-at-lso', () =>
    failsOnly('stable-reader.log', (text) => text.replace(/^\S+( stable-reader consumed p0 offset \d+ E-0006)$/m, `${EPOCH_ZERO}$1`), ['stable-held-at-lso'], /read 2000-01-01T00:00:00\.000Z/));

  test('an ABORT at the dead epoch in the random variant (not the coordinator\'s) fails aborted-by-coordinator', () =>
    failsOnly(
      'dump-random.txt',
      (text) => text.replace(/producerEpoch: 1( partitionLeaderEpoch: \d+ isTransactional: true isControl: true)/, 'producerEpoch: 0$1'),
      ['random-aborted-by-coordinator'],
      /markers: ABORT at epoch 0,/,
    ));

  test('a restart with another transactional.id fails aborted-by-restart', () =>
    failsOnly('stable-w2.log', (text) => text.replace(/( stable-w2 started .*transactional\.id=\S+)/, '$1-other'), ['stable-aborted-by-restart']));

  test('a coordinator that knew of the operator\'s abort fails aborted-by-operator', () =>
    failsOnly('transactions-operator-after-abort.txt', (text) => text.replace('Ongoing      ', 'CompleteAbort'), ['operator-aborted-by-operator']));

  test('find-hanging that lists the dead transaction fails find-hanging-lists-none', () =>
    failsOnly('find-hanging-0.txt', (text) => `${text}orders_enriched-operator\t0\t9\t0\t-1\t0\t1796198266641\t0\t\n`, ['operator-find-hanging-lists-none'], /1 with 0\)/));

  test('a read_committed output with a record twice fails read-committed', () =>
    failsOnly('read-committed-random.txt', (text) => text.replace(/^(p0 offset \d+ .*E-0006.*)$/m, '$1\n$1'), ['random-read-committed']));

  testRunFolderFailures(LAB, 'run.json');
});
