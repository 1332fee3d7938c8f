// The hidden cases a course platform relies on: realistic learner mistakes, each made by altering a copy of the golden
// work folder the way that mistake would leave it, each failing at its own step with its own hint while the earlier
// steps still pass. The golden's incident has one cause (its seed's); each mistake is written so that it is a mistake
// whatever that cause is.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goldenRunFolder, labIdOf, testMistakes, type Mistake } from '@kafka-labs/lab-kit/testing';
import { describe } from 'vitest';

const LAB = labIdOf(import.meta.url);
const STEPS = [1, 2, 3, 4];

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const edit = (dir: string, file: string, change: (text: string) => string) => writeFileSync(join(dir, file), change(read(dir, file)));
/** The golden's answer to `key`. */
const golden = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(read(goldenRunFolder(LAB), 'diagnosis.txt'))![1]!;
/** Replaces the answer to `key` of the folder's diagnosis.txt. */
const answer = (key: string, value: string) => (dir: string) => edit(dir, 'diagnosis.txt', (text) => text.replace(new RegExp(`^${key}=.*$`, 'm'), `${key}=${value}`));
const drop = (key: string) => (dir: string) => edit(dir, 'diagnosis.txt', (text) => text.replace(new RegExp(`^${key}=.*\\n`, 'm'), ''));

const HINT = {
  read: /✘ step-1-input-read: .*Hint: read the whole input topic into input\.txt/,
  input: /✘ step-1-input-copies: .*Hint: list the eventIds input\.txt holds more than once/,
  reread: /✘ step-2-reread-offsets: .*Hint: list the offsets the pipeline group's consumers/,
  sink: /✘ step-3-sink-repeats: .*Hint: list the event_ids that have more than one order_events row/,
  cause: /✘ step-4-cause: .*Hint: follow the flow in order/,
};

const MISTAKES: Mistake[] = [
  {
    name: 'the input read without --offset earliest: the console consumer started at the end',
    step: 1,
    make: (dir) => writeFileSync(join(dir, 'input.txt'), ''),
    hint: HINT.read,
  },
  {
    name: 'the input read stopped after 5 records (--max-messages 5)',
    step: 1,
    make: (dir) => edit(dir, 'input.txt', (text) => text.split('\n').slice(0, 5).join('\n') + '\n'),
    hint: HINT.read,
  },
  {
    name: 'the input read appended twice into input.txt (>> instead of >)',
    step: 1,
    make: (dir) => edit(dir, 'input.txt', (text) => text + text),
    hint: HINT.read,
  },
  {
    name: "input_copies that does not match the input (the sink's repeats copied, or the copies missed)",
    step: 1,
    make: answer('input_copies', golden('input_copies') === 'none' ? golden('sink_repeats') : 'none'),
    hint: HINT.input,
  },
  {
    name: 'input_copies left out of the report',
    step: 1,
    make: drop('input_copies'),
    hint: /✘ step-1-input-copies: .*\(no input_copies= line in diagnosis\.txt\)/,
  },
  {
    name: 'reread_offsets that does not match the pipeline logs (one offset read twice missed or made up)',
    step: 2,
    make: answer('reread_offsets', golden('reread_offsets') === 'none' ? '5' : 'none'),
    hint: HINT.reread,
  },
  {
    name: 'reread_offsets written as eventIds',
    step: 2,
    make: answer('reread_offsets', golden('sink_repeats')),
    hint: HINT.reread,
  },
  {
    name: 'sink_repeats=none: the rows of another table counted',
    step: 3,
    make: answer('sink_repeats', 'none'),
    hint: HINT.sink,
  },
  {
    name: 'sink_repeats as a number of rows',
    step: 3,
    make: answer('sink_repeats', String(golden('sink_repeats').split(',').length * 2)),
    hint: HINT.sink,
  },
  {
    name: 'the cause named by the last place that shows copies, the sink, not the first',
    step: 4,
    make: answer('cause', golden('cause') === 'sink' ? 'rebalance' : 'sink'),
    hint: HINT.cause,
  },
  {
    name: 'the cause named by the consumer, the middle of the flow',
    step: 4,
    make: answer('cause', golden('cause') === 'rebalance' ? 'producer' : 'rebalance'),
    hint: HINT.cause,
  },
  {
    name: 'the cause written as a sentence',
    step: 4,
    make: answer('cause', `the ${golden('cause')}`),
    hint: HINT.cause,
  },
];

describe(`${LAB}: hidden learner mistakes`, () => testMistakes(LAB, STEPS, MISTAKES));
