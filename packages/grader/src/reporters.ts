import { textsIn } from '@kafka-labs/i18n';
import { excerpt } from './checks.ts';
import { MESSAGES } from './messages.ts';
import type { Figures, LabResult, Verdict } from './verdict.ts';

const MARK = { true: '✔', false: '✘' } as const;

export interface TextOptions {
  /** ANSI colour on the marks and the verdict line (for a terminal; callers decide, honouring NO_COLOR). */
  color?: boolean;
}

const ANSI = { green: 32, red: 31, yellow: 33 } as const;
const paint = (on: boolean | undefined, color: keyof typeof ANSI, text: string, bold = false) =>
  on ? `\x1b[${bold ? '1;' : ''}${ANSI[color]}m${text}\x1b[0m` : text;
const VERDICT_COLOR: Record<Verdict, keyof typeof ANSI> = { pass: 'green', fail: 'red', unknown: 'yellow' };

const figureLines = (figures: Figures) =>
  Object.entries(figures).map(([k, v]) => `  ${excerpt(k)}: ${excerpt(Array.isArray(v) ? v.join(', ') : String(v))}`);

/** Human report in the result's language: one line per check, evidence indented under failures, figures, what a live grader read, the verdict last. */
export function formatText(result: LabResult, { color }: TextOptions = {}): string {
  const t = textsIn(MESSAGES, result.lang);
  const lines = result.checks.flatMap((c) => [
    `${paint(color, c.ok ? 'green' : 'red', MARK[`${c.ok}`])} ${c.id}: ${c.message}`,
    ...(c.evidence ?? []).map((e) => `    ${e}`),
  ]);
  const figures = figureLines(result.figures);
  const live = result.live ? figureLines(result.live) : [];
  return [
    ...lines,
    ...(figures.length ? [t.figures(), ...figures] : []),
    ...(live.length ? [t.live(), ...live] : []),
    paint(color, VERDICT_COLOR[result.verdict], t.verdict({ verdict: result.verdict, lab: result.lab }), true),
  ].join('\n');
}

export function formatJson(result: LabResult | LabResult[]): string {
  const withoutViews = ({ views: _, ...rest }: LabResult) => rest;
  return JSON.stringify(Array.isArray(result) ? result.map(withoutViews) : withoutViews(result), null, 2);
}

/** Characters XML 1.0 cannot hold even escaped (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const xml = (s: string) =>
  s
    .replace(NOT_XML, '\ufffd')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * JUnit XML: one testsuite per result (a lab run) with its language as property `lang`, one testcase per check,
 * failures carry message and evidence.
 */
export function formatJunit(results: LabResult | LabResult[]): string {
  const all = Array.isArray(results) ? results : [results];
  const failuresOf = (r: LabResult) => r.checks.filter((c) => !c.ok).length;
  const suites = all.flatMap((result) => {
    const cases = result.checks.map((c) => {
      const open = `    <testcase classname="${xml(result.lab)}" name="${xml(c.id)}">`;
      if (c.ok) return `${open}</testcase>`;
      const body = xml([c.message, ...(c.evidence ?? [])].join('\n'));
      return `${open}\n      <failure message="${xml(c.message)}">${body}</failure>\n    </testcase>`;
    });
    return [
      `  <testsuite name="${xml(result.lab)}" tests="${result.checks.length}" failures="${failuresOf(result)}" time="${(result.durationMs / 1000).toFixed(3)}" timestamp="${xml(result.startedAt)}">`,
      `    <properties><property name="lang" value="${result.lang}"/></properties>`,
      ...cases,
      '  </testsuite>',
    ];
  });
  const tests = all.reduce((n, r) => n + r.checks.length, 0);
  const failures = all.reduce((n, r) => n + failuresOf(r), 0);
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites tests="${tests}" failures="${failures}">`, ...suites, '</testsuites>', ''].join('\n');
}
