import { dropLines, type Broken } from '@kafka-labs/lab-kit/testing';
// The grader's broken variants of a run folder of this lab (see lab-kit's testBrokenVariants), for grade.test.ts and the live test.

const AN_ABORTED_COPY = 'p0 offset 0 key O-1 value {"eventId":"E-0001","orderId":"O-1","status":"PAID"}';

export const BROKEN: Broken[] = [
  {
    name: 'a producer that committed both transactions',
    file: 'producer.log',
    edit: (text) => text.replace(' aborted transaction 1', ' committed transaction 1'),
    fails: ['aborted-then-committed'],
    reason: /^the producer wrote E-0001\.\.E-0005 in transaction 1 and aborted it.*\(committed 1, committed 2;/,
  },
  {
    name: 'a dump without the ABORT marker',
    file: 'dump.txt',
    edit: (text) => text.replace(/^baseOffset: \d+ .*isControl: true.*\n\| .*endTxnMarker: ABORT.*\n/m, ''),
    fails: ['aborted-records-in-log', 'markers-are-control-records', 'read-committed-once'],
    reason: /^the log holds every order twice .* \(ABORT: none; COMMIT: E-0001@0 /,
  },
  {
    name: 'a dump whose data batches are not transactional',
    file: 'dump.txt',
    edit: (text) => text.replaceAll('isTransactional: true isControl: false', 'isTransactional: false isControl: false'),
    fails: ['aborted-records-in-log', 'read-committed-once'],
    reason: /\(ABORT: none; COMMIT: none; 2 non-transactional batch\(es\)\)/,
  },
  {
    name: 'a read_uncommitted read with a ghost missing',
    file: 'read-uncommitted.txt',
    edit: (text) => dropLines(text, /^p0 offset 0 /),
    fails: ['read-uncommitted-sees-ghosts', 'console-default-sees-ghosts'],
    reason: /^read_uncommitted returns each order twice.*\(E-0002@1 /,
  },
  {
    name: 'a read_committed read that returned an aborted copy',
    file: 'read-committed.txt',
    edit: (text) => text.replace(/\n/, `\n${AN_ABORTED_COPY}\n`),
    fails: ['read-committed-once', 'console-read-committed-once'],
    reason: /^read_committed returns each order once.*\(E-0001@0 E-0001@6 /,
  },
  {
    name: 'a transaction still open when the reads were made',
    file: 'transactions.txt',
    edit: (text) => text.replace('CompleteCommit', 'Ongoing       '),
    fails: ['no-open-transaction'],
    reason: /\(state Ongoing; ends: read_uncommitted 12, read_committed 12, log 12\)/,
  },
  {
    name: 'a Java default consumer that skipped the aborted copies',
    file: 'console-default.txt',
    edit: (text) => dropLines(text, /^Offset:[0-4]\t/),
    fails: ['console-default-sees-ghosts'],
    reason: /^kafka-console-consumer without --isolation-level .*\(E-0001@6 /,
  },
];
