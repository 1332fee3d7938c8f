import { dropLines, type Broken } from '@kafka-labs/lab-kit/testing';
// The grader's broken variants of a run folder of this lab (see lab-kit's testBrokenVariants), for grade.test.ts and the live test.

const EPOCH_ZERO = '2000-01-01T00:00:00.000Z';

export const BROKEN: Broken[] = [
  {
    name: 'a describe that never showed the abort',
    file: 'transactions-aborted.txt',
    edit: (text) => text.replace('CompleteAbort', 'Ongoing      '),
    fails: ['stalled-past-timeout'],
    reason: /describe: Ongoing, timeout 5000 ms\)/,
  },
  {
    name: 'a second instance started while w1 still ran',
    file: 'w2.log',
    edit: (text) => text.replace(/^\S+( w2 started )/m, `${EPOCH_ZERO}$1`),
    fails: ['no-other-instance'],
    reason: /^no other producer used w1's transactional\.id while w1 ran: .* w2 \S+ started 2000-01-01T00:00:00\.000Z;/,
  },
  {
    name: 'a late commit that succeeded',
    file: 'w1.log',
    edit: (text) => text.replace(/ fenced in commitTransaction: .*/, ' committed transaction 1'),
    fails: ['fenced-without-rival'],
    reason: /failed fatally with _FENCED \(-144\) and nothing was committed \(after resuming: committed transaction 1\)/,
  },
  {
    name: 'a reader that got the late order before the timeout',
    file: 'reader.log',
    edit: (text) => text.replace(/^\S+( reader consumed p0 offset \d+ E-0006)$/m, `${EPOCH_ZERO}$1`),
    fails: ['held-at-lso'],
    reason: /no sooner than 5000 ms after w1 began it, and none of w1's records \(E-0006 at offset \d+ \(w1's last \d+\), -\d+ ms after w1 began;/,
  },
  {
    name: "a reader given w1's aborted records",
    file: 'reader.log',
    edit: (text) => text.replace(/^(\S+ reader) (consumed p0 offset \d+ E-0006)$/m, '$1 consumed p0 offset 0 E-0001\n$1 $2'),
    fails: ['held-at-lso'],
    reason: /reader got E-0001@0 E-0006@/,
  },
  {
    name: 'a restart that skipped the aborted input',
    file: 'w2.log',
    edit: (text) => text.replace(' w2 starting at p0=0', ' w2 starting at p0=5'),
    fails: ['reprocessed-after-restart'],
    reason: /\(w1 started at 0, w2 at 5;/,
  },
  {
    name: "a read_uncommitted output without w1's aborted copies",
    file: 'read-uncommitted.txt',
    edit: (text) => dropLines(text, /"enrichedBy":"w1"/),
    fails: ['read-committed-once'],
    reason: /read_uncommitted 6, w1 wrote 5\)/,
  },
  {
    name: 'an ABORT marker at the timed-out epoch',
    file: 'dump.txt',
    edit: (text) => text.replace(/producerEpoch: 1( partitionLeaderEpoch: \d+ isTransactional: true isControl: true)/, 'producerEpoch: 0$1'),
    fails: ['epochs'],
    reason: /\(w1's batch at e=0; its marker: ABORT at 0;/,
  },
];
