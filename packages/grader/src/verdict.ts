import type { Lang } from '@kafka-labs/i18n';

/** The outcome of grading: every check passed, one failed, or grading could not decide. */
export type Verdict = 'pass' | 'fail' | 'unknown';

export const EXIT_CODES: Record<Verdict, 0 | 1 | 2> = { pass: 0, fail: 1, unknown: 2 };

/** One law checked against a run folder; `evidence` holds the minimal lines that prove a failure. */
export interface Check {
  id: string;
  ok: boolean;
  message: string;
  /** For a law: what holds when it holds, and what the run showed (both also in `message`). */
  expected?: string;
  found?: string;
  /** For a failed law: what to do or look at. */
  hint?: string;
  evidence?: string[];
}

export type Figures = Record<string, number | string | boolean | null | (number | string)[]>;

/**
 * A typed view of what a grader read, for the report to draw (`kind` names its picture, see @kafka-labs/report/views):
 * the picture comes from the same reading of the run folder as the checks, so the two cannot disagree.
 */
export interface View {
  kind: string;
  /** The run folder's files it was read from, for the page to name. */
  files: string[];
}

/** What a lab's grader returns for a run folder. */
export interface Grade {
  /** The language its messages are written in (what `--lang` chose); check ids and figures are the same in every one. */
  lang: Lang;
  checks: Check[];
  figures: Figures;
  /** What a live grader (manifest `live: true`) read outside the run folder, e.g. a topic's end offset on the broker. */
  live?: Figures;
  /** What the report draws, in order; never written to result.json (see formatJson). */
  views?: View[];
}

/** One step of an exercise as a result names it: its number (from 1) and its title in the result's language. */
export interface StepTitle {
  step: number;
  title: string;
}

/** The result of grading a run folder; result.json holds it without `views`. */
export interface LabResult extends Grade {
  lab: string;
  verdict: Verdict;
  startedAt: string;
  /** The run's duration (run.json), or, for a folder without one and for a single step, how long the grading took. */
  durationMs: number;
  /** With `--step N`: the step graded and its title (a course platform's check names it). */
  step?: number;
  title?: string;
  /** For an exercise: its steps in order, which group the checks `step-<n>-*` (JUnit: one testcase per step). */
  steps?: StepTitle[];
}

/** pass when there are checks and all hold, fail when one does not, unknown when there are none. */
export function verdictOf(checks: Check[]): Verdict {
  if (checks.length === 0) return 'unknown';
  return checks.every((c) => c.ok) ? 'pass' : 'fail';
}
