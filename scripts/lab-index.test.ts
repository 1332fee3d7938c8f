import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@kafka-labs/lab-kit';
import { expect, test } from 'vitest';
import { README_OF, withIndex } from './lab-index.ts';
import type { Lang } from '@kafka-labs/i18n';

test.each(Object.entries(README_OF) as [Lang, string][])('the %s lab index of %s is the one the manifests generate (run pnpm lab-index to refresh it)', (lang, name) => {
  const readme = readFileSync(join(REPO_ROOT, name), 'utf8');
  expect(readme).toBe(withIndex(readme, lang));
});
