import { readFileSync } from 'node:fs';
import { attempt, Checks, StepChecks, type ExerciseSteps, type GradeOptions } from '@kafka-labs/grader';
import { textsIn, type TextsOf } from '@kafka-labs/i18n';
import { readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import { copies, describeCopies, durableOffset, eventIdOf, eventsOf, orderIds, readConsole, transactionalIdOf } from '@kafka-labs/kafka-exactly-once/evidence';
import type { StepsView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

const MANIFEST = JSON.parse(readFileSync(new URL('./manifest.json', import.meta.url), 'utf8')) as ExerciseSteps;
const STEPS = [1, 2, 3, 4] as const;
type Step = (typeof STEPS)[number];
type Texts = TextsOf<typeof MESSAGES>;
/** The input: 10 orders, E-0001 ... E-0010, on one partition; the pipeline works in batches of 5. */
const ORDERS = orderIds(10);


/**
 * One run of the pipeline as its two logs show it: `<name>-1` killed with SIGKILL at a pause, `<name>-2` restarted with
 * the same flags; what the first had made durable (its group's offset) when it died, and what the second started at.
 */
interface PipelineRun {
  name: string;
  killed: TxnEvent[];
  restarted: TxnEvent[];
  commit: string | undefined;
  /** The input offset the killed worker had committed for its group when it died (0 without a commit). */
  durable: number;
  /** Where the restarted worker began: the group's committed offset. */
  startedAt: number | undefined;
  /** The orders the killed worker wrote to the output past its durable offset: what the restart writes again. */
  redone: string[];
  /** True when the killed worker paused and left no `stopping` line: it was killed, not stopped. */
  killedAtPause: boolean;
  /** True when the restarted worker reached the end of the input (its durable offset, or where it started, is 10). */
  finished: boolean;
}

/**
 * Grades the learner's work folder (or a solution run folder) step by step, from the files each step saves there: the
 * pipeline's logs (a run killed at a pause, then restarted) and its output read back with the console consumer. Reads
 * the files as text and never runs them; with `step`, returns only that step's checks.
 */
export default async function grade(workDir: string, options: GradeOptions = {}) {
  const checks = new Checks(options.lang);
  const ctx = { workDir, steps: new StepChecks(checks, MANIFEST), t: textsIn(MESSAGES, checks.lang), read: new Set<string>() };
  for (const step of STEPS.filter((s) => options.step === undefined || s === options.step)) await STEP_CHECKS[step](ctx);
  checks.view({ kind: 'steps', files: [...ctx.read], steps: ctx.steps.steps() } satisfies StepsView);
  return checks.grade();
}

interface Context {
  workDir: string;
  steps: StepChecks;
  t: Texts;
  read: Set<string>;
}

async function pipelineRun(ctx: Context, step: Step, name: string): Promise<PipelineRun | null> {
  const files = [`${name}-1.log`, `${name}-2.log`];
  for (const file of files) ctx.read.add(file);
  const logs = await attempt(() => Promise.all([readTxnLog(ctx.workDir, `${name}-1`), readTxnLog(ctx.workDir, `${name}-2`)]));
  if (!logs.ok) {
    ctx.steps.law(step, { id: `${name}-logs`, ok: false, expected: ctx.t.logsExpected({ a: files[0]!, b: files[1]! }), found: logs.problem, hint: ctx.t.hintLogs({ name }) });
    return null;
  }
  const [killed, restarted] = logs.value;
  const commit = eventsOf(killed, 'started')[0]?.settings.commit;
  const durable = durableOffset(killed, commit ?? '') ?? 0;
  const startedAt = eventsOf(restarted, 'starting-at')[0]?.offsets.find((o) => o.partition === 0)?.offset;
  const redone = eventsOf(killed, 'produced').map((e) => e.id).filter((id) => ORDERS.indexOf(id) >= durable);
  return {
    name,
    killed,
    restarted,
    commit,
    durable,
    startedAt,
    redone,
    killedAtPause: eventsOf(killed, 'paused').length > 0 && eventsOf(killed, 'stopping').length === 0,
    finished: startedAt === ORDERS.length || durableOffset(restarted, eventsOf(restarted, 'started')[0]?.settings.commit ?? '') === ORDERS.length,
  };
}

/** The laws every run shares: killed with SIGKILL at its pause, restarted at its group's offset, through to the end. */
function killAndRestartLaws(ctx: Context, step: Step, run: PipelineRun) {
  const { t } = ctx;
  const paused = eventsOf(run.killed, 'paused')[0];
  ctx.steps.law(step, {
    id: `${run.name}-killed`,
    ok: run.killedAtPause,
    expected: t.killedExpected({ name: `${run.name}-1` }),
    found: paused ? (run.killedAtPause ? t.killedFound({ after: paused.after }) : t.stoppedFound()) : t.noPause(),
    hint: paused ? t.hintKill9() : t.hintPause(),
  });
  ctx.steps.law(step, {
    id: `${run.name}-restarted`,
    ok: run.startedAt === run.durable && run.finished,
    expected: t.restartedExpected({ name: `${run.name}-2`, offset: run.durable }),
    found: t.restartedFound({ at: run.startedAt === undefined ? '-' : String(run.startedAt), finished: run.finished }),
    hint: run.startedAt !== run.durable ? t.hintSameGroup() : t.hintWaitEnd(),
  });
}

/** Reads a saved console-consumer output: the event ids it holds, in offset order. */
async function output(ctx: Context, step: Step, id: string, file: string): Promise<string[] | null> {
  ctx.read.add(file);
  const records = await attempt(() => readConsole(ctx.workDir, file));
  if (!records.ok) {
    ctx.steps.law(step, { id, ok: false, expected: ctx.t.outputExpected({ file }), found: records.problem, hint: ctx.t.hintOutput({ file }) });
    return null;
  }
  return records.value.map((r) => eventIdOf(r.value));
}

/** The law that the output holds every order once, but `twice` twice (what `expected` says, by default a redone batch). */
function copiesLaw(ctx: Context, step: Step, id: string, file: string, ids: string[], twice: string[], hint: string, expected?: string) {
  const counts = copies(ids);
  const ok = counts.size === ORDERS.length && ORDERS.every((order) => counts.get(order) === (twice.includes(order) ? 2 : 1));
  ctx.steps.law(step, {
    id,
    ok,
    expected: expected ?? (twice.length ? ctx.t.twiceExpected({ file, ids: twice.join(' ') }) : ctx.t.onceExpected({ file })),
    found: ORDERS.some((order) => !counts.has(order)) ? ctx.t.missing({ ids: ORDERS.filter((o) => !counts.has(o)).join(' ') }) : describeCopies(ids),
    hint,
  });
}

const STEP_CHECKS: Record<Step, (ctx: Context) => Promise<void>> = {
  async 1(ctx) {
    const { t } = ctx;
    const run = await pipelineRun(ctx, 1, 'sync');
    if (!run) return;
    ctx.steps.law(1, {
      id: 'sync-at-least-once',
      ok: run.commit === 'sync',
      expected: t.commitExpected({ name: 'sync-1', commit: 'sync' }),
      found: `commit=${run.commit ?? '-'}`,
      hint: t.hintStep1Commit(),
    });
    killAndRestartLaws(ctx, 1, run);
    const ids = await output(ctx, 1, 'sync-duplicates', 'out-sync.txt');
    if (ids) copiesLaw(ctx, 1, 'sync-duplicates', 'out-sync.txt', ids, run.redone, run.finished ? t.hintReadAfter() : t.hintWaitEnd());
  },

  async 2(ctx) {
    const { t } = ctx;
    const run = await pipelineRun(ctx, 2, 'txn');
    if (!run) return;
    const ids = [transactionalIdOf(run.killed), transactionalIdOf(run.restarted)];
    ctx.steps.law(2, {
      id: 'txn-stable-id',
      ok: run.commit === 'after-txn' && ids[0] !== undefined && ids[0] === ids[1],
      expected: t.stableIdExpected(),
      found: t.idsFound({ commit: run.commit ?? '-', a: ids[0] ?? '-', b: ids[1] ?? '-' }),
      hint: run.commit !== 'after-txn' ? t.hintAfterTxn() : t.hintStableId(),
    });
    killAndRestartLaws(ctx, 2, run);
    const output2 = await output(ctx, 2, 'txn-each-once', 'out-txn.txt');
    if (output2) copiesLaw(ctx, 2, 'txn-each-once', 'out-txn.txt', output2, [], run.finished ? t.hintIsolation() : t.hintWaitEnd());
  },

  async 3(ctx) {
    const { t } = ctx;
    const gap = await pipelineRun(ctx, 3, 'gap');
    if (gap) {
      const afterCommit = eventsOf(gap.killed, 'committed').length === 2;
      ctx.steps.law(3, {
        id: 'gap-after-commit',
        ok: gap.commit === 'after-txn' && afterCommit && gap.durable < ORDERS.length,
        expected: t.gapExpected(),
        found: t.gapFound({ commit: gap.commit ?? '-', committed: eventsOf(gap.killed, 'committed').length, durable: gap.durable }),
        hint: t.hintGap(),
      });
      killAndRestartLaws(ctx, 3, gap);
      const ids = await output(ctx, 3, 'gap-duplicates', 'out-gap.txt');
      if (ids) copiesLaw(ctx, 3, 'gap-duplicates', 'out-gap.txt', ids, gap.redone, gap.finished ? t.hintReadAfter() : t.hintWaitEnd());
    }
    const eos = await pipelineRun(ctx, 3, 'eos');
    if (!eos) return;
    const sent = eventsOf(eos.killed, 'sent-offsets');
    ctx.steps.law(3, {
      id: 'eos-offsets-in-transaction',
      ok: eos.commit === 'transaction' && sent.length > 0 && eventsOf(eos.killed, 'committed').length === 2,
      expected: t.inTransactionExpected(),
      found: t.inTransactionFound({ commit: eos.commit ?? '-', sent: sent.length, committed: eventsOf(eos.killed, 'committed').length }),
      hint: eos.commit === 'transaction' ? t.hintGap() : t.hintTransactionMode(),
    });
    killAndRestartLaws(ctx, 3, eos);
    const ids = await output(ctx, 3, 'eos-each-once', 'out-eos.txt');
    if (ids) copiesLaw(ctx, 3, 'eos-each-once', 'out-eos.txt', ids, [], t.hintTransactionMode());
  },

  async 4(ctx) {
    const { t } = ctx;
    const run = await pipelineRun(ctx, 4, 'txn');
    if (!run) return;
    const ids = await output(ctx, 4, 'aborted-visible', 'out-txn-uncommitted.txt');
    if (!ids) return;
    // The killed worker's open transaction was aborted, not removed: a read_uncommitted reader gets its records too.
    const file = 'out-txn-uncommitted.txt';
    copiesLaw(ctx, 4, 'aborted-visible', file, ids, run.redone, t.hintUncommitted(), t.abortedExpected({ file, ids: run.redone.join(' ') }));
  },
};
