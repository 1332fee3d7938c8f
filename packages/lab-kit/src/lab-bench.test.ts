import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readLabBench, takes, type LabBench } from './lab-bench.ts';
import type { LabEntry } from './registry.ts';

const lab = { id: '01-x', inherent: { seconds: 3, what: 'a 3 s timeout' } } as LabEntry;
const bench = { wall: { median: 7.6, min: 7.1, max: 9 } } as LabBench;

describe('the lab bench file', () => {
  test('gives a lab its measured median beside what it waits by nature, or says it is not benched', () => {
    expect(takes(lab, { '01-x': bench })).toBe('8 s (waits 3 s)');
    expect(takes(lab, {})).toBe('waits 3 s; not benched');
  });

  test('reads as no bench at all when missing, not JSON, not an object, or not a regular file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lab-bench-'));
    const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
    expect(readLabBench(join(dir, 'missing.json'))).toEqual({});
    expect(readLabBench(file('bad.json', '{"01-x": '))).toEqual({});
    expect(readLabBench(file('list.json', '[1]'))).toEqual({});
    mkdirSync(join(dir, 'folder.json'));
    expect(readLabBench(join(dir, 'folder.json'))).toEqual({});
    symlinkSync(file('real.json', JSON.stringify({ '01-x': bench })), join(dir, 'link.json'));
    expect(readLabBench(join(dir, 'link.json'))).toEqual({});
    expect(readLabBench(join(dir, 'real.json'))).toEqual({ '01-x': bench });
  });
});
