import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { oneLine } from '@kafka-labs/cli';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import {
  assertRunFolder,
  boundedFigure,
  excerpt,
  figuresShape,
  formatText,
  GradeError,
  is,
  readRunJson,
  verdictOf,
  type Check,
  type Figures,
  type Grade,
  type LabResult,
  type ShapeOf,
  type TextOptions,
} from '@kafka-labs/grader';
import { MESSAGES } from './messages.ts';
import type { LabEntry } from './registry.ts';

/** What a grading is asked for; a lab that grades step by step returns only the checks of `step`, others ignore it. */
export interface GradeOptions {
  /** A step number from 1, for course platforms that gate a lab step by step. */
  step?: number;
  /** The language of the messages (English when not given); check ids and verdicts are the same in every one. */
  lang?: Lang;
}

/** A lab's grade.ts default-exports this: it reads only the run folder and returns the checked laws. */
export type Grader = (runDir: string, options?: GradeOptions) => Promise<Grade>;

/** What gradeRun reads of run.json itself (a grader reads the rest: names, parameters). */
const RUN_INFO = is.object({
  startedAt: is.optional(is.string),
  durationMs: is.optional(is.number),
  figures: is.optional(figuresShape),
  failure: is.optional(is.string),
});
type RunInfoRead = ShapeOf<typeof RUN_INFO>;

/** run.json of a run folder, or null for a folder without one (a learner's work folder); a broken one is a GradeError. */
async function readRunInfo(runDir: string): Promise<RunInfoRead | null> {
  if (!lstatSync(join(runDir, 'run.json'), { throwIfNoEntry: false })) return null;
  const info = await readRunJson(runDir, 'run.json', RUN_INFO);
  if (info.startedAt !== undefined && (info.startedAt.length > 40 || Number.isNaN(Date.parse(info.startedAt)))) {
    throw new GradeError('run.json: startedAt must be a time (ISO 8601)');
  }
  return info;
}

const boundedFigures = (figures: Figures = {}): Figures =>
  Object.fromEntries(Object.entries(figures).map(([name, value]) => [excerpt(name), boundedFigure(value)]));

/**
 * Grades a run folder with the lab's own grader. A folder that does not exist is a GradeError (a usage error for
 * the caller); a missing or unreadable file inside it, run.json included, is a failed `run-folder` check; a run that
 * did not finish (run.json `failure`) has verdict unknown with its reason in a first `run-script` check; a grader
 * that throws anything else is a `grader` check with verdict unknown. Whatever the folder holds, the result is a
 * LabResult that every reporter can print.
 */
export async function gradeRun(entry: LabEntry, runDir: string, options: GradeOptions = {}): Promise<LabResult> {
  assertRunFolder(runDir);
  const lang = options.lang ?? 'en';
  const t = textsIn(MESSAGES, lang);
  let info: RunInfoRead | null = null;
  let grade: Grade;
  let broken = false;
  try {
    info = await readRunInfo(runDir);
    const grader = (await import(pathToFileURL(entry.graderScript).href)).default as Grader;
    grade = await grader(runDir, { ...options, lang });
  } catch (err) {
    broken = !(err instanceof GradeError);
    const check: Check = broken
      ? { id: 'grader', ok: false, message: excerpt(t.graderFailed({ reason: oneLine(err) }), 800) }
      : { id: 'run-folder', ok: false, message: excerpt((err as GradeError).message, 800) };
    grade = { lang, checks: [check], figures: {} };
  }
  const checks = info?.failure
    ? [{ id: 'run-script', ok: false, message: excerpt(t.runDidNotFinish({ reason: info.failure }), 800) }, ...grade.checks]
    : grade.checks;
  return {
    lab: entry.id,
    lang,
    verdict: info?.failure || broken ? 'unknown' : verdictOf(checks),
    startedAt: info?.startedAt ?? new Date().toISOString(),
    durationMs: Math.max(0, info?.durationMs ?? 0),
    checks,
    figures: { ...boundedFigures(info?.figures), ...grade.figures },
    ...(grade.live ? { live: grade.live } : {}),
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
