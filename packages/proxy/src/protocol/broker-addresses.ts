import { API } from './api-keys.ts';
import type { AddressSite, BrokerAddress } from './address-site.ts';
import { Encoder } from './encoder.ts';
import { ProxyError } from '../errors.ts';
import { decodeDescribeClusterBrokers } from './describe-cluster-response.ts';
import { locateFetchTaggedFields } from './fetch-response.ts';
import { decodeFindCoordinatorNodes } from './find-coordinator-response.ts';
import { decodeMetadataBrokers } from './metadata-response.ts';
import { decodeNodeEndpoints, encodeNodeEndpoints, type NodeEndpointsField } from './node-endpoints.ts';
import { locateProduceTaggedFields } from './produce-response.ts';

/**
 * Where a response names brokers by address. In every schema that does so (Kafka 4.3.1
 * clients/src/main/resources/common/message/), the host and the port follow each other:
 *   ... node_id => INT32, host => STRING | COMPACT_STRING, port => INT32 ...
 * so one site is the byte range from the host's length prefix to the end of the port, and rewriting a site
 * replaces that range. The KIP-951 leader hints (Produce v10+, Fetch v16+) sit in a tagged field whose size prefix
 * changes with them: they are decoded and re-encoded whole (`node-endpoints.ts`).
 */
/** The broker addresses a response carries, found in place. */
export interface FoundAddresses {
  sites: AddressSite[];
  endpoints: NodeEndpointsField | null;
}

/** The APIs whose responses name brokers, from the version on which they do (Produce and Fetch: KIP-951). */
export const ADDRESS_APIS: ReadonlyMap<number, number> = new Map([
  [API.Metadata, 0],
  [API.FindCoordinator, 0],
  [API.DescribeCluster, 0],
  [API.Produce, 10],
  [API.Fetch, 16],
]);

/** Tells whether a response of this API and version may name brokers. */
export function carriesAddresses(apiKey: number, version: number): boolean {
  const from = ADDRESS_APIS.get(apiKey);
  return from !== undefined && version >= from;
}

/** Finds the broker addresses in a response of `apiKey` at `version` (the request's); null for other APIs. */
export function findBrokerAddresses(frame: Buffer, apiKey: number, version: number): FoundAddresses | null {
  if (!carriesAddresses(apiKey, version)) return null;
  switch (apiKey) {
    case API.Metadata:
      return { sites: decodeMetadataBrokers(frame, version), endpoints: null };
    case API.FindCoordinator:
      return { sites: decodeFindCoordinatorNodes(frame, version), endpoints: null };
    case API.DescribeCluster:
      return { sites: decodeDescribeClusterBrokers(frame, version), endpoints: null };
    case API.Produce:
      return { sites: [], endpoints: decodeNodeEndpoints(frame, locateProduceTaggedFields(frame, version)) };
    case API.Fetch:
      return { sites: [], endpoints: decodeNodeEndpoints(frame, locateFetchTaggedFields(frame, version)) };
    default:
      return null;
  }
}

/** Every broker address found, in frame order. */
export function addressesOf(found: FoundAddresses): BrokerAddress[] {
  const all: BrokerAddress[] = found.sites.map(({ nodeId, host, port }) => ({ nodeId, host, port }));
  for (const e of found.endpoints?.endpoints ?? []) all.push({ nodeId: e.nodeId, host: e.host, port: e.port });
  return all;
}

/**
 * The frame with every address replaced by `to(address)` (null: left as it is); the size prefix follows the new
 * length. Returns the same buffer when nothing changes, so that a response the proxy needs not touch stays byte for byte.
 */
export function rewriteBrokerAddresses(frame: Buffer, found: FoundAddresses, to: (address: BrokerAddress) => BrokerAddress | null): Buffer {
  const edits: { start: number; end: number; bytes: Buffer }[] = [];
  for (const site of found.sites) {
    const next = to(site);
    if (!next || (next.host === site.host && next.port === site.port)) continue;
    const e = new Encoder().string(site.compact, next.host).int32(next.port);
    edits.push({ start: site.start, end: site.end, bytes: e.frame().subarray(4) });
  }
  const field = found.endpoints;
  if (field) {
    let changed = false;
    const endpoints = field.endpoints.map((e) => {
      const next = to(e);
      if (!next || (next.host === e.host && next.port === e.port)) return e;
      changed = true;
      return { ...e, host: next.host, port: next.port };
    });
    if (changed) edits.push({ start: field.start, end: field.end, bytes: encodeNodeEndpoints(endpoints) });
  }
  if (edits.length === 0) return frame;
  edits.sort((a, b) => a.start - b.start);
  const parts: Buffer[] = [];
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) throw new ProxyError('frame', 'overlapping broker address sites');
    parts.push(frame.subarray(at, edit.start), edit.bytes);
    at = edit.end;
  }
  parts.push(frame.subarray(at));
  const out = Buffer.concat(parts);
  out.writeInt32BE(out.length - 4, 0);
  return out;
}

export type { AddressSite, BrokerAddress } from './address-site.ts';
