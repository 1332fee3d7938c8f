import { existsSync, mkdtempSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createRunFolder, latestRunFolder, markLatest } from './run-folders.ts';

describe('run folders', () => {
  beforeEach(() => {
    process.env.KAFKA_LABS_RUNS = mkdtempSync(join(tmpdir(), 'runs-'));
  });
  afterEach(() => {
    delete process.env.KAFKA_LABS_RUNS;
  });

  test('a run folder is runs/<lab>/<UTC time stamp>, and latest does not move when it is created', () => {
    const dir = createRunFolder('01-x', new Date('2026-01-02T03:04:05.678Z'));
    expect(dir).toBe(join(process.env.KAFKA_LABS_RUNS!, '01-x', '20260102T030405Z'));
    expect(existsSync(dir)).toBe(true);
    expect(existsSync(latestRunFolder('01-x'))).toBe(false);
  });

  test('two runs of a lab that start in the same second get folders of their own', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const first = createRunFolder('01-x', at);
    expect(createRunFolder('01-x', at)).toBe(`${first}-2`);
    expect(createRunFolder('01-x', at)).toBe(`${first}-3`);
  });

  test('markLatest points latest at a finished run, replacing the previous link', () => {
    const first = createRunFolder('01-x', new Date('2026-01-02T03:04:05Z'));
    markLatest(first);
    const second = createRunFolder('01-x', new Date('2026-01-02T03:05:00Z'));
    expect(readlinkSync(latestRunFolder('01-x'))).toBe(basename(first));
    markLatest(second);
    expect(readlinkSync(latestRunFolder('01-x'))).toBe(basename(second));
    expect(dirname(latestRunFolder('01-x'))).toBe(dirname(second));
  });
});
