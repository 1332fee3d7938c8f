import { describe, expect, it } from 'vitest';
import { describeFaults, mergeFaults, parseFaults } from './faults.ts';

describe('parseFaults', () => {
  it('accepts JSON values and CLI strings alike', () => {
    expect(parseFaults({ dropProduce: [2, 1, 2], delayMinBytes: 4096, delayMs: 600, closeAfterProduce: 3 })).toEqual({
      dropProduce: [1, 2],
      delayMinBytes: 4096,
      delayMs: 600,
      closeAfterProduce: 3,
    });
    expect(parseFaults({ dropProduce: '1,2', delayMinBytes: '4096', delayMs: '600' })).toEqual({
      dropProduce: [1, 2],
      delayMinBytes: 4096,
      delayMs: 600,
    });
    expect(parseFaults({ dropProduce: 2 })).toEqual({ dropProduce: [2] });
  });

  it('treats an empty object as pass-through and leaves out null settings', () => {
    expect(parseFaults({})).toEqual({});
    expect(parseFaults({ dropProduce: null, closeAfterProduce: null })).toEqual({});
  });

  it('rejects unknown settings, bad numbers and a half-given delay with a one-line reason', () => {
    expect(() => parseFaults({ dropProduces: [1] })).toThrow(/unknown fault setting "dropProduces"/);
    expect(() => parseFaults({ dropProduce: [0] })).toThrow(/dropProduce must be an integer >= 1, got 0/);
    expect(() => parseFaults({ closeAfterProduce: 1.5 })).toThrow(/closeAfterProduce must be an integer >= 1/);
    expect(() => parseFaults({ delayMs: 100 })).toThrow(/go together/);
    expect(() => parseFaults([1])).toThrow(/must be a JSON object/);
  });
});

describe('mergeFaults', () => {
  it('keeps absent settings, replaces given ones and removes those set to null', () => {
    const current = parseFaults({ dropProduce: [2], delayMinBytes: 10, delayMs: 5 });
    expect(mergeFaults(current, { closeAfterProduce: 4, delayMinBytes: null, delayMs: null })).toEqual({
      dropProduce: [2],
      closeAfterProduce: 4,
    });
  });
});

describe('describeFaults', () => {
  it('says pass-through for no faults and lists the others on one line', () => {
    expect(describeFaults({})).toBe('pass-through');
    expect(describeFaults({ dropProduce: [1, 2], delayMinBytes: 4096, delayMs: 600, closeAfterProduce: 3 })).toBe(
      'drop-produce 1,2; delay >= 4096 B by 600 ms; close-after-produce 3',
    );
  });
});
