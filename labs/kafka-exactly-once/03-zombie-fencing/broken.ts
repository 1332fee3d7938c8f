import { dropLines, type Broken } from '@kafka-labs/lab-kit/testing';
// The grader's broken variants of a run folder of this lab (see lab-kit's testBrokenVariants), for grade.test.ts and the live test.

export const BROKEN: Broken[] = [
  {
    name: 'a fencing error that was not fatal',
    file: 'stable-a1.log',
    edit: (text) => text.replace(/( fenced in \S+: _FENCED \(-144\) )fatal:/, '$1retriable:'),
    fails: ['stable-zombie-outcome'],
    reason: /failed fatally with _FENCED \(-144\) and it committed nothing \(after resuming: fenced in sendOffsetsToTransaction: _FENCED \(-144\) retriable/,
  },
  {
    name: 'a stable id whose second start used another id',
    file: 'stable-a2.log',
    edit: (text) => text.replace(/( started .*transactional\.id=\S+)/, '$1-1a2b3c4d'),
    fails: ['stable-transactional-ids'],
    reason: /^a1 and a2 started with the same transactional\.id \(a1 \S+, a2 \S+-1a2b3c4d\)/,
  },
  {
    name: 'an ABORT marker at the fenced epoch instead of e+1',
    file: 'dump-stable.txt',
    edit: (text) => text.replace(/producerEpoch: 1( partitionLeaderEpoch: \d+ isTransactional: true isControl: true)/, 'producerEpoch: 0$1'),
    fails: ['stable-epochs'],
    reason: /\(a1's batch at e=0; its marker: ABORT at 0;/,
  },
  {
    name: 'a read_committed output without the late duplicate',
    file: 'read-committed-random-assign.txt',
    edit: (text) => dropLines(text, /"enrichedBy":"random-assign-a1"/),
    fails: ['random-assign-read-committed-copies', 'random-assign-aborted-copies-only-uncommitted'],
    reason: /a1's late batch \(E-0001 E-0002 E-0003 E-0004 E-0005\) twice, every other order once \(10 records: each once; missing none\)/,
  },
  {
    name: 'a zombie whose late commit is missing',
    file: 'random-assign-a1.log',
    edit: (text) => dropLines(text, / committed transaction 1$/),
    fails: ['random-assign-zombie-outcome'],
    reason: /committed its transaction without an error \(the late commit\) \(after resuming: sent offsets p0=5 in transaction 1\)/,
  },
  {
    name: 'a group offset that did not move back',
    file: 'offsets-random-assign-end.txt',
    edit: (text) => text.replace(/^(\S+\s+\S+\s+0\s+)5(\s)/m, '$110$2'),
    fails: ['random-assign-group-offset'],
    reason: /moved BACK to a1's stale offset after its late commit \(before a1 resumed 10, at the end 10, a1 sent 5\)/,
  },
  {
    name: 'a zombie refused with an error that is not the group fencing it',
    file: 'random-subscribe-a1.log',
    edit: (text) => text.replace('UNKNOWN_MEMBER_ID (25)', 'COORDINATOR_NOT_AVAILABLE (15)'),
    fails: ['random-subscribe-zombie-outcome'],
    reason: /UNKNOWN_MEMBER_ID \(25\) or ILLEGAL_GENERATION \(22\), .* \(after resuming: failed sendOffsetsToTransaction: COORDINATOR_NOT_AVAILABLE \(15\)/,
  },
  {
    name: 'a read_uncommitted output without the aborted batch',
    file: 'read-uncommitted-random-subscribe.txt',
    edit: (text) => dropLines(text, /"enrichedBy":"random-subscribe-a1"/),
    fails: ['random-subscribe-aborted-copies-only-uncommitted'],
    reason: /plus a1's aborted batch \(read_uncommitted 10 records, read_committed 10, a1 wrote 5\)/,
  },
  {
    name: 'a successor whose committed-offset fetch was answered before the zombie committed',
    file: 'random-after-offsets-a2.log',
    edit: (text) => text.replace(/ starting at p0=5$/m, ' starting at p0=0'),
    fails: ['random-after-offsets-offset-fetch-held'],
    reason: /it is the offset a1 sent in that transaction \(a2 asked .* a2 starting at p0=0 .*; a1 sent p0=5\)/,
  },
  {
    name: 'a zombie whose commit after the hold is missing',
    file: 'random-after-offsets-a1.log',
    edit: (text) => dropLines(text, / committed transaction 1$/),
    fails: ['random-after-offsets-offset-fetch-held', 'random-after-offsets-zombie-outcome'],
    reason: /it is the offset a1 sent in that transaction \(a2 asked \S+, a1 committed never,/,
  },
];
