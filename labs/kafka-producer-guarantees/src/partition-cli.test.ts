import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crc32Partition, murmur2Partition } from './partitions.ts';

const CLI = fileURLToPath(new URL('./partition-cli.ts', import.meta.url));
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('partition CLI', () => {
  it.each([
    ['murmur2', murmur2Partition],
    ['crc32', crc32Partition],
  ] as const)('prints KEY PARTITION for each key under --hash %s', (hash, partition) => {
    const result = run(['--partitions', '6', '--hash', hash, 'user-1', 'user-7']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`user-1 ${partition('user-1', 6)}\nuser-7 ${partition('user-7', 6)}\n`);
  });

  it.each([
    [['--partitions', '6', 'user-1'], 'partition: --hash is required: murmur2 or crc32'],
    [['--partitions', '6', '--hash', 'murmur2'], 'partition: give at least one KEY'],
  ])('exits 2 with one line for %j', (args, message) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${message}\n`);
  });
});
