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
