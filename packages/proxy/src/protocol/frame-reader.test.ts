import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture.ts';
import { FrameReader } from './frame-reader.ts';

const produce = readFixture('rdkafka-produce-request-v10');
const apiVersions = readFixture('rdkafka-api-versions-request-v3');
const stream = Buffer.concat([apiVersions, produce, apiVersions]);

describe('FrameReader', () => {
  it('returns several frames of one chunk as views of it, unchanged', () => {
    const frames = new FrameReader().push(stream);
    expect(frames.map((f) => f.toString('hex'))).toEqual([apiVersions, produce, apiVersions].map((f) => f.toString('hex')));
    expect(frames[1]!.buffer).toBe(stream.buffer);
  });

  it('reassembles frames split at every byte', () => {
    const reader = new FrameReader();
    const frames: Buffer[] = [];
    for (let i = 0; i < stream.length; i++) frames.push(...reader.push(stream.subarray(i, i + 1)));
    expect(Buffer.concat(frames).equals(stream)).toBe(true);
    expect(frames).toHaveLength(3);
    expect(reader.pendingBytes).toBe(0);
  });

  it('reassembles frames split at every possible point of two chunks', () => {
    for (let cut = 0; cut <= stream.length; cut++) {
      const reader = new FrameReader();
      const frames = [...reader.push(stream.subarray(0, cut)), ...reader.push(stream.subarray(cut))];
      expect(Buffer.concat(frames).equals(stream)).toBe(true);
    }
  });

  it('counts the bytes of a frame not yet complete', () => {
    const reader = new FrameReader();
    expect(reader.push(produce.subarray(0, 2))).toEqual([]);
    expect(reader.pendingBytes).toBe(2);
    reader.push(produce.subarray(2, 50));
    expect(reader.pendingBytes).toBe(50);
  });

  it('rejects a negative size prefix', () => {
    expect(() => new FrameReader().push(Buffer.from('ffffffff00', 'hex'))).toThrow(/frame size -1 is out of range/);
  });

  it('rejects a size prefix above the cap, even when it arrives in pieces', () => {
    const reader = new FrameReader(1024);
    reader.push(Buffer.from('0000', 'hex'));
    expect(() => reader.push(Buffer.from('0400', 'hex'))).toThrow(/frame size 1024 is out of range \(0 to 1020 bytes\)/);
  });

  it('rejects text that is not Kafka framing', () => {
    expect(() => new FrameReader().push(Buffer.from('GET / HTTP/1.1\r\n'))).toThrow(/out of range/);
  });
});
