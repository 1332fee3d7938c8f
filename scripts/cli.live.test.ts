import { runPnpm as pnpm } from '@kafka-labs/lab-kit/testing';
import { expect, test } from 'vitest';

test('pnpm kafka runs Kafka\'s own tool with its own options', () => {
  const result = pnpm('kafka', 'kafka-topics', '--version');
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/^4\.3\.1/);
});

test('a tool that rejects its options prints its one-line error and where its options are, not a Java stack trace', () => {
  const result = pnpm('kafka', 'kafka-topics', '--bogus-flag');
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    "bogus-flag is not a recognized option\n(the Java stack trace is left out; pnpm kafka kafka-topics --help lists the tool's options)",
  );
});
