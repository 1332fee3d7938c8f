import { resolveLabs } from '@kafka-labs/lab-kit/catalog';
import { runPnpm } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { hintLines } from './hints.ts';

const exercise = {
  id: 'some-exercise',
  exercise: {
    steps: [
      { id: 'one', title: 'First', hints: ['mild', 'strong'], ko: { title: '첫째', hints: ['약하게', '세게'] } },
      { id: 'two', title: 'Second', ko: { title: '둘째' } },
    ],
  },
};

describe('pnpm hint', () => {
  test('the first hint of the step, headed by the step and how to see them all', () => {
    expect(hintLines(exercise, '1', { lang: 'en' })).toEqual(['step 1: First (all 2 hints: --all)', 'mild']);
    expect(hintLines(exercise, '1', { lang: 'ko' })).toEqual(['1단계: 첫째 (힌트 2개 모두 보기: --all)', '약하게']);
  });

  test('--all: every hint, numbered, mildest first', () => {
    expect(hintLines(exercise, '1', { lang: 'en', all: true })).toEqual(['step 1: First', '1. mild', '2. strong']);
  });

  test('a step without hints says so', () => {
    expect(hintLines(exercise, '2', { lang: 'en' })).toEqual(['step 2: Second (this step has no hints)']);
  });

  test.each(['0', '3', 'x', '1.5'])('step %s is a usage error naming the range', (step) => {
    expect(() => hintLines(exercise, step, { lang: 'en' })).toThrow(`step must be a number from 1 to 2, not '${step}'`);
  });

  test('a lab that is not an exercise is a usage error', () => {
    expect(() => hintLines({ id: '00-hello' }, '1', { lang: 'en' })).toThrow('00-hello is not an exercise');
  });

  test('from the command line: the manifest\'s hint, exit 0; a wrong step one line, exit 2', () => {
    const hint = resolveLabs('06-rebalance-exercise')[0]!.exercise!.steps[1]!.hints![0]!;
    const ok = runPnpm('hint', '06-rebalance-exercise', '2');
    expect(ok.status).toBe(0);
    expect(ok.stdout.split('\n')[1]).toBe(hint);
    const bad = runPnpm('hint', '06-rebalance-exercise', '9');
    expect(bad.status).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe("error: step must be a number from 1 to 5, not '9'");
  });
});
