import { describe, expect, test } from 'vitest';
import { Checks } from './checks.ts';
import { StepChecks } from './steps.ts';

const manifest = {
  exercise: {
    steps: [
      { title: 'Create the topic', ko: { title: '토픽 만들기' } },
      { title: 'Count the duplicates', ko: { title: '중복 세기' } },
    ],
  },
};

describe('StepChecks', () => {
  test("a step's law is check step-<n>-<id>, its expectation headed by the step and its title", () => {
    const checks = new Checks();
    const steps = new StepChecks(checks, manifest);
    expect(steps.law(2, { id: 'duplicates', ok: false, expected: '61 twice', found: '0 twice', hint: 'b joins later' })).toBe(false);
    expect(checks.list[0]).toMatchObject({ id: 'step-2-duplicates', ok: false, message: 'step 2 (Count the duplicates): 61 twice (0 twice). Hint: b joins later' });
  });

  test('in Korean the title is the Korean one', () => {
    const checks = new Checks('ko');
    new StepChecks(checks, manifest).law(1, { id: 'topic', ok: true, expected: '파티션 2개', found: '2개' });
    expect(checks.list[0]!.message).toBe('1단계 (토픽 만들기): 파티션 2개 (2개)');
  });

  test('the rows are the steps graded in step order, each with its checks and what they found', () => {
    const steps = new StepChecks(new Checks(), manifest);
    steps.law(2, { id: 'b', ok: true, expected: 'e', found: 'found b', evidence: ['line'] });
    steps.law(1, { id: 'a', ok: false, expected: 'e', found: 'found a', evidence: ['why'] });
    expect(steps.steps()).toEqual([
      { step: 1, title: 'Create the topic', checks: [{ id: 'step-1-a', ok: false }], evidence: ['found a', 'why'] },
      { step: 2, title: 'Count the duplicates', checks: [{ id: 'step-2-b', ok: true }], evidence: ['found b', 'line'] },
    ]);
  });

  test('a step the manifest does not have is an error of the grader', () => {
    expect(() => new StepChecks(new Checks(), manifest).law(3, { id: 'x', ok: true, expected: 'e', found: 'f' })).toThrow(/no exercise step 3/);
  });
});
