import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PRODUCER_CLI } from './paths.ts';

const run = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', PRODUCER_CLI, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('producer CLI', () => {
  it('prints its usage and modes on --help and exits 0', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: producer TOPIC IDEMPOTENCE MODE \[key=value \.\.\.\]/);
    expect(result.stdout).toContain('app-retry');
  });

  it.each([
    [[], 'producer: expected TOPIC IDEMPOTENCE MODE (see --help)'],
    [['t', 'maybe', 'send'], "producer: IDEMPOTENCE must be true or false, not 'maybe'"],
    [['t', 'true', 'burst'], "producer: MODE must be one of send, app-retry, once, stdin, not 'burst'"],
    [['t', 'true', 'send', 'debug'], "producer: 'debug' is not a key=value librdkafka property"],
    [['t', 'true', 'send', 'enable.idempotence=false'], 'producer: give enable.idempotence as the IDEMPOTENCE argument'],
    [['t', 'true', 'send', 'no.such.property=1'], 'producer: librdkafka rejected the configuration: No such configuration property: "no.such.property"'],
  ])('exits 2 with one line on stderr for %j', (args, message) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${message}\n`);
  });
});
