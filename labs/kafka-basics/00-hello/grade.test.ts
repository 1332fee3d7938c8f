import { gradeAltered, gradeWithout, runLabOnce, runPnpm, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

describe('00-hello', () => {
  runLabOnce('00-hello');

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

  testRunFolderFailures('00-hello', 'consumed.json');
});
