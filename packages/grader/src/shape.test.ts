import { describe, expect, test } from 'vitest';
import { is, ShapeError } from './shape.ts';

const report = is.object({
  duplicates: is.integer,
  partitions: is.record(is.object({ ranges: is.array(is.object({ from: is.number, to: is.number })) })),
  note: is.optional(is.string),
  owner: is.nullable(is.string),
});

const reason = (value: unknown) => {
  try {
    report.check(value, '');
  } catch (err) {
    if (err instanceof ShapeError) return err.message;
    throw err;
  }
  return 'fits';
};

describe('shapes', () => {
  test('a value that fits is returned as it is, optional fields may be absent', () => {
    const value = { duplicates: 2, partitions: { 1: { ranges: [{ from: 3, to: 4 }] } }, owner: null };
    expect(report.check(value, '')).toBe(value);
  });

  test.each([
    [null, 'the document must be an object, not null'],
    [{ duplicates: '2', partitions: {}, owner: null }, 'duplicates must be an integer, not a string'],
    [{ duplicates: 1.5, partitions: {}, owner: null }, 'duplicates must be an integer, not 1.5'],
    [{ duplicates: 2, partitions: [], owner: null }, 'partitions must be an object, not a list'],
    [{ duplicates: 2, partitions: { 1: { ranges: [{ from: 3, to: null }] } }, owner: null }, 'partitions.1.ranges[0].to must be a number, not null'],
    [{ duplicates: 2, partitions: {}, note: 5, owner: null }, 'note must be a string, not 5'],
    [{ duplicates: 2, partitions: {} }, 'owner is missing'],
  ])('%j: %s', (value, message) => {
    expect(reason(value)).toBe(message);
  });

  test('oneOf takes the first shape that fits and names all of them otherwise', () => {
    const figure = is.oneOf(is.number, is.string, is.array(is.number));
    expect(figure.check([1, 2], '')).toEqual([1, 2]);
    expect(() => figure.check({}, 'figures.x')).toThrow('figures.x must be a number or a string or a list of numbers, not an object');
  });
});
