import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nameOf, readNames, readParameters } from './run-info.ts';

const runWith = (info: unknown) => {
  const dir = mkdtempSync(join(tmpdir(), 'grader-run-info-'));
  writeFileSync(join(dir, 'run.json'), JSON.stringify(info));
  return dir;
};

describe('run.json for graders', () => {
  it("reads the run's parameters, checking the kinds the grader names", async () => {
    const dir = runWith({ parameters: { orders: 10, variants: ['auto', 'sync'], setups: [{ group: 'a' }] } });
    expect(await readParameters(dir, { orders: 'number', variants: 'strings', setups: 'objects' })).toMatchObject({ orders: 10 });
    await expect(readParameters(dir, { variants: 'objects' })).rejects.toThrow('run.json parameters.variants must be a list of objects');
    await expect(readParameters(dir, { missing: 'number' })).rejects.toThrow('run.json parameters.missing must be a number');
    await expect(readParameters(runWith({}), {})).rejects.toThrow('run.json has no parameters');
  });

  it('reads the names of the run, and names a base name it lacks', async () => {
    const names = await readNames(runWith({ names: { orders: 'orders-x1' } }));
    expect(nameOf(names, 'orders')).toBe('orders-x1');
    expect(() => nameOf(names, 'group')).toThrow('run.json names no group');
    await expect(readNames(runWith({ parameters: {} }))).rejects.toThrow('run.json has no names');
  });
});
