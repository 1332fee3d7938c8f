// `pnpm grade <exercise> <folder> --step N` as a course platform calls it: exit 0 pass, 1 the work is wrong, 2 a usage
// error (the broken environment's exit 2 is packages/grader's grade-run.test.ts); JSON names the step and its title.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goldenRunFolder, runPnpm } from '@kafka-labs/lab-kit/testing';
import { afterAll, describe, expect, test } from 'vitest';

const LAB = '06-rebalance-exercise';
const broken = mkdtempSync(join(tmpdir(), 'grade-step-'));
cpSync(goldenRunFolder(LAB), broken, { recursive: true });
rmSync(join(broken, 'pay-offsets.txt'));
afterAll(() => rmSync(broken, { recursive: true, force: true }));

describe('pnpm grade --step', () => {
  test('--json: the step, its title in --lang and the check\'s own duration; exit 0 on the golden', () => {
    const result = runPnpm('grade', LAB, goldenRunFolder(LAB), '--step', '2', '--json', '--lang', 'ko');
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ verdict: 'pass', step: 2, title: '처리 도중 구성원이 들어와요: 옮겨 간 파티션은 마지막 commit부터 다시 처리돼요' });
    expect(json.checks.every((c: { id: string }) => c.id.startsWith('step-2-'))).toBe(true);
    // The golden's run took minutes; the check alone takes well under that.
    expect(json.durationMs).toBeLessThan(JSON.parse(readFileSync(join(goldenRunFolder(LAB), 'run.json'), 'utf8')).durationMs);
  });

  test('exit 1 and the FAIL line with the hint when the step\'s work is wrong; a later step is not affected', () => {
    const failed = runPnpm('grade', LAB, broken, '--step', '1');
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/^FAIL: step 1 \(A topic of two partitions with 1000 messages\): .*\. Hint: /);
    expect(runPnpm('grade', LAB, broken, '--step', '2').status).toBe(0);
  });

  test('a step the exercise does not have is one line, exit 2', () => {
    const result = runPnpm('grade', LAB, broken, '--step', '6');
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('error: 06-rebalance-exercise has 5 steps; --step 6 is not one of them');
  });
});
