import { describe, expect, it } from 'vitest';
import { API } from './api-keys.ts';
import { addressesOf, findBrokerAddresses, rewriteBrokerAddresses, type BrokerAddress } from './broker-addresses.ts';
import { readFixture } from './fixtures/read-fixture.ts';
import { decodeMetadataTopics } from './metadata-response.ts';

// Frames captured from Kafka 4.3.1 answering librdkafka 2.15.1, kafkajs and the Java 4.3.1 client (and admin) through
// a plain relay in front of the FAULT listener, which advertises localhost:9532 (src/testing/capture-frames.ts).
const CAPTURED = [
  ['kafkajs-metadata-response-v6', API.Metadata, 6],
  ['rdkafka-metadata-response-v13', API.Metadata, 13],
  ['java-metadata-response-v13', API.Metadata, 13],
  ['rdkafka-find-coordinator-response-v2', API.FindCoordinator, 2],
  ['java-find-coordinator-response-v6', API.FindCoordinator, 6],
  ['java-describe-cluster-response-v2', API.DescribeCluster, 2],
] as const;

const moved = (a: BrokerAddress): BrokerAddress => ({ nodeId: a.nodeId, host: 'proxy.example', port: 40000 + a.nodeId });

describe('broker addresses in responses', () => {
  it.each(CAPTURED)('finds node 1 at localhost:9532 in %s', (name, apiKey, version) => {
    const found = findBrokerAddresses(readFixture(name), apiKey, version)!;
    expect(addressesOf(found)).toEqual([{ nodeId: 1, host: 'localhost', port: 9532 }]);
  });

  it.each(CAPTURED)('re-encodes %s byte for byte when nothing changes', (name, apiKey, version) => {
    const frame = readFixture(name);
    const found = findBrokerAddresses(frame, apiKey, version)!;
    expect(rewriteBrokerAddresses(frame, found, (a) => a)).toBe(frame);
    // A rewrite that writes the same values still produces the same bytes.
    const same = rewriteBrokerAddresses(frame, found, (a) => ({ ...a }));
    expect(same.equals(frame)).toBe(true);
  });

  it.each(CAPTURED)('rewrites %s to another host and port, everything else kept', (name, apiKey, version) => {
    const frame = readFixture(name);
    const rewritten = rewriteBrokerAddresses(frame, findBrokerAddresses(frame, apiKey, version)!, moved);
    expect(rewritten.readInt32BE(0)).toBe(rewritten.length - 4);
    expect(rewritten.length).toBe(frame.length + 'proxy.example'.length - 'localhost'.length);
    expect(addressesOf(findBrokerAddresses(rewritten, apiKey, version)!)).toEqual([{ nodeId: 1, host: 'proxy.example', port: 40001 }]);
    // Rewriting back gives the captured bytes again.
    const back = rewriteBrokerAddresses(rewritten, findBrokerAddresses(rewritten, apiKey, version)!, (a) => ({ ...a, host: 'localhost', port: 9532 }));
    expect(back.equals(frame)).toBe(true);
  });

  it('keeps the topics of a rewritten Metadata response readable', () => {
    const frame = readFixture('rdkafka-metadata-response-v13');
    const rewritten = rewriteBrokerAddresses(frame, findBrokerAddresses(frame, API.Metadata, 13)!, moved);
    expect(decodeMetadataTopics(rewritten, 13)).toEqual(decodeMetadataTopics(frame, 13));
  });

  it('finds no leader hints in Produce and Fetch responses without them, and leaves them as they are', () => {
    for (const [name, apiKey, version] of [
      ['rdkafka-produce-response-v10', API.Produce, 10],
      ['java-produce-response-v13', API.Produce, 13],
      ['rdkafka-fetch-response-v16', API.Fetch, 16],
      ['java-fetch-response-v18', API.Fetch, 18],
    ] as const) {
      const frame = readFixture(name);
      const found = findBrokerAddresses(frame, apiKey, version)!;
      expect(found).toEqual({ sites: [], endpoints: null });
      expect(rewriteBrokerAddresses(frame, found, moved)).toBe(frame);
    }
  });

  it('leaves the responses of APIs and versions that name no broker alone', () => {
    expect(findBrokerAddresses(readFixture('kafkajs-produce-response-v7'), API.Produce, 7)).toBeNull();
    expect(findBrokerAddresses(readFixture('rdkafka-api-versions-response-v3'), API.ApiVersions, 3)).toBeNull();
  });

  it('names no node in a FindCoordinator error (COORDINATOR_NOT_AVAILABLE: node -1, host "", port -1)', () => {
    const frame = readFixture('kafkajs-find-coordinator-response-v2-not-available');
    expect(findBrokerAddresses(frame, API.FindCoordinator, 2)).toEqual({ sites: [], endpoints: null });
  });

  it('throws a frame error on a response cut short', () => {
    const frame = readFixture('java-find-coordinator-response-v6').subarray(0, 30);
    expect(() => findBrokerAddresses(frame, API.FindCoordinator, 6)).toThrow(/frame ends inside/);
  });
});
