import { describe, expect, it } from 'vitest';
import { formatProducerLine, parseProducerLine, parseProducerLog, scanProducerLog, type ProducerLine } from './output-format.ts';

const LINES: [string, ProducerLine][] = [
  [
    'producer: topic pay-on mode send config bootstrap.servers=localhost:9532 socket.timeout.ms=3000 enable.idempotence=true debug=msg,eos',
    {
      kind: 'start',
      topic: 'pay-on',
      mode: 'send',
      config: { 'bootstrap.servers': 'localhost:9532', 'socket.timeout.ms': '3000', 'enable.idempotence': 'true', debug: 'msg,eos' },
    },
  ],
  [' 3.2s E-42 result: offset=2', { kind: 'result', sec: 3.2, event: 'E-42', offset: 2, error: null }],
  [
    ' 5.1s E-42 result: error -192 _MSG_TIMED_OUT',
    { kind: 'result', sec: 5.1, event: 'E-42', offset: null, error: { code: -192, name: '_MSG_TIMED_OUT' } },
  ],
  [
    'rdkafka %5 REQTMOUT [thrd:localhost:9532/1]: localhost:9532/1: Timed out ProduceRequest in flight (after 3038ms, timeout #0)',
    {
      kind: 'client',
      severity: 5,
      facility: 'REQTMOUT',
      thread: 'localhost:9532/1',
      text: 'localhost:9532/1: Timed out ProduceRequest in flight (after 3038ms, timeout #0)',
    },
  ],
  [
    'rdkafka error _TRANSPORT (-195): localhost:9532/1: Disconnected',
    { kind: 'client-error', code: -195, name: '_TRANSPORT', text: 'localhost:9532/1: Disconnected' },
  ],
  ['producer: done', { kind: 'done' }],
];

describe('producer output format', () => {
  it.each(LINES)('parses and formats %s', (text, line) => {
    expect(parseProducerLine(text)).toEqual(line);
    expect(formatProducerLine(line)).toBe(text);
  });

  it('parses the offset -1001 of an acks=0 delivery report, which no broker answer confirmed', () => {
    const line: ProducerLine = { kind: 'result', sec: 0.1, event: 'X', offset: -1001, error: null };
    expect(parseProducerLine(' 0.1s X result: offset=-1001')).toEqual(line);
    expect(formatProducerLine(line)).toBe(' 0.1s X result: offset=-1001');
  });

  it('pads the elapsed seconds to four characters and rounds them to a tenth', () => {
    expect(formatProducerLine({ kind: 'result', sec: 0.04, event: 'E-41', offset: 0, error: null })).toBe(' 0.0s E-41 result: offset=0');
    expect(formatProducerLine({ kind: 'result', sec: 12.26, event: 'E-41', offset: 0, error: null })).toBe('12.3s E-41 result: offset=0');
  });

  it('writes a client line whose text spans lines as one line', () => {
    const text = formatProducerLine({ kind: 'client', severity: 7, facility: 'MSG', thread: null, text: 'a\nb' });
    expect(text).toBe('rdkafka %7 MSG a b');
    expect(parseProducerLine(text)).toEqual({ kind: 'client', severity: 7, facility: 'MSG', thread: null, text: 'a b' });
  });

  it('sorts a whole log by kind and lists the lines it does not know', () => {
    const log = scanProducerLog([...LINES.map(([text]) => text), '', 'Segmentation fault'].join('\n'));
    expect(log.start?.topic).toBe('pay-on');
    expect(log.results.map((r) => r.offset)).toEqual([2, null]);
    expect(log.client).toHaveLength(1);
    expect(log.clientErrors).toHaveLength(1);
    expect(log.done).toBe(true);
    expect(log.other).toEqual([{ line: 8, text: 'Segmentation fault' }]);
  });

  it('rejects a log with a foreign line when parsed strictly, naming the line', () => {
    expect(() => parseProducerLog(' 0.0s E-41 result: offset=0\noops\n')).toThrow('line 2 is not a producer line: "oops"');
  });
});
