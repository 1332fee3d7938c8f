import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture.ts';
import { decodeRequestHeader } from './headers.ts';
import { decodeProduceRequestPrefix } from './produce-request.ts';

const decode = (name: string) => {
  const frame = readFixture(name);
  return decodeProduceRequestPrefix(frame, decodeRequestHeader(frame));
};

describe('decodeProduceRequestPrefix', () => {
  it('reads acks from the flexible v13 request of the Java console producer', () => {
    expect(decode('java-produce-request-v13')).toEqual({ transactionalId: null, acks: -1, timeoutMs: 1500 });
  });

  it('reads a null COMPACT_NULLABLE_STRING transactional id in librdkafka v10', () => {
    expect(decode('rdkafka-produce-request-v10')).toEqual({ transactionalId: null, acks: -1, timeoutMs: 30000 });
  });

  it('reads a COMPACT_NULLABLE_STRING transactional id in librdkafka v10', () => {
    expect(decode('rdkafka-produce-request-v10-transactional')).toEqual({
      transactionalId: 'tx-rdkafka',
      acks: -1,
      timeoutMs: 30000,
    });
  });

  it('reads an int16-length transactional id in kafkajs v7', () => {
    expect(decode('kafkajs-produce-request-v7-transactional')).toEqual({
      transactionalId: 'tx-kafkajs',
      acks: -1,
      timeoutMs: 30000,
    });
  });

  it('tells acks=0 (no response) from acks=all in kafkajs v7', () => {
    expect(decode('kafkajs-produce-request-v7-acks-0')).toEqual({ transactionalId: null, acks: 0, timeoutMs: 30000 });
    expect(decode('kafkajs-produce-request-v7-acks-all')).toEqual({ transactionalId: null, acks: -1, timeoutMs: 30000 });
  });

  it('throws a frame error on a Produce request cut before acks', () => {
    const frame = readFixture('rdkafka-produce-request-v10').subarray(0, 32);
    frame.writeInt32BE(28, 0);
    expect(() => decodeProduceRequestPrefix(frame, decodeRequestHeader(frame))).toThrow(/acks/);
  });
});
