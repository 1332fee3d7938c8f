import { readAddressSite, type AddressSite } from './address-site.ts';
import { Decoder } from './decoder.ts';

/**
 * DescribeCluster Response (Version: 0-2, all flexible) =>
 *     throttle_time_ms error_code error_message endpoint_type cluster_id controller_id [brokers]
 *     cluster_authorized_operations TAG_BUFFER
 *   throttle_time_ms => INT32, error_code => INT16, error_message => COMPACT_NULLABLE_STRING
 *   endpoint_type => INT8 (v1+; 1 = brokers, 2 = controllers)
 *   cluster_id => COMPACT_STRING, controller_id => INT32
 *   brokers => broker_id host port rack is_fenced TAG_BUFFER
 *     broker_id => INT32, host => COMPACT_STRING, port => INT32, rack => COMPACT_NULLABLE_STRING, is_fenced => BOOLEAN (v2+)
 * Response Header v1 => correlation_id TAG_BUFFER.
 * A response describing the controllers (endpoint_type 2) names no broker a client produces to: no sites.
 * (Kafka 4.3.1 clients/src/main/resources/common/message/DescribeClusterResponse.json.)
 */
export function decodeDescribeClusterBrokers(frame: Buffer, version: number): AddressSite[] {
  const d = new Decoder(frame, 8);
  d.skipTaggedFields('response header tagged fields');
  d.int32('throttle_time_ms');
  d.int16('error_code');
  d.compactNullableString('error_message');
  const endpointType = version >= 1 ? d.int8('endpoint_type') : 1;
  d.compactNullableString('cluster_id');
  d.int32('controller_id');
  const sites: AddressSite[] = [];
  for (let b = d.arrayLength(true, 'brokers'); b > 0; b--) {
    const nodeId = d.int32('broker_id');
    sites.push(readAddressSite(d, nodeId, true, 'brokers'));
    d.compactNullableString('rack');
    if (version >= 2) d.int8('is_fenced');
    d.skipTaggedFields('brokers tagged fields');
  }
  return endpointType === 1 ? sites : [];
}
