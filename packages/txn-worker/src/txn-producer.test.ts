import { spawnSync } from 'node:child_process';
import { programArgs } from '@kafka-labs/build';
import { describe, expect, it } from 'vitest';
import { TXN_PRODUCER_CLI } from './paths.ts';
import { parseTxnProducerArgs } from './txn-producer.ts';

const run = (...args: string[]) => spawnSync(process.execPath, [...programArgs(TXN_PRODUCER_CLI), ...args], { encoding: 'utf8' });
const base = ['--name', 'p', '--topic', 't', '--transactional-id', 'tx', '--count', '5'];

describe('txn-producer', () => {
  it('takes one outcome per transaction, in order', () => {
    expect(parseTxnProducerArgs([...base, '--outcomes', 'abort,commit'])).toMatchObject({ count: 5, first: 0, outcomes: ['abort', 'commit'] });
  });

  it('starts at the order --first names', () => {
    expect(parseTxnProducerArgs([...base, '--first', '5', '--outcomes', 'commit'])).toMatchObject({ count: 5, first: 5 });
  });

  it('prints its flags for --help', () => {
    const { status, stdout } = run('--help');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^usage: txn-producer --name NAME/);
    expect(stdout).toContain('--outcomes VALUE');
  });

  it('answers an unknown outcome with one line and exit code 2', () => {
    const { status, stdout, stderr } = run(...base, '--outcomes', 'abort,rollback');
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("txn-producer: --outcomes 'abort,rollback' must list commit or abort, separated by commas (not 'rollback')\n");
  });
});
