import type { LabResult } from './verdict.ts';

const MARK = { true: '✔', false: '✘' } as const;

/** Human report: one line per check, evidence indented under failures, the verdict last. */
export function formatText(result: LabResult): string {
  const lines = result.checks.flatMap((c) => [
    `${MARK[`${c.ok}`]} ${c.id}: ${c.message}`,
    ...(c.evidence ?? []).map((e) => `    ${e}`),
  ]);
  const figures = Object.entries(result.figures).map(([k, v]) => `  ${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
  return [
    ...lines,
    ...(figures.length ? ['figures:', ...figures] : []),
    `verdict: ${result.verdict.toUpperCase()} (${result.lab})`,
  ].join('\n');
}

export function formatJson(result: LabResult): string {
  return JSON.stringify(result, null, 2);
}

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** JUnit XML: one testsuite per lab, one testcase per check, failures carry message and evidence. */
export function formatJunit(result: LabResult): string {
  const failures = result.checks.filter((c) => !c.ok).length;
  const cases = result.checks.map((c) => {
    const open = `    <testcase classname="${xml(result.lab)}" name="${xml(c.id)}">`;
    if (c.ok) return `${open}</testcase>`;
    const body = xml([c.message, ...(c.evidence ?? [])].join('\n'));
    return `${open}\n      <failure message="${xml(c.message)}">${body}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${result.checks.length}" failures="${failures}">`,
    `  <testsuite name="${xml(result.lab)}" tests="${result.checks.length}" failures="${failures}" time="${(result.durationMs / 1000).toFixed(3)}" timestamp="${xml(result.startedAt)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
