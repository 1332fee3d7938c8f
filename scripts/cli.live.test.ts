import { runPnpm as pnpm } from '@kafka-labs/lab-kit/testing';
import { expect, test } from 'vitest';

test('pnpm kafka runs Kafka\'s own tool with its own options', () => {
  const result = pnpm('kafka', 'kafka-topics', '--version');
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/^4\.3\.1/);
});
