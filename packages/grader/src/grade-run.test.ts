import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { failureReason, gradeRun } from './grade-run.ts';
import { EXIT_CODES } from './verdict.ts';

const folder = mkdtempSync(join(tmpdir(), 'grade-run-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const lab = { id: 'some-exercise', graderScript: join(import.meta.dirname, 'fixtures', 'broker-down-grader.ts') };

describe('gradeRun with a broken environment', () => {
  test('is unknown (exit 2) with an environment check that says it is not the work', async () => {
    const result = await gradeRun(lab, folder, { step: 1 });
    expect(result.verdict).toBe('unknown');
    expect(EXIT_CODES[result.verdict]).toBe(2);
    expect(result.checks).toEqual([expect.objectContaining({ id: 'environment', ok: false })]);
    expect(failureReason(result)).toBe('the environment is broken, not your work: the broker at localhost:9092 does not answer (pnpm broker up)');
  });

  test('says so in Korean too', async () => {
    const result = await gradeRun(lab, folder, { step: 1, lang: 'ko' });
    expect(failureReason(result)).toMatch(/^과제가 아니라 실행 환경에 문제가 있어요: the broker/);
  });
});

describe('gradeRun of one step of an exercise', () => {
  const exercise = {
    id: 'some-exercise',
    graderScript: join(import.meta.dirname, 'fixtures', 'step-grader.ts'),
    exercise: { steps: [{ title: 'First', ko: { title: '첫째' } }, { title: 'Second', ko: { title: '둘째' } }] },
  };

  test('names the step and its title in the language asked, and times the check itself', async () => {
    const result = await gradeRun(exercise, folder, { step: 2, lang: 'ko' });
    expect(result).toMatchObject({ verdict: 'pass', step: 2, title: '둘째', steps: [{ step: 1, title: '첫째' }, { step: 2, title: '둘째' }] });
    expect(result.checks.map((c) => c.id)).toEqual(['step-2-done']);
    expect(result.durationMs).toBeGreaterThanOrEqual(25);
  });

  test('a whole grading of a folder without run.json lasts as long as the grading, not 0', async () => {
    const result = await gradeRun(exercise, folder);
    expect(result.step).toBeUndefined();
    expect(result.checks).toHaveLength(2);
    expect(result.durationMs).toBeGreaterThanOrEqual(25);
  });
});
