import { describe, expect, test } from 'vitest';
import { editDistance, nearest } from './nearest.ts';

const IDS = ['00-hello', '01-revoke', '02-maxpoll', '05-maxpoll-consumer', '01-ghost-reads', 'kafka-rebalance'];

describe('nearest', () => {
  test.each([
    ['01-revok', ['01-revoke']],
    ['revoke', ['01-revoke']],
    ['02-maxpol', ['02-maxpoll']],
    ['maxpoll', ['02-maxpoll', '05-maxpoll-consumer']],
    ['kafka-rebalanse', ['kafka-rebalance']],
    ['nope', []],
  ])('%s suggests %j', (typed, expected) => {
    expect(nearest(typed, IDS)).toEqual(expected);
  });

  test('keeps at most the limit, closest first', () => {
    expect(nearest('01-b', ['01-a', '02-b', '01-bc', '04-d'], 2)).toEqual(['01-bc', '01-a']);
  });

  test('editDistance counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});
