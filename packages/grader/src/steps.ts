import { textsIn } from '@kafka-labs/i18n';
import type { Checks, Law } from './checks.ts';
import { MESSAGES } from './messages.ts';

/** One step of an exercise as a grading saw it: its checks and the lines of evidence the step produced (the report's steps view). */
export interface StepRow {
  step: number;
  title: string;
  checks: { id: string; ok: boolean }[];
  evidence: string[];
}

/** The steps of an exercise's manifest (`exercise.steps`), as much of them as a grader needs: the titles in both languages. */
export interface ExerciseSteps {
  exercise?: { steps: { title: string; ko: { title: string } }[] };
}

/**
 * An exercise's step checks over one Checks: a law of step n has the id `step-<n>-<id>` and its expectation is headed by
 * the step and its title (from the manifest, in the grading's language); each step graded is one row of the report's
 * steps view, with its checks and what they found.
 */
export class StepChecks {
  private readonly rows = new Map<number, StepRow>();

  constructor(
    private readonly checks: Checks,
    private readonly manifest: ExerciseSteps,
  ) {}

  /** The title of step n (from 1) in the grading's language. */
  title(step: number): string {
    const entry = this.manifest.exercise?.steps[step - 1];
    if (!entry) throw new Error(`the manifest has no exercise step ${step}`);
    return this.checks.lang === 'ko' ? entry.ko.title : entry.title;
  }

  /** Records one law of `step`; returns whether it holds. */
  law(step: number, law: Omit<Law, 'scope'>): boolean {
    const title = this.title(step);
    const expected = textsIn(MESSAGES, this.checks.lang).stepLaw({ step, title, expected: law.expected });
    const ok = this.checks.law({ ...law, scope: `step-${step}`, expected });
    const row = this.rows.get(step) ?? { step, title, checks: [], evidence: [] };
    row.checks.push({ id: `step-${step}-${law.id}`, ok });
    row.evidence.push(law.found, ...(law.evidence ?? []));
    this.rows.set(step, row);
    return ok;
  }

  /** The rows of the steps graded, in step order. */
  steps(): StepRow[] {
    return [...this.rows.values()].sort((x, y) => x.step - y.step);
  }
}
