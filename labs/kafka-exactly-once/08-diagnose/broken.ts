// The grader's broken variants of a run folder of this lab (see lab-kit's testBrokenVariants), for grade.test.ts and the live
// test: each is a learner's mistake, whatever cause the run's seed planted.
import { DIAGNOSE } from '@kafka-labs/kafka-exactly-once/setups';
import type { Broken } from '@kafka-labs/lab-kit/testing';

/** The cause after `cause` in the flow's order: a wrong answer for every run. */
const otherCause = (cause: string) => DIAGNOSE.causes[(DIAGNOSE.causes.indexOf(cause as never) + 1) % DIAGNOSE.causes.length]!;

export const BROKEN: Broken[] = [
  {
    name: 'a report naming another cause',
    file: 'diagnosis.txt',
    edit: (text) => text.replace(/^cause=(\w+)$/m, (_, cause: string) => `cause=${otherCause(cause)}`),
    fails: ['step-4-cause'],
    reason: /\(cause=\w+\)\. Hint: follow the flow in order: /,
  },
  {
    name: 'an input read that did not start at the first offset (common mistake 1)',
    file: 'input.txt',
    edit: (text) => text.split('\n').slice(3).join('\n'),
    fails: ['step-1-input-read', 'step-1-input-copies'],
    reason: /input\.txt holds the input topic from offset 0 to its end \(\d+ records, print\.offset=true\) \(\d+ records, offsets 3\.\.\d+\)\. Hint: read the whole input topic/,
  },
  {
    name: 'a report that counted offsets wrongly',
    file: 'diagnosis.txt',
    edit: (text) => text.replace(/^reread_offsets=(.*)$/m, (_, offsets: string) => `reread_offsets=${offsets === 'none' ? '3' : 'none'}`),
    fails: ['step-2-reread-offsets'],
    reason: /\(reread_offsets=(3|none)\)\. Hint: list the offsets the pipeline group's consumers/,
  },
  {
    name: 'a report that missed a repeated event in the database',
    file: 'diagnosis.txt',
    edit: (text) => text.replace(/^sink_repeats=([^,\n]+),/m, 'sink_repeats='),
    fails: ['step-3-sink-repeats'],
    reason: /sink_repeats names the event_ids with more than one order_events row \(sink_repeats=E-\d+(,E-\d+)*\)\. Hint: list the event_ids/,
  },
  {
    name: 'a report with a line of its own',
    file: 'diagnosis.txt',
    edit: (text) => `${text}root_cause=kafka\n`,
    fails: ['step-1-input-copies', 'step-2-reread-offsets', 'step-3-sink-repeats', 'step-4-cause'],
    reason: /\(diagnosis\.txt line 5 is not one of input_copies= reread_offsets= sink_repeats= cause=: root_cause=kafka\)\. Hint: write diagnosis\.txt/,
  },
];
