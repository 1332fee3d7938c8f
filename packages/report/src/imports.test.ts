import { fileURLToPath } from 'node:url';
import { externalImports } from '@kafka-labs/lab-kit/testing';
import { expect, test } from 'vitest';

test('writing a report loads no playwright: its modules take longer to load than the picture takes', () => {
  const index = fileURLToPath(new URL('./index.ts', import.meta.url));
  expect([...externalImports(index)]).not.toContain('playwright-core');
  expect([...externalImports(fileURLToPath(new URL('./browser.ts', import.meta.url)))]).toContain('playwright-core');
});
