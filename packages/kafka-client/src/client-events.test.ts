import { describe, expect, it } from 'vitest';
import { formatPid, parseClientEvent, type ClientEvent } from './client-events.ts';
import { parseProducerLine } from './producer-log-format.ts';

// Lines librdkafka 2.15.1 printed through the proxy in the lab runs (debug=msg,eos).
const CASES: [string, ClientEvent | undefined][] = [
  [
    'rdkafka %7 PRODUCE [thrd:localhost:9532/1]: localhost:9532/1: pay-on [0]: Produce MessageSet with 1 message(s) (72 bytes, ApiVersion 10, MsgVersion 2, MsgId 2, BaseSeq 1, PID{Id:4,Epoch:0}, uncompressed)',
    { kind: 'produce', topic: 'pay-on', partition: 0, count: 1, msgId: 2, baseSeq: 1, pid: { id: 4, epoch: 0 } },
  ],
  [
    'rdkafka %7 PRODUCE [thrd:localhost:9532/1]: localhost:9532/1: pay-off [0]: Produce MessageSet with 1 message(s) (72 bytes, ApiVersion 10, MsgVersion 2, MsgId 0, BaseSeq -1, PID{Invalid}, uncompressed)',
    { kind: 'produce', topic: 'pay-off', partition: 0, count: 1, msgId: 0, baseSeq: -1, pid: null },
  ],
  [
    'rdkafka %7 MSGSET [thrd:localhost:9532/1]: localhost:9532/1: pay-on [0]: MessageSet with 1 message(s) (MsgId 2, BaseSeq 1) encountered error: Local: Timed out (actions Retry,MsgPossiblyPersisted)',
    {
      kind: 'batch-error',
      topic: 'pay-on',
      partition: 0,
      msgId: 2,
      baseSeq: 1,
      error: 'Local: Timed out',
      actions: ['Retry', 'MsgPossiblyPersisted'],
    },
  ],
  [
    'rdkafka %7 MSGSET [thrd:localhost:9532/1]: localhost:9532/1: pay-on [0]: MessageSet with 1 message(s) (MsgId 2, BaseSeq 1) delivered',
    { kind: 'batch-delivered', topic: 'pay-on', partition: 0, msgId: 2, baseSeq: 1 },
  ],
  ['rdkafka %7 GETPID [thrd:main]: Acquired PID{Id:0,Epoch:0}', { kind: 'pid-acquired', pid: { id: 0, epoch: 0 }, previous: null }],
  [
    'rdkafka %7 GETPID [thrd:main]: Acquired PID{Id:1,Epoch:1} (previous PID{Id:1,Epoch:0})',
    { kind: 'pid-acquired', pid: { id: 1, epoch: 1 }, previous: { id: 1, epoch: 0 } },
  ],
  [
    'rdkafka %7 NEWPID [thrd:localhost:9532/1]: pay-app [0] changed PID{Id:1,Epoch:0} -> PID{Id:1,Epoch:1} with base MsgId 2',
    { kind: 'pid-changed', topic: 'pay-app', partition: 0, from: { id: 1, epoch: 0 }, to: { id: 1, epoch: 1 }, baseMsgId: 2 },
  ],
  [
    'rdkafka %7 NEWPID [thrd:localhost:9532/1]: pay-app [0] changed PID{Invalid} -> PID{Id:1,Epoch:0} with base MsgId 1',
    { kind: 'pid-changed', topic: 'pay-app', partition: 0, from: null, to: { id: 1, epoch: 0 }, baseMsgId: 1 },
  ],
  [
    'rdkafka %5 REQTMOUT [thrd:localhost:9532/1]: localhost:9532/1: Timed out ProduceRequest in flight (after 3038ms, timeout #0)',
    { kind: 'request-timeout', api: 'Produce', afterMs: 3038 },
  ],
  ['rdkafka %4 REQTMOUT [thrd:localhost:9532/1]: localhost:9532/1: Timed out 1 in-flight, 0 retry-queued, 0 out-queue, 0 partially-sent requests', undefined],
  [
    'rdkafka %7 ERRSEQ [thrd:localhost:9532/1]: localhost:9532/1: ProduceRequest for rd-i-1796127551 [0] with 1 message(s) failed due to skipped sequence numbers (PID{Id:15,Epoch:0}, base seq 3 > next seq 2) caused by previous failed request (NO_ERROR, actions , base seq 0..0, base msgid 0, -1ms ago): recovering and retrying',
    { kind: 'sequence-gap', topic: 'rd-i-1796127551', partition: 0, pid: { id: 15, epoch: 0 }, baseSeq: 3, nextSeq: 2 },
  ],
  [
    'rdkafka %7 DRAIN [thrd:localhost:9532/1]: All partitions drained, bumped epoch to PID{Id:15,Epoch:1}',
    { kind: 'epoch-bumped', pid: { id: 15, epoch: 1 } },
  ],
  ['rdkafka %7 DRAIN [thrd:localhost:9532/1]: rd-i-1796127551 [0] beginning partition drain: drain before retrying', undefined],
  [
    'rdkafka %7 INIT [thrd:app]: librdkafka v2.15.1 (0x20f01ff) rdkafka#producer-1 initialized (builtin.features gzip,snappy, debug 0x8040)',
    { kind: 'client-version', version: '2.15.1' },
  ],
  ['rdkafka %7 RESETSEQ [thrd:localhost:9532/1]: pay-on [0] resetting epoch base seq from 0 to 1', undefined],
];

describe('librdkafka client events', () => {
  it.each(CASES)('reads %s', (text, event) => {
    const line = parseProducerLine(text);
    if (line?.kind !== 'client') throw new Error('not a client line');
    expect(parseClientEvent(line)).toEqual(event);
  });

  it('prints a PID as librdkafka does', () => {
    expect(formatPid({ id: 3, epoch: 1 })).toBe('PID{Id:3,Epoch:1}');
    expect(formatPid(null)).toBe('PID{Invalid}');
  });
});
