import { describe, expect, it } from 'vitest';
import { parseProxyArgs, PROXY_HELP } from './cli.ts';

describe('parseProxyArgs', () => {
  it('defaults to the control API on 9540 and pass-through', () => {
    expect(parseProxyArgs([])).toEqual({ help: false, options: { controlPort: 9540, faults: {} } });
  });

  it('reads every flag, with a separate or an inline value', () => {
    const args = [
      '--listen', '127.0.0.1:19532', '--upstream=127.0.0.1:9533', '--control', '0', '--events', 'ev.jsonl',
      '--drop-produce', '1,2', '--delay-min-bytes', '4096', '--delay-ms=600', '--close-after-produce', '5',
    ];
    expect(parseProxyArgs(args)).toEqual({
      help: false,
      options: {
        listen: '127.0.0.1:19532',
        upstream: '127.0.0.1:9533',
        controlPort: 0,
        eventsFile: 'ev.jsonl',
        faults: { dropProduce: [1, 2], delayMinBytes: 4096, delayMs: 600, closeAfterProduce: 5 },
      },
    });
  });

  it('ignores a leading -- passed through by pnpm and answers --help', () => {
    expect(parseProxyArgs(['--', '--help'])).toEqual({ help: true });
  });

  it('rejects bad flags with a one-line reason', () => {
    const reason = (argv: string[]) => {
      try {
        parseProxyArgs(argv);
        return 'accepted';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(reason(['--nope'])).toBe('unknown flag "--nope"');
    expect(reason(['--drop-produce'])).toBe('--drop-produce needs a value');
    expect(reason(['--drop-produce', '--delay-ms', '5'])).toBe('--drop-produce needs a value');
    expect(reason(['--drop-produce', 'two'])).toBe('--drop-produce must be an integer >= 1, got "two"');
    expect(reason(['--delay-ms', '5'])).toMatch(/go together/);
    expect(reason(['--listen', 'localhost'])).toBe('--listen must be host:port or port, got "localhost"');
  });

  it('lists every flag in the help text', () => {
    for (const flag of ['--listen', '--upstream', '--control', '--events', '--drop-produce', '--delay-min-bytes', '--delay-ms', '--close-after-produce']) {
      expect(PROXY_HELP).toContain(flag);
    }
  });
});

describe('the new modules\' flags', () => {
  it('reads them like the old ones', () => {
    const args = ['--drop-response', 'EndTxn:1', '--swallow-produce', '2', '--fail-produce=3', '--fail-code', 'NOT_ENOUGH_REPLICAS', '--fail-partition', 'orders:0'];
    expect(parseProxyArgs(args)).toEqual({
      help: false,
      options: { controlPort: 9540, faults: { dropResponse: ['EndTxn:1'], swallowProduce: [2], failProduce: [3], failCode: 19, failPartition: 'orders:0' } },
    });
  });

  it('rejects a bad value or a lone --fail-code with a one-line reason', () => {
    expect(() => parseProxyArgs(['--fail-produce', '1', '--fail-code', 'NOPE'])).toThrow(
      /^--fail-code must be a Kafka error name \(e\.g\. NOT_LEADER_OR_FOLLOWER\) or a non-zero INT16 code$/,
    );
    expect(() => parseProxyArgs(['--fail-code', '6'])).toThrow(/^failCode \(--fail-code\) needs failProduce or failPartition/);
    expect(() => parseProxyArgs(['--drop-response', 'EndTxn'])).toThrow(/^--drop-response takes API:N selectors/);
  });
});
