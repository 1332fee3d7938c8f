import { spawnSync } from 'node:child_process';
import { programArgs } from '@kafka-labs/build';
import { describe, expect, it } from 'vitest';
import { TXN_WORKER_CLI } from './paths.ts';

const run = (...args: string[]) => spawnSync(process.execPath, [...programArgs(TXN_WORKER_CLI), ...args], { encoding: 'utf8' });

describe('txn-worker CLI', () => {
  it('prints its flags for --help', () => {
    const { status, stdout } = run('--help');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^usage: txn-worker --name NAME/);
    expect(stdout).toContain('--pause-after VALUE');
    expect(stdout).toContain('--commit transaction|after-txn|before-txn|sync|auto');
  });

  it('answers bad input with one line and exit code 2', () => {
    const { status, stdout, stderr } = run('--name', 'a', '--group', 'g', '--input', 't', '--commit', 'after-txn', '--output', 'o');
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('txn-worker: --commit after-txn needs --transactional-id\n');
  });
});
