import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { programArgs } from '@kafka-labs/build';
import { describe, expect, it } from 'vitest';
import { WORKER_CLI } from './paths.ts';

const run = (args: string[]) =>
  spawnSync(process.execPath, [...programArgs(WORKER_CLI), ...args], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  });

describe('worker CLI', () => {
  it('prints its flags on --help and exits 0', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: worker --name NAME --group GROUP --topic TOPIC/);
    expect(result.stdout).toContain('--revoke-commit');
  });

  it('exits 2 with one line on stderr for a bad flag', () => {
    const result = run(['--name', 'a', '--group', 'g', '--topic', 't', '--commit-every', '0']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("worker: --commit-every must be an integer >= 1, not '0'\n");
  });

  it('exits 2 with one line on stderr for a client setting the consumer protocol refuses', () => {
    const result = run(['--name', 'a', '--group', 'g', '--topic', 't', '--group-protocol', 'consumer', '--session-timeout-ms', '6000']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('worker: --session-timeout-ms is a classic-protocol setting: with --group-protocol consumer the broker decides it\n');
  });
});
