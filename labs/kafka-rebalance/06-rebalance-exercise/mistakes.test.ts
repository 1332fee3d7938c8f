// The hidden cases a course platform relies on: realistic learner mistakes, each made by altering a copy of the golden
// work folder the way that mistake would leave it, each failing at its own step with its own hint while the earlier
// steps still pass.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { countDuplicates, formatReport } from '@kafka-labs/dups';
import { parseWorkerLog } from '@kafka-labs/kafka-client/worker-log';
import { labIdOf, testMistakes, type Mistake } from '@kafka-labs/lab-kit/testing';
import { describe } from 'vitest';

const LAB = labIdOf(import.meta.url);
const STEPS = [1, 2, 3, 4, 5];

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const edit = (dir: string, file: string, change: (text: string) => string) => writeFileSync(join(dir, file), change(read(dir, file)));
/** The per-run topic name the golden's pay-offsets.txt uses. */
const payTopic = (dir: string) => read(dir, 'pay-offsets.txt').split(':')[0]!;
/** What the dups counter prints over these logs of the folder. */
const dupsOf = (dir: string, ...logs: string[]) => `${formatReport(countDuplicates(logs.flatMap((log) => parseWorkerLog(read(dir, log)))))}\n`;

/**
 * A worker log written as the worker writes it: one line per body, 20 ms apart from `start`. `work(p, from, to)` is a
 * run of processed lines with a commit after every 100 messages, as the exercise's workers are set.
 */
function workerLog(name: string, start: number, bodies: string[]): string {
  return bodies.map((body, i) => `${new Date(start + i * 20).toISOString()} ${name} ${body}`).join('\n') + '\n';
}
function work(p: number, from: number, to: number, counted = { n: 0 }): string[] {
  const lines: string[] = [];
  for (let offset = from; offset <= to; offset++) {
    lines.push(`processed p${p} offset ${offset}`);
    if (++counted.n % 100 === 0) lines.push(`commit p${p}=${offset + 1}`);
  }
  return lines;
}
const T0 = Date.parse('2026-12-02T07:00:00.000Z');

/** Moves the logs and dups report of one group of the golden to another group's names (same experiment, other step). */
function asGroup(dir: string, from: string, to: string) {
  for (const [source, target] of [[`${from}-a.log`, `${to}-a.log`], [`${from}-b.log`, `${to}-b.log`], [`dups-${from}.txt`, `dups-${to}.txt`]] as const) {
    writeFileSync(join(dir, target), read(dir, source).replaceAll(`${from}-`, `${to}-`));
  }
}

