import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture.ts';
import { decodeRequestHeader } from './headers.ts';
import { decodeProduceRequest } from './produce-request.ts';
import { decodeProduceResponse, encodeProduceResponse, produceErrorResponse } from './produce-response.ts';

// Responses of the real broker: to each client's Produce request, and to the same request with its partition index
// changed to 7, which the one-partition topic does not have (UNKNOWN_TOPIC_OR_PARTITION for the whole request).
const RESPONSES = [
  ['java-produce-response-v13', 13],
  ['rdkafka-produce-response-v10', 10],
  ['kafkajs-produce-response-v7', 7],
  ['java-produce-response-v13-unknown-partition', 13],
  ['rdkafka-produce-response-v10-unknown-partition', 10],
  ['kafkajs-produce-response-v7-unknown-partition', 7],
] as const;

describe('decodeProduceResponse', () => {
  it('decodes the broker\'s flexible v13 response, keyed by topic id', () => {
    expect(decodeProduceResponse(readFixture('java-produce-response-v13'), 13)).toEqual({
      correlationId: 5,
      responses: [
        {
          name: null,
          topicId: 'Ur0RpxHKSTKzhS0DFBcwNg',
          partitionResponses: [
            { index: 0, errorCode: 0, baseOffset: 0, logAppendTimeMs: -1, logStartOffset: 0, recordErrors: [], errorMessage: null },
          ],
        },
      ],
      throttleTimeMs: 0,
    });
  });

  it('decodes the broker\'s non-flexible v7 error response', () => {
    expect(decodeProduceResponse(readFixture('kafkajs-produce-response-v7-unknown-partition'), 7)).toEqual({
      correlationId: 2,
      responses: [
        {
          name: 'capture-nes-1796118058',
          topicId: null,
          partitionResponses: [
            { index: 7, errorCode: 3, baseOffset: -1, logAppendTimeMs: -1, logStartOffset: -1, recordErrors: [], errorMessage: null },
          ],
        },
      ],
      throttleTimeMs: 0,
    });
  });

  it('throws a frame error on a response cut short', () => {
    expect(() => decodeProduceResponse(readFixture('rdkafka-produce-response-v10').subarray(0, 30), 10)).toThrow(/frame ends inside/);
  });
});

describe('encodeProduceResponse', () => {
  it.each(RESPONSES)('re-encodes %s byte for byte', (name, version) => {
    const frame = readFixture(name);
    expect(encodeProduceResponse(decodeProduceResponse(frame, version), version).toString('hex')).toBe(frame.toString('hex'));
  });
});

describe('produceErrorResponse', () => {
  it.each([
    ['java', 13],
    ['rdkafka', 10],
    ['kafkajs', 7],
  ] as const)('answers the %s v%i request as the broker does when it rejects every partition', (client, version) => {
    const request = readFixture(`${client}-produce-request-v${version}-partition-7`);
    const header = decodeRequestHeader(request);
    const response = produceErrorResponse(decodeProduceRequest(request, header), header.correlationId, 3);
    const broker = readFixture(`${client}-produce-response-v${version}-unknown-partition`);
    expect(encodeProduceResponse(response, version).toString('hex')).toBe(broker.toString('hex'));
  });
});
