import type { Check, Figures, Grade } from './verdict.ts';

/** Longest evidence line or found-text a check keeps; a grader never echoes more of what it read. */
export const EXCERPT_CHARS = 200;
/** Most evidence lines a failed check keeps. */
export const EVIDENCE_LINES = 20;

/**
 * One law as a grader states it. `id` is a literal, never a template, so that a grep of a failing check's id finds
 * its law; laws checked once per variant of a lab share the id and differ by `scope` (check id `<scope>-<id>`).
 */
export interface Law {
  id: string;
  /** The variant the law is checked for (e.g. `nocommit`); the check id becomes `<scope>-<id>`. */
  scope?: string;
  ok: boolean;
  /** What holds when the law holds, as a sentence: `b starts p1 at 200, the offset a last committed`. */
  expected: string;
  /** What the run folder shows, short: `b's first: offset 300`. */
  found: string;
  /** What to do or to look at when the law fails, for a learner. */
  hint?: string;
  /** The minimal lines that prove a failure (kept only when the law fails). */
  evidence?: readonly string[];
}

/** `text` cut to `max` characters, with an ellipsis that says it was cut. */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The one-line message of a law: what it expects, what was found, and on failure the hint. */
export function lawMessage(law: Pick<Law, 'ok' | 'expected' | 'found' | 'hint'>): string {
  const found = excerpt(law.found);
  return `${law.expected} (${found})${!law.ok && law.hint ? `. Hint: ${law.hint}` : ''}`;
}

/**
 * Collects the checks of one grading. Every law is checked (grading stops at nothing); evidence is kept only for
 * failures, cut to EVIDENCE_LINES lines of EXCERPT_CHARS characters.
 */
export class Checks {
  readonly list: Check[] = [];
  readonly figures: Figures = {};

  /** Records a law and returns whether it holds. */
  law(law: Law): boolean {
    const id = law.scope ? `${law.scope}-${law.id}` : law.id;
    const evidence = law.ok ? [] : boundedEvidence(law.evidence ?? []);
    this.list.push({
      id,
      ok: law.ok,
      message: lawMessage(law),
      expected: law.expected,
      found: excerpt(law.found),
      ...(law.hint && !law.ok ? { hint: law.hint } : {}),
      ...(evidence.length ? { evidence } : {}),
    });
    return law.ok;
  }

  /** Records a check whose message says it all (for checks that are not laws of the experiment, e.g. a file's shape). */
  expect(id: string, ok: boolean, message: string, evidence?: readonly string[]): boolean {
    const kept = ok ? [] : boundedEvidence(evidence ?? []);
    this.list.push({ id, ok, message: excerpt(message, EXCERPT_CHARS * 4), ...(kept.length ? { evidence: kept } : {}) });
    return ok;
  }

  figure(name: string, value: Figures[string]): void {
    this.figures[name] = value;
  }

  grade(): Grade {
    return { checks: this.list, figures: this.figures };
  }
}

function boundedEvidence(lines: readonly string[]): string[] {
  const kept = lines.slice(0, EVIDENCE_LINES).map((line) => excerpt(line));
  if (lines.length > EVIDENCE_LINES) kept.push(`… ${lines.length - EVIDENCE_LINES} more line(s)`);
  return kept;
}
