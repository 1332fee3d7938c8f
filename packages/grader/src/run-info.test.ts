import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANY_PARAMETERS, exerciseNames, nameOf, readRunInfo } from './run-info.ts';
import { is } from './shape.ts';

const runWith = (info: unknown) => {
  const dir = mkdtempSync(join(tmpdir(), 'grader-run-info-'));
  writeFileSync(join(dir, 'run.json'), JSON.stringify(info));
  return dir;
};
const RUN = { lab: 'x', startedAt: '2026-12-01T00:00:00.000Z', durationMs: 1, figures: {}, names: { orders: 'orders-x1' }, parameters: {} };
const SETUP = is.object({ orders: is.number, variants: is.array(is.literal('auto', 'sync')), setups: is.array(is.object({ group: is.string })) });

describe('run.json for graders', () => {
  it("reads the run's parameters with the grader's shape, naming what is missing or mistyped", async () => {
    const dir = runWith({ ...RUN, parameters: { orders: 10, variants: ['auto', 'sync'], setups: [{ group: 'a' }] } });
    expect((await readRunInfo(dir, SETUP)).parameters).toMatchObject({ orders: 10 });
    await expect(readRunInfo(runWith({ ...RUN, parameters: { orders: 10, variants: ['auto', 'later'], setups: [] } }), SETUP)).rejects.toThrow(
      'run.json: parameters.variants[1] must be "auto" or "sync", not a string',
    );
    await expect(readRunInfo(runWith({ ...RUN, parameters: { variants: [], setups: [] } }), SETUP)).rejects.toThrow('run.json: parameters.orders is missing');
    await expect(readRunInfo(runWith({ ...RUN, parameters: undefined }), ANY_PARAMETERS)).rejects.toThrow('run.json: parameters is missing');
  });

  it('reads the names of the run, and names a base name it lacks', async () => {
    const { names } = await readRunInfo(runWith(RUN), ANY_PARAMETERS);
    expect(nameOf(names, 'orders')).toBe('orders-x1');
    expect(() => nameOf(names, 'group')).toThrow('run.json names no group');
  });

  it.each([
    ['{"names":"pay"}', { names: 'pay' }, 'run.json: lab is missing'],
    ['names of the wrong type', { ...RUN, names: 'pay' }, 'run.json: names must be an object, not a string'],
    ['null', null, 'run.json: the document must be an object, not null'],
    ['[]', [], 'run.json: the document must be an object, not a list'],
    ['a start that is no time', { ...RUN, startedAt: 'yesterday' }, 'run.json: startedAt must be a time (ISO 8601)'],
    ['a figure that is an object', { ...RUN, figures: { leader: { node: 1 } } }, 'run.json: figures.leader must be'],
  ])('a run.json of %s is one line naming the file and the field', async (_, info, message) => {
    await expect(readRunInfo(runWith(info), ANY_PARAMETERS)).rejects.toThrow(message);
  });

  it("gives an exercise's names as the learner uses them, or as a solution run named them in its run.json", async () => {
    const learner = mkdtempSync(join(tmpdir(), 'grader-work-'));
    expect(await exerciseNames(learner, ['orders', 'pay'])).toEqual({ orders: 'orders', pay: 'pay' });
    expect(await exerciseNames(runWith(RUN), ['orders', 'pay'])).toEqual({ orders: 'orders-x1', pay: 'pay' });
    await expect(exerciseNames(runWith({ ...RUN, names: 'orders' }), ['orders'])).rejects.toThrow(/run\.json/);
  });
});
