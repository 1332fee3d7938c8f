import { describe, expect, test } from 'vitest';
import { formatJson, formatJunit, formatText } from './reporters.ts';
import { EXIT_CODES, verdictOf, type LabResult } from './verdict.ts';

const result = (checks: LabResult['checks']): LabResult => ({
  lab: '01-x',
  lang: 'en',
  verdict: verdictOf(checks),
  startedAt: '2026-01-02T03:04:05.000Z',
  durationMs: 1500,
  checks,
  figures: { duplicates: 3, partitions: ['p0', 'p1'] },
});

describe('verdicts and exit codes', () => {
  test('pass when every check holds (0), fail when one does not (1), unknown when nothing was checked (2)', () => {
    const pass = verdictOf([{ id: 'a', ok: true, message: '' }]);
    const fail = verdictOf([{ id: 'a', ok: true, message: '' }, { id: 'b', ok: false, message: '' }]);
    const unknown = verdictOf([]);
    expect([pass, fail, unknown]).toEqual(['pass', 'fail', 'unknown']);
    expect([EXIT_CODES[pass], EXIT_CODES[fail], EXIT_CODES[unknown]]).toEqual([0, 1, 2]);
  });
});

describe('the reporters', () => {
  const failed = result([
    { id: 'ok-law', ok: true, message: 'it held' },
    { id: 'bad-law', ok: false, message: 'expected 1, found 2', evidence: ['line one', 'line two'] },
  ]);

  test('text: one line per check, evidence indented under a failure, figures, the verdict last', () => {
    expect(formatText(failed).split('\n')).toEqual([
      '✔ ok-law: it held',
      '✘ bad-law: expected 1, found 2',
      '    line one',
      '    line two',
      'figures:',
      '  duplicates: 3',
      '  partitions: p0, p1',
      'verdict: FAIL (01-x)',
    ]);
  });

  test('text on a terminal: coloured marks and verdict line, otherwise the same words', () => {
    const text = formatText(failed, { color: true });
    expect(text.split('\n')[0]).toBe('\x1b[32m✔\x1b[0m ok-law: it held');
    expect(text.split('\n').at(-1)).toBe('\x1b[1;31mverdict: FAIL (01-x)\x1b[0m');
    expect(text.replace(/\x1b\[[\d;]*m/g, '')).toBe(formatText(failed));
  });

  test('text shows what a live grader read apart from the figures', () => {
    const text = formatText({ ...failed, live: { 'payments.endOffset': 3 } });
    expect(text).toContain('live (read from the running broker and proxy, not from the folder):\n  payments.endOffset: 3\nverdict:');
  });

  test('text in Korean: the same checks, figures and marks, Korean labels and verdict word', () => {
    expect(formatText({ ...failed, lang: 'ko', live: { 'payments.endOffset': 3 } }).split('\n').slice(-6)).toEqual([
      '수치:',
      '  duplicates: 3',
      '  partitions: p0, p1',
      'live (폴더가 아니라 실행 중인 브로커와 프록시에서 읽은 값):',
      '  payments.endOffset: 3',
      '판정: 실패 (01-x)',
    ]);
  });
  test('JSON is the result itself', () => {
    expect(JSON.parse(formatJson(failed))).toEqual(failed);
  });

  test('JUnit: one testcase per check, a failure with its message and evidence, counts and time', () => {
    const xml = formatJunit(failed);
    expect(xml).toContain('<testsuites tests="2" failures="1" errors="0">');
    expect(xml).toContain('<testsuite name="01-x" tests="2" failures="1" errors="0" time="1.500" timestamp="2026-01-02T03:04:05.000Z">');
    expect(xml).toContain('<testcase classname="01-x" name="ok-law"></testcase>');
    expect(xml).toContain('<properties><property name="lang" value="en"/></properties>');
    expect(xml).toContain('<failure message="expected 1, found 2">expected 1, found 2\nline one\nline two</failure>');
  });

  test('JUnit escapes markup and quotes in ids, messages and evidence', () => {
    const xml = formatJunit(result([{ id: 'a<b>&"c\'', ok: false, message: 'found <tag attr="x"> & \'y\'', evidence: ['</failure><x>'] }]));
    expect(xml).toContain('name="a&lt;b&gt;&amp;&quot;c&apos;"');
    expect(xml).toContain('message="found &lt;tag attr=&quot;x&quot;&gt; &amp; &apos;y&apos;"');
    expect(xml).toContain('&lt;/failure&gt;&lt;x&gt;</failure>');
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });

  test('JUnit replaces what XML cannot hold even escaped', () => {
    const xml = formatJunit(result([{ id: 'a', ok: false, message: 'bell \x07 and \ud800 half' }]));
    expect(xml).toContain('message="bell \ufffd and \ufffd half"');
  });

  test('JUnit of several runs: one testsuite each, counts over all', () => {
    const xml = formatJunit([failed, result([{ id: 'x', ok: true, message: '' }])]);
    expect(xml).toContain('<testsuites tests="3" failures="1" errors="0">');
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
  });

  const steps = [
    { step: 1, title: 'A topic & its messages' },
    { step: 2, title: 'A member joins' },
  ];
  const exercise = (checks: LabResult['checks'], more: Partial<LabResult> = {}): LabResult => ({ ...result(checks), steps, ...more });

  test('JUnit of an exercise: one testcase per step, named by its title, the step\'s checks inside', () => {
    const xml = formatJunit(
      exercise([
        { id: 'step-1-topic', ok: true, message: 'two partitions' },
        { id: 'step-1-count', ok: true, message: '1000 messages' },
        { id: 'step-2-dups', ok: false, message: 'no duplicates. Hint: start b sooner', evidence: ['dups: 0'] },
      ]),
    );
    expect(xml).toContain('<testsuites tests="2" failures="1" errors="0">');
    expect(xml).toContain('<testcase classname="01-x" name="A topic &amp; its messages">\n      <system-out>✔ step-1-topic: two partitions\n✔ step-1-count: 1000 messages</system-out>');
    expect(xml).toContain('<testcase classname="01-x" name="A member joins">\n      <failure message="no duplicates. Hint: start b sooner">no duplicates. Hint: start b sooner\ndups: 0</failure>');
  });

  test('JUnit of one step (--step): the step\'s testcase with the check\'s duration; a broken environment is an error, not a failure', () => {
    const one = formatJunit(exercise([{ id: 'step-2-dups', ok: true, message: 'ok' }], { step: 2, title: 'A member joins', durationMs: 42 }));
    expect(one).toContain('<testcase classname="01-x" name="A member joins" time="0.042">');
    expect(one).toContain('<property name="step" value="2"/>');
    const broken = exercise([{ id: 'environment', ok: false, message: 'the environment is broken, not your work: no broker' }], {
      step: 1,
      title: 'A topic & its messages',
      verdict: 'unknown',
    });
    const xml = formatJunit(broken);
    expect(xml).toContain('<testsuites tests="1" failures="0" errors="1">');
    expect(xml).toContain('name="A topic &amp; its messages"');
    expect(xml).toContain('<error message="the environment is broken, not your work: no broker">');
    expect(xml).not.toContain('<failure');
  });
});
