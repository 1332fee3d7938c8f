import { describe, expect, it } from 'vitest';
import { errorName, ERROR_CODES, parseErrorCode } from './error-codes.ts';

describe('error codes', () => {
  it('names the codes of Kafka 4.3.1 and marks the retriable ones', () => {
    expect(ERROR_CODES.NOT_LEADER_OR_FOLLOWER).toEqual([6, true]);
    expect(ERROR_CODES.NOT_ENOUGH_REPLICAS).toEqual([19, true]);
    expect(ERROR_CODES.INVALID_PRODUCER_EPOCH).toEqual([47, false]);
    expect(errorName(19)).toBe('NOT_ENOUGH_REPLICAS');
    expect(errorName(999)).toBe('ERROR_999');
  });

  it('reads a name in any case or a number, and rejects the rest with a one-line reason', () => {
    expect(parseErrorCode('not_enough_replicas', 'failCode')).toBe(19);
    expect(parseErrorCode('6', 'failCode')).toBe(6);
    expect(parseErrorCode(-1, 'failCode')).toBe(-1);
    for (const bad of ['NONE', 0, 'constructor', '__proto__', 40000, 1.5, [6], {}]) {
      expect(() => parseErrorCode(bad, 'failCode')).toThrow(/^failCode must be a Kafka error name/);
    }
  });
});
