import { GRADER_MESSAGES, type LabResult } from '@kafka-labs/grader';
import { textsIn, titleIn, type TextsOf } from '@kafka-labs/i18n';
import { MESSAGES } from './messages.ts';
import { el, trusted, type Child, type Markup } from './markup.ts';
import { CSS } from './style.ts';

/** What the page says about the lab besides its result: its id, title (in English and Korean) and track. */
export interface LabInfo {
  id: string;
  title: string;
  ko: { title: string };
  track?: string;
}

/** One picture of the page with what explains it. */
export interface Section {
  title: string;
  intro?: Child;
  figures: { svg: Markup; caption?: string }[];
  legend?: { swatch: Markup; text: string }[];
  after?: Child;
}

/** A legend swatch: a small picture of how something is drawn. */
export const swatch = (...children: Child[]) => el('svg', { viewBox: '0 0 26 14', 'aria-hidden': 'true' }, children);

type PageTexts = TextsOf<typeof MESSAGES>;

function checks(result: LabResult, t: PageTexts): Markup {
  if (result.checks.length === 0) return el('p', { class: 'note' }, t.nothingGraded());
  return el(
    'ul',
    { class: 'checks' },
    result.checks.map((c) =>
      el(
        'li',
        { class: c.ok ? 'check check-ok' : 'check check-failed', 'data-check': c.id },
        el('span', { class: c.ok ? 'mark-ok' : 'mark-failed' }, c.ok ? '✔ ' : '✘ '),
        el('span', { class: 'check-id' }, c.id),
        ': ',
        c.message,
        c.evidence?.length ? el('pre', {}, c.evidence.join('\n')) : null,
      ),
    ),
  );
}

function figures(result: LabResult, t: PageTexts): Markup | null {
  const entries = Object.entries(result.figures);
  if (entries.length === 0) return null;
  return el(
    'table',
    { class: 'figures' },
    el('tr', {}, el('th', {}, t.figure()), el('th', {}, t.value())),
    entries.map(([name, value]) => el('tr', { 'data-figure': name }, el('td', { class: 'check-id' }, name), el('td', {}, Array.isArray(value) ? value.join(', ') : String(value)))),
  );
}

function section(s: Section): Markup {
  return el(
    'section',
    { class: 'picture' },
    el('h2', {}, s.title),
    s.intro ? el('p', {}, s.intro) : null,
    s.figures.map((f) => el('figure', {}, f.svg, f.caption ? el('figcaption', {}, f.caption) : null)),
    s.legend?.length ? el('ul', { class: 'legend' }, s.legend.map((l) => el('li', {}, l.swatch, l.text))) : null,
    s.after ?? null,
  );
}

/** The whole report in the result's language: one HTML file with its style inline and no script, font or image fetched from anywhere. */
export function reportPage(lab: LabInfo, result: LabResult, sections: Section[], sources: string[]): string {
  const t = textsIn(MESSAGES, result.lang);
  const verdict = result.verdict;
  const verdictWord = textsIn(GRADER_MESSAGES, result.lang).verdictWord({ verdict });
  const started = result.startedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const page = el(
    'html',
    { lang: result.lang },
    el(
      'head',
      {},
      el('meta', { charset: 'utf-8' }),
      el('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      el('meta', { 'http-equiv': 'Content-Security-Policy', content: "default-src 'none'; style-src 'unsafe-inline'; img-src data:" }),
      el('title', {}, `${lab.id}: ${verdictWord}`),
      el('style', {}, trusted(CSS)),
    ),
    el(
      'body',
      {},
      el(
        'main',
        {},
        el('h1', {}, `${lab.id}: ${titleIn(lab, result.lang)}`),
        el('p', { class: 'meta' }, el('span', { class: `verdict verdict-${verdict}` }, verdictWord), ` ${t.meta({ track: lab.track, started, seconds: (result.durationMs / 1000).toFixed(1) })}`),
        el('h2', {}, t.verdictHeading()),
        checks(result, t),
        figures(result, t),
        sections.map(section),
        el('footer', {}, sources.length ? t.sources({ files: sources.join(', ') }) : t.noPicture()),
      ),
    ),
  );
  return `<!doctype html>\n${page.text}\n`;
}
