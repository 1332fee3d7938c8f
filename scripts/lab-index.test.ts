import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@kafka-labs/lab-kit';
import { expect, test } from 'vitest';
import { withIndex } from './lab-index.ts';

test('the README lab index is the one the manifests generate (run pnpm lab-index to refresh it)', () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  expect(readme).toBe(withIndex(readme));
});
