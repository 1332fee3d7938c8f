import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture.ts';
import { decodeRequestHeader, decodeResponseCorrelationId } from './headers.ts';

describe('decodeRequestHeader', () => {
  it('decodes the flexible header v2 of librdkafka ApiVersions v3 up to the body', () => {
    const frame = readFixture('rdkafka-api-versions-request-v3');
    const header = decodeRequestHeader(frame);
    expect(header).toEqual({
      apiKey: 18,
      apiName: 'ApiVersions',
      apiVersion: 3,
      correlationId: 1,
      clientId: 'capture-rdkafka',
      bodyOffset: 30,
    });
    // The body starts with client_software_name, a COMPACT_STRING: length + 1, then the bytes.
    const nameLength = frame[header.bodyOffset]! - 1;
    expect(frame.toString('utf8', header.bodyOffset + 1, header.bodyOffset + 1 + nameLength)).toBe('confluent-kafka-javascript');
  });

  it('decodes the header of the Java client ApiVersions v4', () => {
    expect(decodeRequestHeader(readFixture('java-api-versions-request-v4'))).toEqual({
      apiKey: 18,
      apiName: 'ApiVersions',
      apiVersion: 4,
      correlationId: 0,
      clientId: 'console-producer',
      bodyOffset: 31,
    });
  });

  it('decodes the non-flexible header v1 of kafkajs Metadata v6', () => {
    expect(decodeRequestHeader(readFixture('kafkajs-metadata-request-v6'))).toEqual({
      apiKey: 3,
      apiName: 'Metadata',
      apiVersion: 6,
      correlationId: 1,
      clientId: 'capture-kafkajs',
      bodyOffset: 29,
    });
  });

  it('decodes Produce headers of the three clients', () => {
    const headers = ['java-produce-request-v13', 'rdkafka-produce-request-v10', 'kafkajs-produce-request-v7-acks-all'].map(
      (name) => decodeRequestHeader(readFixture(name)),
    );
    expect(headers).toEqual([
      { apiKey: 0, apiName: 'Produce', apiVersion: 13, correlationId: 5, clientId: 'console-producer', bodyOffset: 31 },
      { apiKey: 0, apiName: 'Produce', apiVersion: 10, correlationId: 4, clientId: 'capture-rdkafka', bodyOffset: 30 },
      { apiKey: 0, apiName: 'Produce', apiVersion: 7, correlationId: 2, clientId: 'capture-kafkajs', bodyOffset: 29 },
    ]);
  });

  it('skips tagged fields in a flexible header', () => {
    // size, Metadata(3) v12, correlation_id 9, client_id "ab", 2 tagged fields: tag 0 size 1 [ff], tag 5 size 2 [01 02]
    const frame = Buffer.from('00000015' + '0003000c00000009' + '00026162' + '02' + '0001ff' + '05020102' + 'aa', 'hex');
    expect(decodeRequestHeader(frame)).toEqual({
      apiKey: 3,
      apiName: 'Metadata',
      apiVersion: 12,
      correlationId: 9,
      clientId: 'ab',
      bodyOffset: 24,
    });
  });

  it('decodes a null client id and names an unknown API key', () => {
    const frame = Buffer.from('0000000a' + '03e70000' + '00000007' + 'ffff', 'hex');
    expect(decodeRequestHeader(frame)).toMatchObject({ apiKey: 999, apiName: 'Unknown(999)', clientId: null, bodyOffset: 14 });
  });

  it('throws a frame error when the header runs past the frame', () => {
    expect(() => decodeRequestHeader(Buffer.from('00000004' + '00120000', 'hex'))).toThrow(/frame ends inside correlation_id/);
    expect(() => decodeRequestHeader(Buffer.from('0000000a' + '001200000000000100ff', 'hex'))).toThrow(/client_id/);
  });
});

describe('decodeResponseCorrelationId', () => {
  it('reads the correlation id of header v0 (ApiVersions) and v1 (flexible Produce) responses', () => {
    expect(decodeResponseCorrelationId(readFixture('rdkafka-api-versions-response-v3'))).toBe(1);
    expect(decodeResponseCorrelationId(readFixture('rdkafka-produce-response-v10'))).toBe(4);
    expect(decodeResponseCorrelationId(readFixture('java-produce-response-v13'))).toBe(5);
  });

  it('throws on a response too short to hold a correlation id', () => {
    expect(() => decodeResponseCorrelationId(Buffer.from('0000000100', 'hex'))).toThrow(/no correlation_id/);
  });
});
