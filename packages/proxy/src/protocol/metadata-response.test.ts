import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture.ts';
import { decodeMetadataTopics } from './metadata-response.ts';

describe('decodeMetadataTopics', () => {
  it('reads the topic name and id from the Java client\'s Metadata v13 response', () => {
    expect(decodeMetadataTopics(readFixture('java-metadata-response-v13'), 13)).toEqual([
      { name: 'capture-nes-1796118058', topicId: 'ryqMnVQ3QpiZV_OV9exnqA' },
    ]);
  });

  it('reads every topic of librdkafka\'s all-topics Metadata v13 response', () => {
    const topics = decodeMetadataTopics(readFixture('rdkafka-metadata-response-v13'), 13);
    expect(topics).toHaveLength(5);
    expect(topics).toContainEqual({ name: 'capture-ok-1796118061', topicId: 'kCFYhP4vQlaugkWhzgJD6w' });
  });

  it('reads nothing from versions before topic ids', () => {
    expect(decodeMetadataTopics(readFixture('java-metadata-response-v13'), 6)).toEqual([]);
  });

  it('throws a frame error on a response cut short', () => {
    expect(() => decodeMetadataTopics(readFixture('java-metadata-response-v13').subarray(0, 60), 13)).toThrow(/frame ends inside/);
  });
});
