import { describe, expect, test } from 'vitest';
import { Checks, EVIDENCE_LINES, excerpt } from './checks.ts';

describe('Checks.law', () => {
  test('a law that holds keeps its id, says what was expected and found, and drops hint and evidence', () => {
    const checks = new Checks();
    const ok = checks.law({ id: 'b-starts-at-last-commit', scope: 'nocommit', ok: true, expected: 'b starts p1 at 200', found: 'offset 200', hint: 'h', evidence: ['x'] });
    expect(ok).toBe(true);
    expect(checks.list).toEqual([
      { id: 'nocommit-b-starts-at-last-commit', ok: true, message: 'b starts p1 at 200 (offset 200)', expected: 'b starts p1 at 200', found: 'offset 200' },
    ]);
  });

  test('a failed law carries its hint in the message and keeps its evidence', () => {
    const checks = new Checks();
    checks.law({ id: 'one-copy', ok: false, expected: 'one copy of E-42', found: '2 copies', hint: 'turn idempotence on', evidence: ['Offset:1 E-42', 'Offset:3 E-42'] });
    expect(checks.list[0]).toEqual({
      id: 'one-copy',
      ok: false,
      message: 'one copy of E-42 (2 copies). Hint: turn idempotence on',
      expected: 'one copy of E-42',
      found: '2 copies',
      hint: 'turn idempotence on',
      evidence: ['Offset:1 E-42', 'Offset:3 E-42'],
    });
  });

  test('in Korean the hint and the count of lines left out are Korean; id, expected and found are as given', () => {
    const checks = new Checks('ko');
    checks.law({ id: 'one-copy', ok: false, expected: 'E-42가 한 번', found: '2개', hint: '멱등을 켜세요', evidence: Array(EVIDENCE_LINES + 2).fill('x') });
    expect(checks.list[0]).toMatchObject({ id: 'one-copy', message: 'E-42가 한 번 (2개). 힌트: 멱등을 켜세요' });
    expect(checks.list[0]!.evidence!.at(-1)).toBe('… 2줄 더 있음');
    expect(checks.grade().lang).toBe('ko');
  });
  test('what a grader echoes of a run folder is bounded: long lines are cut, many lines are counted', () => {
    const checks = new Checks();
    const line = 'x'.repeat(1_000_000);
    checks.law({ id: 'big', ok: false, expected: 'a short line', found: line, evidence: Array(50).fill(line) });
    const [check] = checks.list;
    expect(check!.found).toHaveLength(200);
    expect(check!.message.length).toBeLessThan(250);
    expect(check!.evidence).toHaveLength(EVIDENCE_LINES + 1);
    expect(check!.evidence!.every((l) => l.length <= 200)).toBe(true);
    expect(check!.evidence!.at(-1)).toBe(`… ${50 - EVIDENCE_LINES} more line(s)`);
  });
});

test('excerpt leaves short text alone and marks a cut', () => {
  expect(excerpt('short')).toBe('short');
  expect(excerpt('abcdef', 4)).toBe('abc…');
});

test('excerpt makes one printable line: no line break, control character or lone surrogate survives, no pair is cut', () => {
  expect(excerpt('a\nb\r\nc\u2028d\x1b[31me\tf')).toBe('a b  c d [31me\tf');
  expect(excerpt('bad \ud800 half')).toBe('bad \ufffd half');
  expect(excerpt('ab😀cd', 4)).toBe('ab…');
});

test('what a file puts into an id, a message or a figure stays on one line', () => {
  const checks = new Checks();
  checks.law({ id: 'x', scope: 'a\nb', ok: false, expected: 'one\nline', found: 'two\nlines', hint: 'h\ni' });
  checks.expect('y', false, 'first\nsecond');
  checks.figure('f', 'x\n'.repeat(1000));
  checks.live('topic.endOffset', 3);
  const grade = checks.grade();
  expect(grade.checks.map((c) => [c.id, c.message])).toEqual([
    ['a b-x', 'one line (two lines). Hint: h i'],
    ['y', 'first second'],
  ]);
  expect(grade.figures.f).toHaveLength(200);
  expect(grade.live).toEqual({ 'topic.endOffset': 3 });
});
