import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countDuplicates, formatReport, type DuplicateReport } from '@kafka-labs/dups';
import {
  attempt,
  Checks,
  exerciseNames,
  readRunFile,
  StepChecks,
  type ExerciseSteps,
  type GradeOptions,
  type Read,
} from '@kafka-labs/grader';
import { textsIn, type TextsOf } from '@kafka-labs/i18n';
import type { WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import {
  beforeFirstStop,
  evidenceOf,
  first,
  groupView,
  handover,
  partitionList,
  readWorkerLogs,
  showEvent,
  slowWork,
  unprocessed,
  workerName,
} from '@kafka-labs/kafka-rebalance/evidence';
import type { StepsView } from '@kafka-labs/report/views';
import { MESSAGES as TRACK } from '@kafka-labs/kafka-rebalance/messages';
import { MESSAGES } from './messages.ts';

const MANIFEST = JSON.parse(readFileSync(new URL('./manifest.json', import.meta.url), 'utf8')) as ExerciseSteps;
const STEPS = [1, 2, 3, 4, 5] as const;
type Step = (typeof STEPS)[number];
type Texts = TextsOf<typeof MESSAGES>;

/** The exercise's topic that a step's file names; a solution run records its per-run name in run.json `names`. */
const TOPICS = ['pay'] as const;
type Topic = (typeof TOPICS)[number];
/** Step 1's topic: two partitions of 500 messages each (the round-robin producer's message i goes to partition i % 2). */
const PAY = { partitions: 2, perPartition: 500 } as const;
/** Step 4's slow message: offset 3 of the topic slow. */
const SLOW = { slowAt: 3 } as const;
/** librdkafka's warning when the application did not poll within max.poll.interval.ms: it leaves the group. */
const MAXPOLL = /^MAXPOLL .*Application maximum poll interval \((\d+)ms\) exceeded by (\d+)ms.*leaving group/;
/** Clock granularity between the consume call that returned the slow message and the worker's `slow` line. */
const SLACK_MS = 50;
const ANSWER_KEYS = ['exceeded_by_ms', 'commit_error', 'processed_twice', 'a_callback'] as const;


/** The ranges a dups report shows, as its text writes them: `p1 200..260`. */
const rangesOf = (report: DuplicateReport) =>
  Object.entries(report.partitions).flatMap(([p, { ranges }]) => ranges.map((r) => ({ partition: Number(p), ...r })));
const rangeText = (r: { partition: number; from: number; to: number }) => `p${r.partition} ${r.from === r.to ? r.from : `${r.from}..${r.to}`}`;

/**
 * Grades the learner's work folder (or a solution run folder) step by step, from the files each step saves there:
 * the topic's end offsets, the workers' logs, the dups counter's reports and the answers about max.poll. Reads the
 * files as text and never runs them; with `step`, returns only that step's checks.
 */
export default async function grade(workDir: string, options: GradeOptions = {}) {
  const checks = new Checks(options.lang);
  const ctx = new Context(workDir, await exerciseNames(workDir, TOPICS), new StepChecks(checks, MANIFEST), textsIn(MESSAGES, checks.lang), textsIn(TRACK, checks.lang), checks);
  for (const step of STEPS.filter((s) => options.step === undefined || s === options.step)) await STEP_CHECKS[step](ctx);
  checks.view({ kind: 'steps', files: [...ctx.read], steps: ctx.steps.steps() } satisfies StepsView);
  return checks.grade();
}


interface GroupLogs {
  a: WorkerEvent[];
  b: WorkerEvent[];
  all: WorkerEvent[];
}

class Context {
  /** The work folder's files the steps read. */
  readonly read = new Set<string>();

  constructor(
    readonly workDir: string,
    readonly topic: Record<Topic, string>,
    readonly steps: StepChecks,
    readonly t: Texts,
    /** The track's shared texts in the grading's language. */
    readonly tt: TextsOf<typeof TRACK>,
    private readonly checks: Checks,
  ) {}

  file(name: string): Promise<Read<string>> {
    this.read.add(name);
    return attempt(() => readRunFile(this.workDir, name));
  }

  private readonly groups = new Map<string, Promise<Read<GroupLogs>>>();

  /** The logs of workers `<group>-a` and `<group>-b`, whole and before the first stop, read once and drawn as the group's picture. */
  logs(group: string): Promise<Read<GroupLogs>> {
    if (!this.groups.has(group)) this.groups.set(group, this.readLogs(group));
    return this.groups.get(group)!;
  }

  private async readLogs(group: string): Promise<Read<GroupLogs>> {
    const [aName, bName] = [workerName(group, 'a'), workerName(group, 'b')];
    for (const name of [aName, bName]) this.read.add(`${name}.log`);
    const logs = await attempt(() => readWorkerLogs(this.workDir, [aName, bName]));
    if (!logs.ok) return logs;
    this.checks.view(groupView(group, logs.value));
    const { [aName]: a = [], [bName]: b = [] } = beforeFirstStop(logs.value);
    return { ok: true, value: { a, b, all: [...logs.value[aName]!, ...logs.value[bName]!] } };
  }

  /** The law that `dups-<name>.txt` is what the dups counter prints for the two logs of `group`. */
  async dupsReport(step: Step, name: string, group: string, all: WorkerEvent[]) {
    const file = `dups-${name}.txt`;
    const saved = await this.file(file);
    const counted = formatReport(countDuplicates(all));
    const ok = saved.ok && saved.value.trim() === counted;
    this.steps.law(step, {
      id: 'dups-report',
      ok,
      expected: this.t.dupsExpected({ file, a: `${workerName(group, 'a')}.log`, b: `${workerName(group, 'b')}.log` }),
      found: !saved.ok ? saved.problem : ok ? this.t.dupsSame() : this.t.dupsSays({ first: saved.value.trim().split('\n')[0]!.slice(0, 80) }),
      hint: this.t.hintDups({ file }),
      evidence: counted.split('\n'),
    });
  }

  figure(name: string, value: number | string) {
    this.checks.figure(name, value);
  }
}

/** Steps 2 and 3: a and b of `group` on the pay topic, b joined while a worked; returns what the steps' own laws need. */
async function joinLaws(ctx: Context, step: 2 | 3, group: string) {
  const { t, tt } = ctx;
  const logs = await ctx.logs(group);
  if (!logs.ok) {
    ctx.steps.law(step, { id: 'logs', ok: false, expected: t.logsExpected({ group }), found: logs.problem, hint: t.hintLogs({ group }) });
    return null;
  }
  const { a, b, all } = logs.value;
  const h = handover(a, b, PAY.partitions, 'classic');
  const joined = h.handedOver && h.firstOfB !== undefined;
  ctx.steps.law(step, {
    id: 'join-mid-stream',
    ok: joined,
    expected: t.joinExpected(),
    found: t.joinFound({
      revoked: h.revoke ? partitionList(h.revoke.partitions) : t.nothing(),
      bGot: h.bAssigned ? partitionList(h.bAssigned.partitions) : t.nothing(),
      bFirst: h.firstOfB ? showEvent(h.firstOfB).slice(13) : t.nothing(),
    }),
    hint: !all.some((e) => e.kind === 'processed')
      ? t.hintNewGroup()
      : !h.revoke
        ? b.some((e) => e.kind === 'processed') ? t.hintSameGroup() : t.hintStartB()
        : h.handedOver ? t.hintJoinEarlier() : t.hintStartB(),
    evidence: evidenceOf([h.revoke, h.aAfter, h.bAssigned, h.firstOfB]),
  });
  const missing = unprocessed(all, PAY.partitions, PAY.perPartition);
  ctx.steps.law(step, {
    id: 'all-processed',
    ok: missing.length === 0,
    expected: tt.allProcessedExpected({ messages: PAY.partitions * PAY.perPartition }),
    found: missing.length === 0 ? tt.allProcessed() : tt.neverProcessed({ missing: missing.join(', ') }),
    hint: t.hintAll(),
  });
  return joined ? { h, all } : null;
}

const STEP_CHECKS: Record<Step, (ctx: Context) => Promise<void>> = {
  async 1(ctx) {
    const { t } = ctx;
    const topic = ctx.topic.pay;
    const text = await ctx.file('pay-offsets.txt');
    const rows = new Map<number, number>();
    for (const line of text.ok ? text.value.split('\n') : []) {
      const match = /^(.+):(\d+):(\d+)$/.exec(line.trim());
      if (match?.[1] === topic) rows.set(Number(match[2]), Number(match[3]));
    }
    const found = !text.ok ? text.problem : rows.size === 0 ? t.noTopicLine({ topic }) : [...rows].map(([p, end]) => `${topic}:${p}:${end}`).join(', ');
    const partitions = ctx.steps.law(1, {
      id: 'two-partitions',
      ok: rows.size === PAY.partitions && rows.has(0) && rows.has(1),
      expected: t.partitionsExpected({ topic, n: PAY.partitions }),
      found,
      hint: text.ok && rows.size > 0 ? t.hintPartitions() : t.hintOffsetsFile(),
    });
    if (!partitions) return;
    ctx.steps.law(1, {
      id: 'messages',
      ok: [...rows.values()].every((end) => end === PAY.perPartition),
      expected: t.messagesExpected({ n: PAY.perPartition, total: PAY.partitions * PAY.perPartition }),
      found,
      hint: [...rows.values()].every((end) => end === 0) ? t.hintSavedBeforeFill() : t.hintCount(),
    });
  },

  async 2(ctx) {
    const { t } = ctx;
    const seen = await joinLaws(ctx, 2, 'nocommit');
    if (!seen) return;
    const { h, all } = seen;
    const { moved, committedAtRevoke, lastByA, firstOfB } = h;
    const revokeCommit = first(h.inRevoke, 'commit');
    ctx.steps.law(2, {
      id: 'restart-at-last-commit',
      ok: firstOfB!.offset === committedAtRevoke,
      expected: t.restartExpected({ moved, committed: committedAtRevoke }),
      found: t.bFirst({ offset: firstOfB!.offset }),
      hint: revokeCommit ? t.hintNoRevokeCommit() : t.hintRestart(),
      evidence: evidenceOf([h.lastCommitLine, h.lastProcessedLine, h.revoke, revokeCommit, firstOfB]),
    });
    const ranges = rangesOf(countDuplicates(all));
    const only = ranges.length === 1 ? ranges[0]! : undefined;
    // A revoke right after a commit leaves nothing uncommitted: then nothing is processed twice.
    const ok =
      (lastByA < committedAtRevoke && ranges.length === 0) ||
      (only?.partition === moved && only.from === committedAtRevoke && only.to === lastByA && only.times === 2);
    ctx.steps.law(2, {
      id: 'duplicates',
      ok,
      expected: t.duplicatesExpected({ moved, from: committedAtRevoke, to: lastByA }),
      found: t.twice({ ranges: ranges.map(rangeText).join(', ') || t.none() }),
      hint: revokeCommit ? t.hintNoRevokeCommit() : t.hintRestart(),
    });
    ctx.figure('nocommit.duplicates', Math.max(0, lastByA - committedAtRevoke + 1));
    await ctx.dupsReport(2, 'nocommit', 'nocommit', all);
  },

  async 3(ctx) {
    const { t } = ctx;
    const seen = await joinLaws(ctx, 3, 'revcommit');
    if (!seen) return;
    const { h, all } = seen;
    const { moved, committedAtRevoke, lastByA, firstOfB } = h;
    const revokeCommit = first(h.inRevoke, 'commit', (e) => e.offsets.some((o) => o.partition === moved));
    const committed = revokeCommit?.offsets.find((o) => o.partition === moved)?.offset;
    // A revoke right after a regular commit finds nothing uncommitted: the worker then commits nothing, rightly.
    const alreadyCommitted = revokeCommit === undefined && committedAtRevoke === lastByA + 1;
    ctx.steps.law(3, {
      id: 'commit-on-revoke',
      ok: committed === lastByA + 1 || alreadyCommitted,
      expected: t.revokeCommitExpected({ moved, next: lastByA + 1 }),
      found: alreadyCommitted ? t.committedBefore({ moved, offset: committedAtRevoke }) : t.committed({ what: committed === undefined ? t.nothing() : `p${moved}=${committed}` }),
      hint: t.hintRevokeCommit(),
      evidence: evidenceOf([h.lastProcessedLine, h.revoke, revokeCommit, h.aAfter]),
    });
    const report = countDuplicates(all);
    ctx.steps.law(3, {
      id: 'no-duplicates',
      ok: firstOfB!.offset === lastByA + 1 && report.duplicates === 0,
      expected: t.noDuplicatesExpected({ moved, next: lastByA + 1 }),
      found: t.handedFound({ offset: firstOfB!.offset, ranges: rangesOf(report).map(rangeText).join(', ') || t.none() }),
      hint: t.hintRevokeCommit(),
      evidence: evidenceOf([h.lastProcessedLine, h.revoke, revokeCommit, firstOfB]),
    });
    ctx.figure('revcommit.duplicates', report.duplicates);
    await ctx.dupsReport(3, 'revcommit', 'revcommit', all);
  },

  async 4(ctx) {
    const { t } = ctx;
    const story = await maxpollStory(ctx, 4);
    if (!story) return;
    const { b, all, work, failed, gone } = story;
    const { slow, maxpoll, done } = work;
    const interval = maxpoll ? Number(MAXPOLL.exec(maxpoll.text)![1]) : NaN;
    ctx.steps.law(4, {
      id: 'maxpoll-leave',
      ok: slow !== undefined && maxpoll !== undefined && done !== undefined && maxpoll.time <= done.time && work.silentMs >= interval - SLACK_MS,
      expected: t.leaveExpected({ offset: SLOW.slowAt }),
      found: !slow ? t.neverSlow({ offset: SLOW.slowAt }) : !maxpoll ? t.noMaxpoll() : t.maxpollFound({ ms: work.silentMs, interval }),
      hint: !slow ? t.hintSlow() : t.hintMaxpoll(),
      evidence: evidenceOf([slow, maxpoll, done]),
    });
    const bOnSlow = first(b, 'processed', (e) => e.offset === SLOW.slowAt);
    ctx.steps.law(4, {
      id: 'b-takes-over',
      ok: bOnSlow !== undefined && done !== undefined && bOnSlow.time < done.time,
      expected: t.takeOverExpected({ offset: SLOW.slowAt }),
      found: bOnSlow ? t.bOnSlow({ b: showEvent(bOnSlow).slice(0, 12), a: done ? showEvent(done).slice(0, 12) : t.nothing() }) : t.bNeverSlow({ offset: SLOW.slowAt }),
      hint: t.hintB(),
      evidence: evidenceOf([slow, maxpoll, bOnSlow, done]),
    });
    ctx.steps.law(4, {
      id: 'late-commit-fails',
      ok: failed?.error === 'UNKNOWN_MEMBER_ID' && failed.offsets.some((o) => o.partition === 0 && o.offset === SLOW.slowAt + 1),
      expected: t.lateExpected({ next: SLOW.slowAt + 1 }),
      found: failed ? showEvent(failed).slice(13) : t.noFailedCommit(),
      hint: t.hintMaxpoll(),
      evidence: evidenceOf([done, failed]),
    });
    ctx.steps.law(4, {
      id: 'lost-not-revoked',
      ok: gone?.kind === 'lost',
      expected: t.lostExpected(),
      found: gone ? showEvent(gone).slice(13) : t.nothing(),
      hint: t.hintMaxpoll(),
      evidence: evidenceOf([slow, maxpoll, gone]),
    });
    if (maxpoll) ctx.figure('maxPollLeaveAfterMs', work.silentMs);
    await ctx.dupsReport(4, 'maxpoll', 'slow', all);
  },

  async 5(ctx) {
    const { t } = ctx;
    const file = 'maxpoll.txt';
    const text = await ctx.file(file);
    const answers = new Map<string, string>();
    const problems: string[] = [];
    for (const line of text.ok ? text.value.split('\n').map((l) => l.trim()).filter(Boolean) : []) {
      const match = /^([a-z_]+)\s*=\s*(.*)$/.exec(line);
      if (!match || !(ANSWER_KEYS as readonly string[]).includes(match[1]!)) problems.push(t.unexpectedLine({ line: line.slice(0, 60) }));
      else if (answers.has(match[1]!)) problems.push(t.givenTwice({ key: match[1]! }));
      else answers.set(match[1]!, match[2]!.trim());
    }
    const missing = ANSWER_KEYS.filter((k) => !answers.has(k));
    if (text.ok && missing.length) problems.push(t.missingKeys({ keys: missing.join(', ') }));
    ctx.steps.law(5, {
      id: 'answers',
      ok: text.ok && problems.length === 0,
      expected: t.answersExpected({ file, keys: ANSWER_KEYS.join(', ') }),
      found: !text.ok ? text.problem : problems.join('; ') || t.answersOk(),
      hint: t.hintAnswers({ file }),
    });
    if (answers.size === 0) return;
    const story = await maxpollStory(ctx, 5);
    if (!story) return;
    const { work, failed, gone, all } = story;
    const truth: Record<(typeof ANSWER_KEYS)[number], { value: string | undefined; hint: string }> = {
      exceeded_by_ms: { value: work.maxpoll ? MAXPOLL.exec(work.maxpoll.text)![2] : undefined, hint: t.hintExceeded() },
      commit_error: { value: failed?.error, hint: t.hintCommitError() },
      processed_twice: { value: rangesOf(countDuplicates(all)).map((r) => (r.from === r.to ? `${r.from}` : `${r.from}..${r.to}`)).join(',') || 'none', hint: t.hintTwice() },
      a_callback: { value: gone?.kind, hint: t.hintCallback() },
    };
    for (const key of ANSWER_KEYS) {
      const given = answers.get(key);
      if (given === undefined) continue;
      const { value, hint } = truth[key];
      ctx.steps.law(5, {
        id: key.replaceAll('_', '-'),
        ok: value !== undefined && given.replaceAll(' ', '') === value,
        expected: value === undefined ? t.noEvidence({ key }) : t.answerExpected({ key }),
        found: `${key}=${given}`,
        hint,
      });
    }
  },
};

/**
 * The max.poll story of step 4's logs (slow-a.log and slow-b.log): a's slow work on offset 3 and the MAXPOLL line
 * after it, a's failed late commit, and whether p0 was lost or revoked. Step 5 reads the same logs to check the
 * answers; unreadable logs fail `step` naming them.
 */
async function maxpollStory(ctx: Context, step: 4 | 5) {
  const logs = await ctx.logs('slow');
  if (!logs.ok) {
    ctx.steps.law(step, { id: 'logs', ok: false, expected: ctx.t.logsExpected({ group: 'slow' }), found: logs.problem, hint: ctx.t.hintSlowLogs({ step }) });
    return null;
  }
  const { a, b, all } = logs.value;
  const work = slowWork(a, SLOW.slowAt, (text) => MAXPOLL.test(text));
  const afterSlow = work.slow ? a.slice(a.indexOf(work.slow)) : [];
  const afterDone = work.done ? a.slice(a.indexOf(work.done)) : [];
  return {
    b,
    all,
    work,
    failed: first(afterDone, 'commit-failed'),
    gone: afterSlow.find((e): e is Extract<WorkerEvent, { kind: 'lost' | 'revoked' }> => (e.kind === 'lost' || e.kind === 'revoked') && e.partitions.includes(0)),
  };
}
