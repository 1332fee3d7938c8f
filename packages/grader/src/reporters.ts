import { textsIn } from '@kafka-labs/i18n';
import { excerpt } from './checks.ts';
import { MESSAGES } from './messages.ts';
import type { Check, Figures, LabResult, Verdict } from './verdict.ts';

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

/** The step a check belongs to (`step-<n>-<id>`), or null for a check of the whole run (run folder, environment). */
const stepOf = (check: Check): number | null => {
  const match = /^step-(\d+)-/.exec(check.id);
  return match ? Number(match[1]) : null;
};

interface Case {
  name: string;
  checks: Check[];
  time?: number;
}

/**
 * The testcases of one result: for an exercise, one per step graded, named by the step's title, holding the step's
 * checks (with `--step N`, a check of the whole grading, e.g. a broken environment, belongs to that step); otherwise
 * one per check, named by its id.
 */
function casesOf(result: LabResult): Case[] {
  if (!result.steps?.length) return result.checks.map((c) => ({ name: c.id, checks: [c] }));
  const cases = new Map<string, Case>();
  for (const check of result.checks) {
    const n = stepOf(check) ?? result.step ?? null;
    const step = result.steps.find((s) => s.step === n);
    const name = step ? step.title : check.id;
    const entry = cases.get(name) ?? { name, checks: [], ...(step && result.step === step.step ? { time: result.durationMs } : {}) };
    entry.checks.push(check);
    cases.set(name, entry);
  }
  return [...cases.values()];
}

const checkLine = (c: Check) => `${MARK[`${c.ok}`]} ${c.id}: ${c.message}`;

/**
 * JUnit XML: one testsuite per result (a lab run) with its language as property `lang`; one testcase per check, or
 * for an exercise one per step named by the step's title with the step's checks inside (system-out lists them all). A
 * failed check is a `failure` (message: the first failed check's message, its evidence in the body); when the grading
 * could not decide (verdict unknown: a broken environment, a run that did not finish) it is an `error` instead.
 */
export function formatJunit(results: LabResult | LabResult[]): string {
  const all = Array.isArray(results) ? results : [results];
  const per = all.map((result) => ({ result, cases: casesOf(result) }));
  const failed = (c: Case) => c.checks.some((x) => !x.ok);
  const suites = per.flatMap(({ result, cases }) => {
    const kind = result.verdict === 'unknown' ? 'error' : 'failure';
    const xmlCases = cases.map((c) => {
      const time = c.time === undefined ? '' : ` time="${(c.time / 1000).toFixed(3)}"`;
      const open = `    <testcase classname="${xml(result.lab)}" name="${xml(c.name)}"${time}>`;
      const out = result.steps?.length ? `\n      <system-out>${xml(c.checks.map(checkLine).join('\n'))}</system-out>` : '';
      const bad = c.checks.filter((x) => !x.ok);
      if (!bad.length) return out ? `${open}${out}\n    </testcase>` : `${open}</testcase>`;
      const body = xml(bad.flatMap((x) => [x.message, ...(x.evidence ?? [])]).join('\n'));
      return `${open}\n      <${kind} message="${xml(bad[0]!.message)}">${body}</${kind}>${out}\n    </testcase>`;
    });
    const errors = kind === 'error' ? cases.filter(failed).length : 0;
    return [
      `  <testsuite name="${xml(result.lab)}" tests="${cases.length}" failures="${cases.filter(failed).length - errors}" errors="${errors}" time="${(result.durationMs / 1000).toFixed(3)}" timestamp="${xml(result.startedAt)}">`,
      `    <properties><property name="lang" value="${result.lang}"/>${result.step === undefined ? '' : `<property name="step" value="${result.step}"/>`}</properties>`,
      ...xmlCases,
      '  </testsuite>',
    ];
  });
  const tests = per.reduce((n, p) => n + p.cases.length, 0);
  const errors = per.reduce((n, p) => n + (p.result.verdict === 'unknown' ? p.cases.filter(failed).length : 0), 0);
  const failures = per.reduce((n, p) => n + p.cases.filter(failed).length, 0) - errors;
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites tests="${tests}" failures="${failures}" errors="${errors}">`, ...suites, '</testsuites>', ''].join('\n');
}
