import { describe, expect, it } from 'vitest';
import { buildChain, decideRequest, decideResponse, describeFaults, FAULT_MODULES, FAULT_SETTINGS, mergeFaults, parseFaults } from './faults.ts';

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

describe('the new modules\' settings', () => {
  it('reads API:N selectors in any case and names the API as the key table does', () => {
    expect(parseFaults({ dropResponse: 'endtxn:1,TxnOffsetCommit:2' })).toEqual({ dropResponse: ['EndTxn:1', 'TxnOffsetCommit:2'] });
    expect(() => parseFaults({ dropResponse: ['Nope:1'] })).toThrow(/dropResponse takes API:N selectors such as EndTxn:1/);
    expect(() => parseFaults({ dropResponse: ['EndTxn'] })).toThrow(/dropResponse takes API:N selectors/);
  });

  it('reads an error code by name or number, and needs something to fail', () => {
    expect(parseFaults({ failProduce: '2', failCode: 'not_enough_replicas' })).toEqual({ failProduce: [2], failCode: 19 });
    expect(parseFaults({ failPartition: 'orders:1' })).toEqual({ failPartition: 'orders:1' });
    expect(() => parseFaults({ failCode: 19 })).toThrow(/failCode \(--fail-code\) needs failProduce or failPartition/);
    expect(() => parseFaults({ failPartition: 'orders' })).toThrow(/failPartition must be topic:partition/);
    expect(() => parseFaults({ failProduce: [1], failCode: 'NONE' })).toThrow(/failCode must be a Kafka error name/);
  });

  it('describes every module on one line', () => {
    expect(describeFaults({ dropResponse: ['EndTxn:1'], swallowProduce: [2], failProduce: [3], failPartition: 'orders:1', failCode: 19 })).toBe(
      'drop-response EndTxn:1; swallow-produce 2; fail-produce Produce 3 to orders:1 with NOT_ENOUGH_REPLICAS',
    );
    expect(describeFaults({ failPartition: 'orders:1' })).toBe('fail-produce to orders:1 with NOT_LEADER_OR_FOLLOWER');
  });

  it('refuses setting names that are Object.prototype keys, and delays beyond what a Node timer holds', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(() => parseFaults(JSON.parse(`{"${key}": 1}`))).toThrow(`unknown fault setting "${key}"`);
    }
    expect(() => parseFaults({ delayMinBytes: 1, delayMs: 3_000_000_000 })).toThrow('delayMs must be an integer from 0 to 2147483647, got 3000000000');
  });
});

describe('the chain', () => {
  const request = (apiName: string, apiKey: number, ordinal: number, frameBytes = 20) => ({
    header: { apiKey, apiName, apiVersion: 0, correlationId: ordinal, clientId: 't', bodyOffset: 12 },
    frame: Buffer.alloc(frameBytes),
    ordinal,
    produce: null,
    expectsResponse: true,
  });

  it('is built from the modules that are on, in FAULT_MODULES order, and names the module behind each decision', () => {
    const chain = buildChain(parseFaults({ dropResponse: 'ApiVersions:1', delayMinBytes: 10, delayMs: 5, closeAfterProduce: 1 }));
    expect(chain.map((c) => c.module)).toEqual(['delay', 'close-after-produce', 'drop-response']);
    expect(decideRequest(chain, request('ApiVersions', 18, 1))).toEqual({ delay: { ms: 5, module: 'delay' } });
    expect(decideRequest(chain, request('ApiVersions', 18, 2, 4))).toBeNull();
  });

  it('asks the response hooks about a response, with the request it answers', () => {
    const chain = buildChain(parseFaults({ dropResponse: 'EndTxn:2' }));
    const response = (ordinal: number) => {
      const { frame: _frame, ...answered } = request('EndTxn', 26, ordinal);
      return { frame: Buffer.alloc(12), request: answered };
    };
    expect([decideResponse(chain, response(1)), decideResponse(chain, response(2))]).toEqual([null, { drop: 'drop-response' }]);
  });

  it('takes every setting, flag and module name from FAULT_MODULES, each once', () => {
    const fields = FAULT_MODULES.flatMap((m) => Object.keys(m.settings));
    expect(Object.keys(FAULT_SETTINGS)).toEqual(fields);
    const flags = Object.values(FAULT_SETTINGS).map((s) => s.flag);
    expect(new Set(flags).size).toBe(flags.length);
    expect(new Set(FAULT_MODULES.map((m) => m.name)).size).toBe(FAULT_MODULES.length);
  });
});
