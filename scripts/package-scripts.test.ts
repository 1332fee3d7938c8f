import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };

describe('the root package.json scripts', () => {
  // pnpm runs a script line with sh -c and signals only that shell; exec makes the program the shell's process, so
  // that `kill <pnpm pid>` (or Ctrl-C) stops the program itself. packages/proxy/src/main.live.test.ts kills a real `pnpm proxy`.
  test('replace pnpm\'s shell with the one program they run, so that a signal to pnpm reaches it', () => {
    const single = Object.entries(scripts).filter(([, line]) => !line.includes('&&'));
    expect(single.map(([name]) => name)).toEqual(expect.arrayContaining(['lab', 'broker', 'proxy', 'kafka-lab-slow', 'test']));
    expect(single.filter(([, line]) => !line.startsWith('exec ')).map(([name]) => name)).toEqual([]);
  });
});