const MISTAKES: Mistake[] = [
  {
    name: 'the topic created with one partition',
    step: 1,
    make: (dir) => writeFileSync(join(dir, 'pay-offsets.txt'), `${payTopic(dir)}:0:1000\n`),
    hint: /Hint: the topic must have exactly two partitions: create it with --partitions 2/,
  },
  {
    name: 'the offsets saved before the messages went in',
    step: 1,
    make: (dir) => writeFileSync(join(dir, 'pay-offsets.txt'), `${payTopic(dir)}:0:0\n${payTopic(dir)}:1:0\n`),
    hint: /Hint: the offsets were saved before the messages went in/,
  },
  {
    name: 'the producer run twice',
    step: 1,
    make: (dir) => writeFileSync(join(dir, 'pay-offsets.txt'), `${payTopic(dir)}:0:1000\n${payTopic(dir)}:1:1000\n`),
    hint: /Hint: send exactly 1000 messages once/,
  },
  {
    name: 'the offsets of another topic saved',
    step: 1,
    make: (dir) => writeFileSync(join(dir, 'pay-offsets.txt'), 'slow:0:10\n'),
    hint: /\(no line for topic pay-\w+\)\. Hint: save what kafka-get-offsets prints for the topic pay/,
  },
  {
    name: "b started only after a had finished its partitions",
    step: 2,
    make: (dir) => {
      const counted = { n: 0 };
      const a = ['started', 'assigned [p0,p1]', ...work(1, 0, 499, counted), ...work(0, 0, 499, counted), 'revoked [p0,p1]', 'assigned [p0]', 'stopping: SIGTERM', 'revoked [p0]', 'stopped'];
      writeFileSync(join(dir, 'nocommit-a.log'), workerLog('nocommit-a', T0, a));
      const revoked = T0 + 20 * a.indexOf('revoked [p0,p1]');
      const b = workerLog('nocommit-b', revoked - 40, ['started', 'assigned [p1]']) + workerLog('nocommit-b', T0 + 20 * a.length, ['stopping: SIGTERM', 'revoked [p1]', 'stopped']);
      writeFileSync(join(dir, 'nocommit-b.log'), b);
      writeFileSync(join(dir, 'dups-nocommit.txt'), dupsOf(dir, 'nocommit-a.log', 'nocommit-b.log'));
    },
    hint: /✘ step-2-join-mid-stream: .*Hint: b got its partition after a had finished it/,
  },
  {
    name: 'b started in another group',
    step: 2,
    make: (dir) => {
      const [ca, cb] = [{ n: 0 }, { n: 0 }];
      writeFileSync(join(dir, 'nocommit-a.log'), workerLog('nocommit-a', T0, ['started', 'assigned [p0,p1]', ...work(1, 0, 499, ca), ...work(0, 0, 499, ca), 'stopping: SIGTERM', 'revoked [p0,p1]', 'stopped']));
      writeFileSync(join(dir, 'nocommit-b.log'), workerLog('nocommit-b', T0 + 1000, ['started', 'assigned [p0,p1]', ...work(1, 0, 499, cb), ...work(0, 0, 499, cb), 'stopping: SIGTERM', 'revoked [p0,p1]', 'stopped']));
      writeFileSync(join(dir, 'dups-nocommit.txt'), dupsOf(dir, 'nocommit-a.log', 'nocommit-b.log'));
    },
    hint: /✘ step-2-join-mid-stream: .*Hint: b processed messages without taking any from a: give both workers the same --group/,
  },
  {
    name: 'step 2 run with the commit on revoke already on',
    step: 2,
    make: (dir) => asGroup(dir, 'revcommit', 'nocommit'),
    hint: /✘ step-2-restart-at-last-commit: .*Hint: a committed when it was revoked, so nothing was redone: this step runs the workers without --revoke-commit/,
  },
  {
    name: 'the duplicates counted over one log only',
    step: 2,
    make: (dir) => writeFileSync(join(dir, 'dups-nocommit.txt'), dupsOf(dir, 'nocommit-a.log')),
    hint: /✘ step-2-dups-report: .*Hint: run the dups counter on both workers' logs of this step at once/,
  },
  {
    name: 'the workers stopped before every message was processed',
    step: 2,
    make: (dir) => edit(dir, 'nocommit-b.log', (text) => text.replace(/^.* processed p1 offset 4[5-9]\d\n/gm, '')),
    hint: /✘ step-2-all-processed: .*\(never processed: p1 offset \d+\)\. Hint: stop the workers only once/,
  },
  {
    name: "a's log saved under another name",
    step: 2,
    make: (dir) => rmSync(join(dir, 'nocommit-a.log')),
    hint: /✘ step-2-logs: .*Hint: start the workers with --name nocommit-a and --name nocommit-b/,
  },
  {
    name: 'step 3 run without the commit on revoke',
    step: 3,
    make: (dir) => asGroup(dir, 'nocommit', 'revcommit'),
    hint: /✘ step-3-commit-on-revoke: .*Hint: give both workers --revoke-commit/,
  },
  {
    name: "step 3 run in step 2's group, where everything was committed already",
    step: 3,
    make: (dir) => {
      writeFileSync(join(dir, 'revcommit-a.log'), workerLog('revcommit-a', T0, ['started', 'assigned [p0,p1]', 'revoked [p0,p1]', 'assigned [p0]', 'stopping: SIGTERM', 'revoked [p0]', 'stopped']));
      writeFileSync(join(dir, 'revcommit-b.log'), workerLog('revcommit-b', T0 + 1000, ['started', 'assigned [p1]', 'stopping: SIGTERM', 'revoked [p1]', 'stopped']));
      writeFileSync(join(dir, 'dups-revcommit.txt'), dupsOf(dir, 'revcommit-a.log', 'revcommit-b.log'));
    },
    hint: /✘ step-3-join-mid-stream: .*Hint: nothing was processed: the group had committed everything already/,
  },
  {
    name: "step 2's dups report saved as step 3's",
    step: 3,
    make: (dir) => writeFileSync(join(dir, 'dups-revcommit.txt'), read(dir, 'dups-nocommit.txt')),
    hint: /✘ step-3-dups-report: .*Hint: run the dups counter on both workers' logs of this step at once/,
  },
  {
    name: 'max.poll.interval.ms left at its default',
    step: 4,
    make: (dir) => {
      edit(dir, 'slow-a.log', (text) =>
        text
          .replace(/^.* client: MAXPOLL .*\n/m, '')
          .replace(/ commit failed: UNKNOWN_MEMBER_ID p0=4$/m, ' commit p0=4')
          .replace(/^.* poll error: _MAX_POLL_EXCEEDED\n/m, '')
          .replace(/^.* lost \[p0\]\n/m, ''),
      );
      edit(dir, 'slow-b.log', (text) => text.split('\n').filter((line) => / (started|assigned \[\]|stopping: .*|revoked \[\]|stopped)$/.test(line)).join('\n') + '\n');
      writeFileSync(join(dir, 'dups-maxpoll.txt'), dupsOf(dir, 'slow-a.log', 'slow-b.log'));
    },
    hint: /✘ step-4-maxpoll-leave: .*\(no MAXPOLL line after the slow start\)\. Hint: the slow work must outlast max.poll.interval.ms/,
  },
  {
    name: 'a started without the slow message',
    step: 4,
    make: (dir) => edit(dir, 'slow-a.log', (text) => text.replace(/^.* slow p0 offset 3 for \d+s\n/m, '')),
    hint: /✘ step-4-maxpoll-leave: .*\(a never began offset 3 slowly\)\. Hint: give a the slow message: --slow-at 3/,
  },
  {
    name: "b's log left out of the dups count",
    step: 4,
    make: (dir) => writeFileSync(join(dir, 'dups-maxpoll.txt'), dupsOf(dir, 'slow-a.log')),
    hint: /✘ step-4-dups-report: .*Hint: run the dups counter on both workers' logs/,
  },
  {
    name: 'the poll interval written where the excess was asked',
    step: 5,
    make: (dir) => edit(dir, 'maxpoll.txt', (text) => text.replace(/^exceeded_by_ms=.*$/m, 'exceeded_by_ms=10000')),
    hint: /✘ step-5-exceeded-by-ms: .*\(exceeded_by_ms=10000\)\. Hint: read the client: MAXPOLL line of slow-a.log/,
  },
  {
    name: 'the wrong error name for the failed commit',
    step: 5,
    make: (dir) => edit(dir, 'maxpoll.txt', (text) => text.replace(/^commit_error=.*$/m, 'commit_error=REBALANCE_IN_PROGRESS')),
    hint: /✘ step-5-commit-error: .*Hint: copy the error name of a's commit failed line/,
  },
  {
    name: 'revoked answered where the log says lost',
    step: 5,
    make: (dir) => edit(dir, 'maxpoll.txt', (text) => text.replace(/^a_callback=.*$/m, 'a_callback=revoked')),
    hint: /✘ step-5-a-callback: .*Hint: after the slow message, did a get p0 revoked or lost\?/,
  },
  {
    name: 'an answer left out',
    step: 5,
    make: (dir) => edit(dir, 'maxpoll.txt', (text) => text.replace(/^processed_twice=.*\n/m, '')),
    hint: /✘ step-5-answers: .*\(missing processed_twice\)\. Hint: write \$WORK\/maxpoll.txt with one key=value per line/,
  },
];

describe(`${LAB}: hidden learner mistakes`, () => testMistakes(LAB, STEPS, MISTAKES));
