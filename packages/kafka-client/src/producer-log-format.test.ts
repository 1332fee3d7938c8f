import { describe, expect, it } from 'vitest';
import { formatProducerLine, parseProducerLine, parseProducerLog, scanProducerLog, type ProducerLine } from './producer-log-format.ts';

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
  [
    'producer: client kafkajs topic keys mode keys config idempotent=false brokers=localhost:9531',
    { kind: 'start', client: 'kafkajs', topic: 'keys', mode: 'keys', config: { idempotent: 'false', brokers: 'localhost:9531' } },
  ],
  [' 0.3s user-4 result: offset=7 partition=3 key=user-4', { kind: 'result', sec: 0.3, event: 'user-4', offset: 7, error: null, partition: 3, key: 'user-4' }],
  [' 0.9s O-17 result: offset=16 latency=2.13ms', { kind: 'result', sec: 0.9, event: 'O-17', offset: 16, error: null, latencyMs: 2.13 }],
  [' 0.0s O-1 result: offset=0 topic=orders', { kind: 'result', sec: 0, event: 'O-1', offset: 0, error: null, topic: 'orders' }],
  [' 0.0s X result: offset=-1001', { kind: 'result', sec: 0, event: 'X', offset: -1001, error: null }],
  [
    ' 0.0s E-1 result: error KafkaJSNotImplemented | Snappy compression not implemented',
    { kind: 'result', sec: 0, event: 'E-1', offset: null, error: { code: null, name: 'KafkaJSNotImplemented', text: 'Snappy compression not implemented' } },
  ],
  [
    ' 1.2s E-1 result: error 19 KafkaJSNumberOfRetriesExceeded partition=0 | Replication-factor is invalid',
    { kind: 'result', sec: 1.2, event: 'E-1', offset: null, error: { code: 19, name: 'KafkaJSNumberOfRetriesExceeded', text: 'Replication-factor is invalid' }, partition: 0 },
  ],
  [
    'kafkajs %3 Producer Request Produce(key: 0, version: 7) timed out {"retryCount":0,"retryTime":290}',
    { kind: 'client', library: 'kafkajs', severity: 3, facility: 'Producer', thread: null, text: 'Request Produce(key: 0, version: 7) timed out {"retryCount":0,"retryTime":290}' },
  ],
  ['producer: transaction begin', { kind: 'transaction', action: 'begin' }],
  ['producer: transaction abort', { kind: 'transaction', action: 'abort' }],
  ['producer: application failure before order-analytics', { kind: 'failure', before: 'order-analytics' }],
];

describe('producer output format', () => {
  it.each(LINES)('parses and formats %s', (text, line) => {
    expect(parseProducerLine(text)).toEqual(line);
    expect(formatProducerLine(line)).toBe(text);
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
    expect(log.results.map((r) => r.offset)).toEqual([2, null, 7, 16, 0, -1001, null, null]);
    expect(log.client).toHaveLength(2);
    expect(log.clientErrors).toHaveLength(1);
    expect(log.steps.map((s) => s.kind)).toEqual(['transaction', 'transaction', 'failure']);
    expect(log.done).toBe(true);
    expect(log.other).toEqual([{ line: LINES.length + 2, text: 'Segmentation fault' }]);
  });

  it('reads a result line with an unknown field as no producer line', () => {
    expect(parseProducerLine(' 0.0s E-1 result: offset=0 colour=red')).toBeUndefined();
  });

  it('rejects a log with a foreign line when parsed strictly, naming the line', () => {
    expect(() => parseProducerLog(' 0.0s E-41 result: offset=0\noops\n')).toThrow('line 2 is not a producer line: "oops"');
  });
});
