import { gradeAltered, gradeWithout, runPnpm } from '@kafka-labs/lab-kit';
import { beforeAll, describe, expect, test } from 'vitest';

describe('00-hello', () => {
  beforeAll(() => {
    const run = runPnpm('lab', '00-hello');
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  test('the run passes and its result.json says so', () => {
    const graded = runPnpm('grade', '00-hello', '--json');
    expect(graded.status).toBe(0);
    expect(JSON.parse(graded.stdout)).toMatchObject({ lab: '00-hello', verdict: 'pass' });
  });

  test('a dump whose librdkafka batch lost its producer id fails the idempotence check', () => {
    const graded = gradeAltered('00-hello', 'dump.txt', (dump) => dump.replace(/producerId: \d+/, 'producerId: -1'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ idempotent-batch-has-producer-id: the librdkafka batch has producerId -1/);
  });

  test('a run folder without its dump fails naming the missing file', () => {
    const graded = gradeWithout('00-hello', 'dump.txt');
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: dump.txt is missing from the run folder/);
  });
});
