// The hidden cases a course platform relies on: realistic learner mistakes, each made by altering a copy of the golden
// work folder the way that mistake would leave it, each failing at its own step with its own hint while the earlier
// steps still pass.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { labIdOf, testMistakes, type Mistake } from '@kafka-labs/lab-kit/testing';
import { describe } from 'vitest';

const LAB = labIdOf(import.meta.url);
const STEPS = [1, 2, 3, 4];

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const edit = (dir: string, file: string, change: (text: string) => string) => writeFileSync(join(dir, file), change(read(dir, file)));
/** The lines of a saved output whose order is one of `ids`, dropped. */
const without = (text: string, ids: RegExp) => text.split('\n').filter((line) => !ids.test(line)).join('\n');

/** Moves the logs and output of one run of the golden to another run's names (the same pipeline, another step). */
function asRun(dir: string, from: string, to: string) {
  for (const [source, target] of [[`${from}-1.log`, `${to}-1.log`], [`${from}-2.log`, `${to}-2.log`], [`out-${from}.txt`, `out-${to}.txt`]] as const) {
    writeFileSync(join(dir, target), read(dir, source).replaceAll(` ${from}-`, ` ${to}-`));
  }
}

const MISTAKES: Mistake[] = [
  {
    name: 'the first run stopped with kill, not kill -9',
    step: 1,
    make: (dir) => edit(dir, 'sync-1.log', (text) => `${text}${text.split('\n')[0]!.replace(/ started .*/, ' stopping: SIGTERM')}\n`),
    hint: /✘ step-1-sync-killed: .*Hint: kill it with kill -9 once it logs paused/,
  },
  {
    name: 'the first run started without a pause and killed at a random point',
    step: 1,
    make: (dir) => edit(dir, 'sync-1.log', (text) => text.replace(/^.* paused after .*\n/m, '')),
    hint: /✘ step-1-sync-killed: .*Hint: start it with --pause-after at the point the step names/,
  },
  {
    name: 'the restart given another group, so it starts from the beginning',
    step: 1,
    make: (dir) => edit(dir, 'sync-2.log', (text) => text.replace(/ starting at p0=\d+$/m, ' starting at p0=0')),
    hint: /✘ step-1-sync-restarted: .*Hint: restart it with exactly the same flags but --pause-after/,
  },
  {
    name: 'the output read before the restart finished',
    step: 1,
    make: (dir) => edit(dir, 'out-sync.txt', (text) => text.split('\n').slice(0, 10).join('\n') + '\n'),
    hint: /✘ step-1-sync-duplicates: .*\(each once\)\. Hint: read the output only after the restarted worker has finished/,
  },
  {
    name: 'step 2 run with the offsets committed by commitSync and no transaction',
    step: 2,
    make: (dir) => asRun(dir, 'sync', 'txn'),
    hint: /✘ step-2-txn-stable-id: .*Hint: this step adds one piece: transactions/,
  },
  {
    name: 'the restart given a random transactional.id',
    step: 2,
    make: (dir) => edit(dir, 'txn-2.log', (text) => text.replace(/transactional\.id=(\S+)/, 'transactional.id=$1-3f9a01c2')),
    hint: /✘ step-2-txn-stable-id: .*Hint: give the restart the same --transactional-id and no --random-id/,
  },
  {
    name: "step 2's output read at the console consumer's default isolation level",
    step: 2,
    make: (dir) => writeFileSync(join(dir, 'out-txn.txt'), read(dir, 'out-txn-uncommitted.txt')),
    hint: /✘ step-2-txn-each-once: .*Hint: read with --isolation-level read_committed/,
  },
  {
    name: "step 2's restart log saved under another name",
    step: 2,
    make: (dir) => rmSync(join(dir, 'txn-2.log')),
    hint: /✘ step-2-txn-logs: .*Hint: run the pipeline with --name txn-1, then its restart with --name txn-2/,
  },
  {
    name: 'the gap run killed mid-batch, before its transaction committed',
    step: 3,
    make: (dir) => asRun(dir, 'txn', 'gap'),
    hint: /✘ step-3-gap-after-commit: .*Hint: pause it right after its second transaction is committed/,
  },
  {
    name: 'the eos run left with the offsets outside the transaction',
    step: 3,
    make: (dir) => asRun(dir, 'gap', 'eos'),
    hint: /✘ step-3-eos-offsets-in-transaction: .*Hint: run eos with --commit transaction/,
  },
  {
    name: "the eos output missing what the restart would have written",
    step: 3,
    make: (dir) => edit(dir, 'out-eos.txt', (text) => without(text, /"E-0010"/)),
    hint: /✘ step-3-eos-each-once: .*\(missing E-0010\)/,
  },
  {
    name: 'step 4 read at read_committed again',
    step: 4,
    make: (dir) => writeFileSync(join(dir, 'out-txn-uncommitted.txt'), read(dir, 'out-txn.txt')),
    hint: /✘ step-4-aborted-visible: .*\(each once\)\. Hint: read step 2's output topic again, this time without --isolation-level/,
  },
  {
    name: 'step 4 read from the eos topic, where nothing was aborted',
    step: 4,
    make: (dir) => writeFileSync(join(dir, 'out-txn-uncommitted.txt'), read(dir, 'out-eos.txt')),
    hint: /✘ step-4-aborted-visible: .*Hint: read step 2's output topic again/,
  },
];

describe(`${LAB}: hidden learner mistakes`, () => testMistakes(LAB, STEPS, MISTAKES));
