import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { moduleUrl } from '@kafka-labs/build';
import { oneLine } from '@kafka-labs/cli';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { boundedFigure, excerpt } from './checks.ts';
import { MESSAGES } from './messages.ts';
import { assertRunFolder, EnvironmentError, GradeError } from './safe-read.ts';
import { ANY_PARAMETERS, readRunInfo, type RunInfo } from './run-info.ts';
import type { TextOptions } from './reporters.ts';
import { formatText } from './reporters.ts';
import { verdictOf, type Check, type Figures, type Grade, type LabResult, type StepTitle } from './verdict.ts';

/** What a grading is asked for. */
export interface GradeOptions {
  /** A step number from 1, for course platforms that gate a lab step by step; a lab that grades step by step returns only that step's checks. */
  step?: number;
  /** The run script's exit code, when the caller ran it (`pnpm lab`): anything but 0 means the run did not finish. */
  scriptExit?: number;
  /** The language of the messages (English when not given); check ids and verdicts are the same in every one. */
  lang?: Lang;
}

/** A lab's grade.ts default-exports this: it reads only the run folder and returns the checked laws. */
export type Grader = (runDir: string, options?: Pick<GradeOptions, 'step' | 'lang'>) => Promise<Grade>;

/** What gradeRun needs of a lab: its id, its grade.ts and, for an exercise, its steps' titles (a registry entry has all three). */
export interface GradedLab {
  id: string;
  graderScript: string;
  exercise?: { steps: { title: string; ko: { title: string } }[] };
}

/** The steps of an exercise with their titles in `lang`; an empty list for a lab that is not an exercise. */
export function stepTitles(lab: Pick<GradedLab, 'exercise'>, lang: Lang): StepTitle[] {
  return (lab.exercise?.steps ?? []).map((s, i) => ({ step: i + 1, title: lang === 'ko' ? s.ko.title : s.title }));
}

/** run.json of a run folder, or null for a folder without one (a learner's work folder); a broken one is a GradeError. */
async function runInfoIfAny(runDir: string): Promise<RunInfo | null> {
  if (!lstatSync(join(runDir, 'run.json'), { throwIfNoEntry: false })) return null;
  return readRunInfo(runDir, ANY_PARAMETERS);
}

/**
 * Why the run did not finish, or null when it did: run.json's `failure` (the run script's own one line), else an
 * exit code other than 0 from a script the caller ran (killed before it could write its failure).
 */
function unfinished(runDir: string, info: RunInfo | null, scriptExit: number | undefined, lang: Lang): string | null {
  const t = textsIn(MESSAGES, lang);
  if (info?.failure) return t.runDidNotFinish({ reason: info.failure });
  if (scriptExit !== undefined && scriptExit !== 0) return t.scriptDidNotFinish({ code: scriptExit, transcript: join(runDir, 'transcript.txt') });
  return null;
}

const boundedFigures = (figures: Figures = {}): Figures =>
  Object.fromEntries(Object.entries(figures).map(([name, value]) => [excerpt(name), boundedFigure(value)]));

/**
 * Grades a run folder with the lab's own grader. A folder that does not exist is a GradeError (a usage error for
 * the caller); a missing or unreadable file inside it, run.json included, is a failed `run-folder` check; a run that
 * did not finish (see unfinished) has verdict unknown with its reason in a first `run-script` check; a grader that
 * throws an EnvironmentError (the broker unreachable, a tool missing) is an `environment` check with verdict unknown
 * (exit 2, not the learner's fault); one that throws anything else is a `grader` check with verdict unknown. Whatever the folder holds, the result is a
 * LabResult that every reporter can print.
 */
export async function gradeRun(lab: GradedLab, runDir: string, options: GradeOptions = {}): Promise<LabResult> {
  const started = performance.now();
  assertRunFolder(runDir);
  const lang = options.lang ?? 'en';
  let info: RunInfo | null = null;
  let grade: Grade;
  let broken = false;
  try {
    info = await runInfoIfAny(runDir);
    const grader = (await import(moduleUrl(lab.graderScript))).default as Grader;
    grade = await grader(runDir, options.step === undefined ? { lang } : { step: options.step, lang });
  } catch (err) {
    broken = !(err instanceof GradeError);
    const t = textsIn(MESSAGES, lang);
    const check: Check =
      err instanceof EnvironmentError
        ? { id: 'environment', ok: false, message: excerpt(t.environmentBroken({ reason: oneLine(err) }), 800) }
        : broken
          ? { id: 'grader', ok: false, message: excerpt(t.graderFailed({ reason: oneLine(err) }), 800) }
          : { id: 'run-folder', ok: false, message: excerpt((err as GradeError).message, 800) };
    grade = { lang, checks: [check], figures: {} };
  }
  const reason = unfinished(runDir, info, options.scriptExit, lang);
  const checks = reason ? [{ id: 'run-script', ok: false, message: excerpt(reason, 800) }, ...grade.checks] : grade.checks;
  const steps = stepTitles(lab, lang);
  const graded = steps.find((s) => s.step === options.step);
  // A step is checked on its own (a course platform's check): its duration is the check's, not the whole run's.
  const gradingMs = Math.round(performance.now() - started);
  return {
    lab: lab.id,
    lang,
    verdict: reason || broken ? 'unknown' : verdictOf(checks),
    startedAt: info?.startedAt ?? new Date(Date.now() - gradingMs).toISOString(),
    durationMs: Math.max(0, options.step === undefined ? (info?.durationMs ?? gradingMs) : gradingMs),
    ...(graded ? { step: graded.step, title: graded.title } : {}),
    ...(steps.length ? { steps } : {}),
    checks,
    figures: { ...boundedFigures(info?.figures), ...grade.figures },
    ...(grade.live ? { live: grade.live } : {}),
    ...(grade.views && !reason && !broken ? { views: grade.views } : {}),
  };
}

/** The first failed check's message, what a course platform shows the learner; null when the verdict is pass. */
export function failureReason(result: LabResult): string | null {
  if (result.verdict === 'pass') return null;
  return result.checks.find((c) => !c.ok)?.message ?? textsIn(MESSAGES, result.lang).nothingGraded({ lab: result.lab });
}

/** What `pnpm grade` prints: a first line `FAIL: <reason>` unless the verdict is pass, then the text report. */
export function formatReport(result: LabResult, options: TextOptions = {}): string {
  const reason = failureReason(result);
  return `${reason ? `FAIL: ${reason}\n` : ''}${formatText(result, options)}`;
}
