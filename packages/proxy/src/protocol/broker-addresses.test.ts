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

describe('KIP-951 leader hints (node_endpoints, tag 0)', () => {
  // Node 3 of the 3-node layout answering librdkafka's Produce v10 for a partition that node 2 leads.
  const frame = readFixture('rdkafka-produce-response-v10-not-leader');

  it('finds the leader\'s endpoint in a NOT_LEADER_OR_FOLLOWER Produce v10 response', () => {
    const found = findBrokerAddresses(frame, API.Produce, 10)!;
    expect(found.sites).toEqual([]);
    expect(found.endpoints?.endpoints).toEqual([{ nodeId: 2, host: 'localhost', port: 9094, rack: null, taggedFields: Buffer.from([0]) }]);
    expect(found.endpoints!.end).toBe(frame.length);
  });

  it('re-encodes it byte for byte, and rewrites it with the tagged field\'s size following the host', () => {
    const found = findBrokerAddresses(frame, API.Produce, 10)!;
    expect(rewriteBrokerAddresses(frame, found, (a) => ({ ...a })).equals(frame)).toBe(true);
    const rewritten = rewriteBrokerAddresses(frame, found, moved);
    expect(rewritten.readInt32BE(0)).toBe(rewritten.length - 4);
    expect(addressesOf(findBrokerAddresses(rewritten, API.Produce, 10)!)).toEqual([{ nodeId: 2, host: 'proxy.example', port: 40002 }]);
    const back = rewriteBrokerAddresses(rewritten, findBrokerAddresses(rewritten, API.Produce, 10)!, () => ({ nodeId: 2, host: 'localhost', port: 9094 }));
    expect(back.equals(frame)).toBe(true);
  });
});

describe('leader hints in Fetch v16+', () => {
  it('finds node_endpoints at the end of a Fetch v18 response (the Java client\'s, given the Produce hint\'s field)', () => {
    const fetch = readFixture('java-fetch-response-v18');
    const produce = readFixture('rdkafka-produce-response-v10-not-leader');
    const field = findBrokerAddresses(produce, API.Produce, 10)!.endpoints!;
    // The captured response ends with an empty TAG_BUFFER (0): make it one tagged field, node_endpoints.
    const withHint = Buffer.concat([fetch.subarray(0, fetch.length - 1), Buffer.from([1]), produce.subarray(field.start, field.end)]);
    withHint.writeInt32BE(withHint.length - 4, 0);
    const found = findBrokerAddresses(withHint, API.Fetch, 18)!;
    expect(addressesOf(found)).toEqual([{ nodeId: 2, host: 'localhost', port: 9094 }]);
    const rewritten = rewriteBrokerAddresses(withHint, found, () => ({ nodeId: 2, host: 'localhost', port: 40002 }));
    expect(rewritten.subarray(0, fetch.length - 1).subarray(4).equals(fetch.subarray(4, fetch.length - 1))).toBe(true);
    expect(addressesOf(findBrokerAddresses(rewritten, API.Fetch, 18)!)).toEqual([{ nodeId: 2, host: 'localhost', port: 40002 }]);
  });
});
