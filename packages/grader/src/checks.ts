import type { Check, Figures, Grade } from './verdict.ts';

/**
 * Collects the checks of one grading: `expect` records a law with the message that explains it
 * either way; evidence is kept only for failures. Grading stops at nothing: every law is checked.
 */
export class Checks {
  readonly list: Check[] = [];
  readonly figures: Figures = {};

  expect(id: string, ok: boolean, message: string, evidence?: string[]): boolean {
    this.list.push({ id, ok, message, ...(ok || !evidence?.length ? {} : { evidence }) });
    return ok;
  }

  figure(name: string, value: Figures[string]): void {
    this.figures[name] = value;
  }

  grade(): Grade {
    return { checks: this.list, figures: this.figures };
  }
}
