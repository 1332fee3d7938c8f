import { textsIn, type Lang } from '@kafka-labs/i18n';
import { MESSAGES } from './messages.ts';
import { is, type Shape } from './shape.ts';
import type { Check, Figures, Grade, View } from './verdict.ts';

/** Longest evidence line or found-text a check keeps; a grader never echoes more of what it read. */
export const EXCERPT_CHARS = 200;
/** Most evidence lines a failed check keeps. */
export const EVIDENCE_LINES = 20;
/** Longest message a check keeps (a law's expected, found and hint together). */
const MESSAGE_CHARS = EXCERPT_CHARS * 4;

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

/** Line breaks, other control characters (but tab) and lone surrogates: what must not reach a report line. */
const UNPRINTABLE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` as one printable line of at most `max` characters: line breaks and control characters become spaces (a
 * terminal or an XML report gets none of them), a lone surrogate U+FFFD, and a cut is marked with an ellipsis.
 */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  const line = text.replace(UNPRINTABLE, (c) => (c.length === 1 && c >= '\ud800' && c <= '\udfff' ? '\ufffd' : ' '));
  if (line.length <= max) return line;
  // Never cut a surrogate pair in two.
  const cut = /[\ud800-\udbff]/.test(line[max - 2] ?? '') ? max - 2 : max - 1;
  return `${line.slice(0, cut)}…`;
}

/** The one-line message of a law in `lang`: what it expects, what was found, and on failure the hint. */
export function lawMessage(law: Pick<Law, 'ok' | 'expected' | 'found' | 'hint'>, lang: Lang = 'en'): string {
  const t = textsIn(MESSAGES, lang);
  const parts = { expected: law.expected, found: excerpt(law.found) };
  return excerpt(!law.ok && law.hint ? t.lawWithHint({ ...parts, hint: law.hint }) : t.law(parts), MESSAGE_CHARS);
}

/**
 * Collects the checks of one grading, its messages in `lang` (the grader's own texts are the lab's to choose). Every
 * law is checked (grading stops at nothing); evidence is kept only for failures, cut to EVIDENCE_LINES lines of
 * EXCERPT_CHARS characters.
 */
export class Checks {
  constructor(readonly lang: Lang = 'en') {}
  readonly list: Check[] = [];
  readonly figures: Figures = {};
  /** What a live grader read from outside the run folder (the broker, the proxy): result.json's `live`. */
  readonly readings: Figures = {};
  /** What the report draws of this grading (see View). */
  readonly views: View[] = [];

  /** Records a law and returns whether it holds. */
  law(law: Law): boolean {
    const id = excerpt(law.scope ? `${law.scope}-${law.id}` : law.id);
    const evidence = law.ok ? [] : boundedEvidence(law.evidence ?? [], this.lang);
    this.list.push({
      id,
      ok: law.ok,
      message: lawMessage(law, this.lang),
      expected: excerpt(law.expected, MESSAGE_CHARS),
      found: excerpt(law.found),
      ...(law.hint && !law.ok ? { hint: excerpt(law.hint, MESSAGE_CHARS) } : {}),
      ...(evidence.length ? { evidence } : {}),
    });
    return law.ok;
  }

  /** Records a check whose message says it all (for checks that are not laws of the experiment, e.g. a file's shape). */
  expect(id: string, ok: boolean, message: string, evidence?: readonly string[]): boolean {
    const kept = ok ? [] : boundedEvidence(evidence ?? [], this.lang);
    this.list.push({ id: excerpt(id), ok, message: excerpt(message, MESSAGE_CHARS), ...(kept.length ? { evidence: kept } : {}) });
    return ok;
  }

  figure(name: string, value: Figures[string]): void {
    this.figures[excerpt(name)] = boundedFigure(value);
  }

  /** Records one thing a live grader read outside the run folder (`payments.endOffset`: 3), so that a platform can show it. */
  live(name: string, value: Figures[string]): void {
    this.readings[excerpt(name)] = boundedFigure(value);
  }

  /** Records a picture of what the grader read, built from the values its checks used. */
  view<V extends View>(view: V): void {
    this.views.push(view);
  }

  grade(): Grade {
    return {
      lang: this.lang,
      checks: this.list,
      figures: this.figures,
      ...(Object.keys(this.readings).length ? { live: this.readings } : {}),
      ...(this.views.length ? { views: this.views } : {}),
    };
  }
}

/** Most items of a list figure a result keeps. */
const FIGURE_ITEMS = 100;

/** A figure as a result keeps it: a string as an excerpt, a list of at most FIGURE_ITEMS excerpts or numbers. */
export function boundedFigure(value: Figures[string]): Figures[string] {
  if (typeof value === 'string') return excerpt(value);
  if (Array.isArray(value)) return value.slice(0, FIGURE_ITEMS).map((v) => (typeof v === 'string' ? excerpt(v) : v));
  return value;
}

/** The shape of figures a run recorded (run.json `figures`): names to numbers, strings, booleans, null or lists of numbers and strings. */
export const figuresShape: Shape<Figures> = is.record(
  is.oneOf(is.number, is.string, is.boolean, is.null, is.array(is.oneOf(is.number, is.string))),
) as Shape<Figures>;

function boundedEvidence(lines: readonly string[], lang: Lang): string[] {
  const kept = lines.slice(0, EVIDENCE_LINES).map((line) => excerpt(line));
  if (lines.length > EVIDENCE_LINES) kept.push(textsIn(MESSAGES, lang).moreLines({ n: lines.length - EVIDENCE_LINES }));
  return kept;
}
