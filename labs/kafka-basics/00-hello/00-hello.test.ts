import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyLatestRun, runPnpm } from '@kafka-labs/lab-kit';
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
    const dir = copyLatestRun('00-hello');
    const dump = join(dir, 'dump.txt');
    writeFileSync(dump, readFileSync(dump, 'utf8').replace(/producerId: \d+/, 'producerId: -1'));
    const graded = runPnpm('grade', '00-hello', dir);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ idempotent-batch-has-producer-id: the librdkafka batch has producerId -1/);
  });

  test('a run folder without its dump fails naming the missing file', () => {
    const dir = copyLatestRun('00-hello');
    rmSync(join(dir, 'dump.txt'));
    const graded = runPnpm('grade', '00-hello', dir);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: dump.txt is missing from the run folder/);
  });
});
