// The hidden cases a course platform relies on: realistic learner mistakes, each made by altering a copy of the golden
// work folder (and, for the live steps, the broker or proxy the grader reads) the way that mistake would leave them,
// each failing at its own step with its own hint while the earlier steps still pass.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunInfo } from '@kafka-labs/grader';
import { goldenRunFolder, labIdOf, testMistakes, type Mistake } from '@kafka-labs/lab-kit/testing';
import { afterAll, beforeEach, describe } from 'vitest';
import { goldenTopics, useBroker, useRunningBroker } from './golden-broker.ts';

const LAB = labIdOf(import.meta.url);
const STEPS = [1, 2, 3, 4, 5, 6, 7];
const GOLDEN = goldenRunFolder(LAB);
const NAMES = (JSON.parse(readFileSync(join(GOLDEN, 'run.json'), 'utf8')) as RunInfo).names;

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const edit = (dir: string, file: string, change: (text: string) => string) => writeFileSync(join(dir, file), change(read(dir, file)));

/** The broker as the golden's run left it, with `topic` changed (or removed) the way a mistake leaves it. */
function brokerWith(topic: string, state: { partitions: number; endOffset: number } | null, faults?: Parameters<typeof useBroker>[1]) {
  const topics = goldenTopics(GOLDEN);
  if (state) topics.set(NAMES[topic]!, state);
  else topics.delete(NAMES[topic]!);
  useBroker(topics, faults);
}

/** Changes the batch line above the first record with `payload` in a dump file. */
const editBatchOf = (dir: string, file: string, payload: string, change: (line: string) => string) =>
  edit(dir, file, (text) => {
    const lines = text.split('\n');
    let batch = lines.findIndex((l) => l.endsWith(`payload: ${payload}`));
    while (!lines[batch]!.startsWith('baseOffset: ')) batch--;
    lines[batch] = change(lines[batch]!);
    return lines.join('\n');
  });
const NO_ID = 'baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1';
const withoutId = (line: string) => line.replace(/baseSequence: \S+ lastSequence: \S+ producerId: \S+ producerEpoch: \S+/, NO_ID);

/** The end offset of `topic` in the golden's broker. */
const held = (topic: string) => goldenTopics(GOLDEN).get(NAMES[topic]!)!.endOffset;

