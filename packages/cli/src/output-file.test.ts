import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { UsageError } from './errors.ts';
import { writeFlagFile } from './output-file.ts';

test('writes the file a flag names', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'flag-file-')), 'x.xml');
  writeFlagFile('--junit', file, '<testsuites/>');
  expect(readFileSync(file, 'utf8')).toBe('<testsuites/>');
});

test.each([
  ['/nonexistent/x.xml', '--junit /nonexistent/x.xml: cannot write it: its folder /nonexistent does not exist'],
  [tmpdir(), `--junit ${tmpdir()}: cannot write it: it is a folder`],
])('a file it cannot write (%s) is one line naming the path', (file, line) => {
  expect(() => writeFlagFile('--junit', file, 'x')).toThrow(new UsageError(line));
});
