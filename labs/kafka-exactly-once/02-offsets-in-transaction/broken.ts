import { dropLines, type Broken } from '@kafka-labs/lab-kit/testing';
// The grader's broken variants of a run folder of this lab (see lab-kit's testBrokenVariants), for grade.test.ts and the live test.

export const BROKEN: Broken[] = [
  {
    name: 'a killed worker that stopped on its own',
    file: 'after-1.log',
    edit: (text) => `${text}2026-12-01T00:00:00.000Z after-1 stopping: SIGTERM\n`,
    fails: ['after-killed-at-the-line'],
    reason: /^after-1 was killed \(SIGKILL\) right after it logged "paused after committed:2" \(its last line: stopping\)/,
  },
  {
    name: 'an after-txn output without the repeated batch',
    file: 'read-committed-after.txt',
    edit: (text) => dropLines(text, /"enrichedBy":"after-2"/),
    fails: ['after-read-committed-copies', 'after-aborted-copies-only-uncommitted'],
    reason: /except the killed batch \(E-0006 E-0007 E-0008 E-0009 E-0010\): twice \(processed again\) \(10 records: each once;/,
  },
  {
    name: 'a before-txn output that kept the killed batch',
    file: 'read-committed-before.txt',
    edit: (text) => text.replace(/\n/, '\np0 offset 6 key O-6 value {"eventId":"E-0006","orderId":"O-6","status":"PAID","enrichedBy":"before-1","source":"p0@5"}\n'),
    fails: ['before-read-committed-copies', 'before-aborted-copies-only-uncommitted'],
    reason: /: missing \(lost\) \(6 records: each once; missing E-0007 E-0008 E-0009 E-0010\)/,
  },
  {
    name: 'a restart that skipped to the end of the input',
    file: 'sent-2.log',
    edit: (text) => text.replace(' sent-2 starting at p0=5', ' sent-2 starting at p0=10'),
    fails: ['sent-restart-at-committed-offset'],
    reason: /\(committed by sent-1: 5; sent-2 starts at 10\)/,
  },
  {
    name: 'a read_uncommitted output without the aborted copies',
    file: 'read-uncommitted-sent.txt',
    edit: (text) => dropLines(text, /^p0 offset (6|7|8|9|10) .*"enrichedBy":"sent-1"/),
    fails: ['sent-aborted-copies-only-uncommitted'],
    reason: /\(read_uncommitted 10 records, read_committed 10, killed transaction open with 5\)/,
  },
  {
    name: 'the killed transaction committed instead of aborted',
    file: 'dump-sent.txt',
    edit: (text) => text.replace('endTxnMarker: ABORT', 'endTxnMarker: COMMIT'),
    fails: ['sent-epochs'],
    reason: /marker after it: COMMIT at 1;/,
  },
  {
    name: 'a coordinator epoch that did not move on the restart',
    file: 'transactions-sent.txt',
    edit: (text) => text.replace(/(enrich-tx-sent-\S+\s*\t\d+\s*\t)2/, (_, head: string) => `${head}0`),
    fails: ['sent-epochs'],
    reason: /kafka-transactions epoch 0\)/,
  },
];
