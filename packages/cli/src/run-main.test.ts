import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { useColor } from './main.ts';

const TSX = fileURLToPath(import.meta.resolve('tsx'));
const FIXTURE = fileURLToPath(new URL('./fixtures/write-much.ts', import.meta.url));

test('runMain writes all of a large output to a pipe whose reader is slow before it exits', async () => {
  const child = spawn(process.execPath, ['--import', TSX, FIXTURE], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pause();
  // The command has written everything it will write before we read a byte of it.
  await once(child.stderr, 'data');
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stdout.resume();
  const [code] = (await once(child, 'close')) as [number];
  expect(code).toBe(0);
  expect(out.length).toBe(1024 * 1024 + '\nthe last line\n'.length);
  expect(out.endsWith('\nthe last line\n')).toBe(true);
});

describe('useColor', () => {
  test.each([
    [true, {}, true],
    [false, {}, false],
    [true, { NO_COLOR: '1' }, false],
    [true, { TERM: 'dumb' }, false],
    [false, { FORCE_COLOR: '1' }, true],
    [true, { FORCE_COLOR: '0' }, false],
    [false, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
  ])('a terminal: %s, environment %j: colour %s', (isTTY, env, expected) => {
    expect(useColor({ isTTY }, env)).toBe(expected);
  });
});
