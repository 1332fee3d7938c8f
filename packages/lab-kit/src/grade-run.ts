import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertRunFolder, formatText, GradeError, verdictOf, type Grade, type LabResult } from '@kafka-labs/grader';
import type { RunInfo } from './lab.ts';
import type { LabEntry } from './registry.ts';

/** What a grading is asked for; a lab that grades step by step returns only the checks of `step`, others ignore it. */
export interface GradeOptions {
  /** A step number from 1, for course platforms that gate a lab step by step. */
  step?: number;
}

/** A lab's grade.ts default-exports this: it reads only the run folder and returns the checked laws. */
export type Grader = (runDir: string, options?: GradeOptions) => Promise<Grade>;

/**
 * Grades a run folder with the lab's own grader. A folder that does not exist is a GradeError
 * (a usage error for the caller); a missing or unreadable file inside it is a failed check.
 */
export async function gradeRun(entry: LabEntry, runDir: string, options: GradeOptions = {}): Promise<LabResult> {
  assertRunFolder(runDir);
  const info = await readRunInfo(runDir);
  const grader = (await import(pathToFileURL(entry.graderScript).href)).default as Grader;
  let grade: Grade;
  try {
    grade = await grader(runDir, options);
  } catch (err) {
    if (!(err instanceof GradeError)) throw err;
    grade = { checks: [{ id: 'run-folder', ok: false, message: err.message }], figures: {} };
  }
  return {
    lab: entry.id,
    verdict: verdictOf(grade.checks),
    startedAt: info?.startedAt ?? new Date().toISOString(),
    durationMs: info?.durationMs ?? 0,
    checks: grade.checks,
    figures: { ...info?.figures, ...grade.figures },
  };
}

async function readRunInfo(runDir: string): Promise<RunInfo | null> {
  const file = join(runDir, 'run.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as RunInfo;
  } catch {
    return null;
  }
}

/** The first failed check's message, what a course platform shows the learner; null when the verdict is pass. */
export function failureReason(result: LabResult): string | null {
  if (result.verdict === 'pass') return null;
  return result.checks.find((c) => !c.ok)?.message ?? `${result.lab}: nothing was graded`;
}

/** What `pnpm grade` prints: a first line `FAIL: <reason>` unless the verdict is pass, then the text report. */
export function formatReport(result: LabResult): string {
  const reason = failureReason(result);
  return `${reason ? `FAIL: ${reason}\n` : ''}${formatText(result)}`;
}
