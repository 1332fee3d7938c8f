import { readAddressSite, type AddressSite } from './address-site.ts';
import { Decoder } from './decoder.ts';

/**
 * FindCoordinator Response (Version: 0) => error_code node_id host port
 * FindCoordinator Response (Version: 1-2) => throttle_time_ms error_code error_message node_id host port
 * FindCoordinator Response (Version: 3, flexible) => the same with COMPACT_ strings, then TAG_BUFFER
 * FindCoordinator Response (Version: 4-6) => throttle_time_ms [coordinators] TAG_BUFFER
 *   coordinators => key node_id host port error_code error_message TAG_BUFFER
 *   throttle_time_ms => INT32, error_code => INT16, error_message => NULLABLE_STRING, node_id => INT32,
 *   host => STRING, port => INT32, key => STRING
 * Response Header v0 (v0-2) => correlation_id; v1 (v3+) => correlation_id TAG_BUFFER.
 * An error (COORDINATOR_NOT_AVAILABLE, ...) names node -1 with host "" and port -1: not a site.
 * (Kafka 4.3.1 clients/src/main/resources/common/message/FindCoordinatorResponse.json.)
 */
export function decodeFindCoordinatorNodes(frame: Buffer, version: number): AddressSite[] {
  const flexible = version >= 3;
  const d = new Decoder(frame, 8);
  if (flexible) d.skipTaggedFields('response header tagged fields');
  if (version >= 1) d.int32('throttle_time_ms');
  const sites: AddressSite[] = [];
  if (version <= 3) {
    d.int16('error_code');
    if (version >= 1) d.string(flexible, 'error_message');
    const nodeId = d.int32('node_id');
    const site = readAddressSite(d, nodeId, flexible, 'coordinator');
    if (nodeId >= 0) sites.push(site);
    return sites;
  }
  for (let c = d.arrayLength(true, 'coordinators'); c > 0; c--) {
    d.string(true, 'key');
    const nodeId = d.int32('node_id');
    const site = readAddressSite(d, nodeId, true, 'coordinators');
    if (nodeId >= 0) sites.push(site);
    d.int16('error_code');
    d.string(true, 'error_message');
    d.skipTaggedFields('coordinators tagged fields');
  }
  return sites;
}
