import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { REPO_ROOT } from '@kafka-labs/lab-kit';
import { runPnpm } from '@kafka-labs/lab-kit/testing';
import { expect, test } from 'vitest';
import { indexedReadmes } from './lab-index.ts';

test.each(indexedReadmes().map(({ file, text }) => [relative(REPO_ROOT, file), file, text]))(
  'the lab index of %s is the one the manifests generate (run pnpm lab-index to refresh it)',
  (_, file, text) => {
    expect(readFileSync(file, 'utf8')).toBe(text);
  },
);

test('pnpm lab-index with an argument is a usage error and writes nothing', () => {
  const mtimes = () => indexedReadmes().map(({ file }) => statSync(file).mtimeMs);
  const before = mtimes();
  const result = runPnpm('lab-index', 'bogus');
  expect(result.status).toBe(2);
  expect(result.stderr).toBe('error: unexpected argument "bogus" (pnpm lab-index takes none)');
  expect(mtimes()).toEqual(before);
});