const MISTAKES: Mistake[] = [
  {
    name: 'payments created with three partitions',
    step: 1,
    make: () => brokerWith('payments', { partitions: 3, endOffset: held('payments') }),
    hint: /✘ step-1-topic: .*has 3 partitions .*Hint: the topic must have exactly one partition/,
  },
  {
    name: 'the topic created under another name (payment)',
    step: 1,
    make: () => brokerWith('payments', null),
    hint: /✘ step-1-topic: .*\(no topic payments-\S+ on the broker\)\. Hint: create the topic with kafka-topics --create/,
  },
  {
    name: 'the segment dumped without --print-data-log',
    step: 2,
    make: (dir) => edit(dir, 'dump-default.txt', (text) => text.split('\n').filter((l) => !l.startsWith('| offset')).join('\n')),
    hint: /✘ step-2-default-batch: .*\(dump-default\.txt shows no record payloads .*Hint: save the whole output of kafka-dump-log/,
  },
  {
    name: 'pay-1 and pay-2 produced with enable.idempotence=false',
    step: 2,
    make: (dir) => editBatchOf(dir, 'dump-default.txt', 'pay-1', withoutId),
    hint: /✘ step-2-default-batch: .*\(pay-1 is in a batch with producerId -1 .*Hint: produce pay-1 and pay-2 with no --command-property/,
  },
  {
    name: "the dump of step 6's topic saved as step 2's",
    step: 2,
    make: (dir) => writeFileSync(join(dir, 'dump-default.txt'), read(dir, 'two-sessions.txt')),
    hint: /✘ step-2-default-batch: .*\(dump-default\.txt is a dump of payments-app-\S+-0, not of payments-\S+-0\)\. Hint: save the whole output/,
  },
  {
    name: 'dumped again before pay-3 was produced',
    step: 3,
    make: (dir) => writeFileSync(join(dir, 'dump-noidem.txt'), read(dir, 'dump-default.txt')),
    hint: /✘ step-3-plain-batch: .*\(no record pay-3 in dump-noidem\.txt\)\. Hint: produce pay-3 with --command-property enable\.idempotence=false/,
  },
  {
    name: 'pay-3 produced with idempotence still on',
    step: 3,
    make: (dir) => editBatchOf(dir, 'dump-noidem.txt', 'pay-3', (l) => l.replace(NO_ID, 'baseSequence: 2 lastSequence: 2 producerId: 99 producerEpoch: 0')),
    hint: /✘ step-3-plain-batch: .*\(pay-3 is in a batch with producerId 99\)\. Hint: produce pay-3 with --command-property enable\.idempotence=false/,
  },
  {
    name: 'a line of 500 characters, too small for the slow path',
    step: 4,
    make: (dir) => writeFileSync(join(dir, 'big.txt'), `${'x'.repeat(500)}\n`),
    hint: /✘ step-4-big-line: .*\(big\.txt is one line of 500 characters\)\. Hint: big\.txt holds one line of exactly 5,000 characters/,
  },
  {
    name: 'the slow path never turned on: no retry, one record',
    step: 4,
    make: (dir) => {
      writeFileSync(join(dir, 'dup-producer.log'), '');
      brokerWith('payments-dup', { partitions: 1, endOffset: 1 });
    },
    hint: /✘ step-4-retries: .*dup-producer\.log is empty.*Hint: turn the slow path on first/,
  },
  {
    name: "the producer's standard error not redirected into the log",
    step: 4,
    make: (dir) => rmSync(join(dir, 'dup-producer.log')),
    hint: /✘ step-4-retries: .*dup-producer\.log is missing.*redirect the producer's stderr \(2>\) into the log/,
  },
  {
    name: 'idempotence left at its default in step 4: the broker kept one copy',
    step: 4,
    make: () => brokerWith('payments-dup', { partitions: 1, endOffset: 1 }),
    hint: /✘ step-4-copies: .*holds 1 record\)\. Hint: step 4 produces with --command-property enable\.idempotence=false/,
  },
  {
    name: 'the slow path left on',
    step: 4,
    make: () => useBroker(goldenTopics(GOLDEN), { faults: { delayMinBytes: 4096, delayMs: 600 } }),
    hint: /✘ step-4-slow-off: .*\(the slow path is still on \(delay >= 4096 B by 600 ms\)\)\. Hint: common mistake 1/,
  },
  {
    name: 'idempotence left off in step 5: every retry stored',
    step: 5,
    make: () => brokerWith('payments-idem', { partitions: 1, endOffset: 3 }),
    hint: /✘ step-5-one-copy: .*holds 3 records\)\. Hint: step 5 produces with --command-property enable\.idempotence=true/,
  },
  {
    name: 'a misspelt setting: the producer stopped by a ConfigException',
    step: 5,
    make: (dir) => {
      writeFileSync(
        join(dir, 'idem-producer.log'),
        'Exception in thread "main" org.apache.kafka.common.config.ConfigException: Invalid value 3OO for configuration request.timeout.ms: Not a number of type INT\n',
      );
      brokerWith('payments-idem', { partitions: 1, endOffset: 0 });
    },
    hint: /✘ step-5-retries: .*ConfigException: Invalid value 3OO.*Hint: the producer failed before it could retry/,
  },
  {
    name: "step 4's log copied as step 5's",
    step: 5,
    make: (dir) => writeFileSync(join(dir, 'idem-producer.log'), read(dir, 'dup-producer.log')),
    hint: /✘ step-5-retries: .*\(idem-producer\.log retries another partition, not payments-idem-\S+-0\)/,
  },
  {
    name: 'both pay-77 lines sent from one producer run (common mistake 2)',
    step: 6,
    make: (dir) =>
      edit(dir, 'two-sessions.txt', (text) => {
        const lines = text.split('\n');
        const batches = lines.flatMap((l, i) => (l.startsWith('baseOffset: ') ? [i] : []));
        lines[batches[0]!] = lines[batches[0]!]!.replace('lastOffset: 0 count: 1', 'lastOffset: 1 count: 2').replace('lastSequence: 0', 'lastSequence: 1');
        lines[batches[1]! + 1] = lines[batches[1]! + 1]!.replace('sequence: 0', 'sequence: 1');
        lines.splice(batches[1]!, 1);
        return lines.join('\n');
      }),
    hint: /✘ step-6-two-sessions: .*\(2 copies of pay-77 in 1 batch from producerId \d+\)\. Hint: common mistake 2/,
  },
  {
    name: 'the second run made with enable.idempotence=false',
    step: 6,
    make: (dir) =>
      edit(dir, 'two-sessions.txt', (text) => {
        const lines = text.split('\n');
        const second = lines.findLastIndex((l) => l.startsWith('baseOffset: '));
        lines[second] = withoutId(lines[second]!);
        return lines.join('\n');
      }),
    hint: /✘ step-6-two-sessions: .*producerId \d+, -1\)\. Hint: step 6 keeps idempotence on/,
  },
  {
    name: 'the last offset written where the end offset was asked',
    step: 7,
    make: (dir) => edit(dir, 'producer-report.txt', (text) => text.replace(/^dup_copies=\d+$/m, `dup_copies=${held('payments-dup') - 1}`)),
    hint: new RegExp(`✘ step-7-counts: .*dup_copies=${held('payments-dup') - 1} \\(payments-dup-\\S+ holds ${held('payments-dup')}\\).*Hint: write exactly five lines`),
  },
  {
    name: 'acks_default=1, the default of old clients',
    step: 7,
    make: (dir) => edit(dir, 'producer-report.txt', (text) => text.replace(/^acks_default=.*$/m, 'acks_default=1')),
    hint: /✘ step-7-defaults: .*\(acks_default=1, idempotence_default=true\)\. Hint: the console producer's defaults/,
  },
  {
    name: 'the report written with a line missing',
    step: 7,
    make: (dir) => edit(dir, 'producer-report.txt', (text) => text.replace(/^two_sessions_copies=.*\n/m, '')),
    hint: /✘ step-7-report: .*\(missing two_sessions_copies\)\. Hint: write exactly five lines/,
  },
];

describe(`${LAB}: hidden learner mistakes`, () => {
  // Every case starts from the broker and proxy as the golden's run saw them; a mistake changes them as it would.
  beforeEach(() => useBroker(goldenTopics(GOLDEN)));
  afterAll(useRunningBroker);
  testMistakes(LAB, STEPS, MISTAKES);
});
