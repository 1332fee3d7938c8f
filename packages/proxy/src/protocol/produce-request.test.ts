import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture.ts';
import { decodeRequestHeader } from './headers.ts';
import { decodeProduceRequest, decodeProduceRequestPrefix } from './produce-request.ts';

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

describe('decodeProduceRequest', () => {
  const decodeAll = (name: string) => {
    const frame = readFixture(name);
    return decodeProduceRequest(frame, decodeRequestHeader(frame));
  };

  it('reads the topic id (no name) and the idempotent batch header of the Java console producer v13', () => {
    expect(decodeAll('java-produce-request-v13')).toEqual({
      transactionalId: null,
      acks: -1,
      timeoutMs: 1500,
      topicData: [
        {
          name: null,
          topicId: 'Ur0RpxHKSTKzhS0DFBcwNg',
          partitionData: [{ index: 0, records: 1, producerId: 7, producerEpoch: 0, baseSequence: 0 }],
        },
      ],
    });
  });

  it('reads the compact topic name of librdkafka v10, without and with a producer id', () => {
    expect(decodeAll('rdkafka-produce-request-v10').topicData).toEqual([
      { name: 'proxy-capture', topicId: null, partitionData: [{ index: 0, records: 1, producerId: -1, producerEpoch: -1, baseSequence: -1 }] },
    ]);
    expect(decodeAll('rdkafka-produce-request-v10-transactional').topicData[0]!.partitionData).toEqual([
      { index: 0, records: 1, producerId: 8, producerEpoch: 0, baseSequence: 0 },
    ]);
  });

  it('reads the int16-length topic name of kafkajs v7, which writes epoch 0 and sequence 0 without a producer id', () => {
    expect(decodeAll('kafkajs-produce-request-v7-acks-all').topicData).toEqual([
      { name: 'proxy-capture', topicId: null, partitionData: [{ index: 0, records: 1, producerId: -1, producerEpoch: 0, baseSequence: 0 }] },
    ]);
    expect(decodeAll('kafkajs-produce-request-v7-transactional').topicData[0]!.partitionData[0]).toMatchObject({ producerId: 10 });
  });

  it('throws a frame error when the partition data runs past the frame', () => {
    const frame = readFixture('rdkafka-produce-request-v10');
    const cut = Buffer.from(frame.subarray(0, frame.length - 10));
    cut.writeInt32BE(cut.length - 4, 0);
    expect(() => decodeProduceRequest(cut, decodeRequestHeader(cut))).toThrow(/frame ends inside partition_data records/);
  });
});
