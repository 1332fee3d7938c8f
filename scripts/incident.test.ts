import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPnpm as pnpm } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

// The incident's set-up itself (exit 0 with the incident in place) needs the broker: 08-diagnose.live.test.ts.
describe('pnpm incident refuses what it cannot set up, one line and exit 2, before it starts anything', () => {
  test.each([
    [['08-diagnose'], /^error: .*--work/],
    [['01-revoke', '--work', join(tmpdir(), 'incident-none')], /^error: 01-revoke has no incident to set up$/],
    [['08-diagnose', '--work', join(tmpdir(), 'incident-x'), '--seed', 'abc'], /^error: .*--seed/],
  ])('pnpm incident %j', (args, line) => {
    const result = pnpm('incident', ...args);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toMatch(line);
  });

  test('a work folder that is not empty', () => {
    const work = mkdtempSync(join(tmpdir(), 'incident-'));
    writeFileSync(join(work, 'diagnosis.txt'), 'cause=sink\n');
    const result = pnpm('incident', '08-diagnose', '--work', work);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(`error: ${work} is not empty: give an empty or new folder`);
  });
});
