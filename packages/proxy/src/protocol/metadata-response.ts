import { readAddressSite, type AddressSite } from './address-site.ts';
import { Decoder } from './decoder.ts';

/**
 * Metadata Response (Version: 10-13) => throttle_time_ms [brokers] cluster_id controller_id [topics] ...
 *   throttle_time_ms => INT32
 *   brokers => node_id host port rack TAG_BUFFER
 *     node_id => INT32, host => COMPACT_STRING, port => INT32, rack => COMPACT_NULLABLE_STRING
 *   cluster_id => COMPACT_NULLABLE_STRING
 *   controller_id => INT32
 *   topics => error_code name topic_id is_internal [partitions] topic_authorized_operations TAG_BUFFER
 *     error_code => INT16, name => COMPACT_NULLABLE_STRING (nullable from v12), topic_id => UUID, is_internal => BOOLEAN
 *     partitions => error_code partition_index leader_id leader_epoch [replica_nodes] [isr_nodes] [offline_replicas] TAG_BUFFER
 *       error_code => INT16, partition_index => INT32, leader_id => INT32, leader_epoch => INT32, the lists => INT32
 *     topic_authorized_operations => INT32
 *   (then cluster_authorized_operations in v10, error_code in v13+, TAG_BUFFER: not read)
 * Response Header v1 => correlation_id TAG_BUFFER. Topic ids first appear in v10, which is flexible (from v9).
 * (Kafka 4.3.1 clients/src/main/resources/common/message/MetadataResponse.json.)
 */
/**
 * Metadata Response (Version: 0) => [brokers] [topics]; brokers => node_id host port
 * Metadata Response (Version: 1-2) => [brokers] ...; brokers => node_id host port rack
 * Metadata Response (Version: 3-8) => throttle_time_ms [brokers] ...; brokers => node_id host port rack
 * Metadata Response (Version: 9-13, flexible) => throttle_time_ms [brokers] ...; brokers => node_id host port rack TAG_BUFFER
 *   node_id => INT32, host => STRING (COMPACT_STRING from v9), port => INT32, rack => NULLABLE_STRING (v1+)
 * Response Header v0 (v0-8) => correlation_id; v1 (v9+) => correlation_id TAG_BUFFER.
 * The brokers come first, so nothing after them is read.
 */
export function decodeMetadataBrokers(frame: Buffer, version: number): AddressSite[] {
  const flexible = version >= 9;
  const d = new Decoder(frame, 8);
  if (flexible) d.skipTaggedFields('response header tagged fields');
  if (version >= 3) d.int32('throttle_time_ms');
  const sites: AddressSite[] = [];
  for (let b = d.arrayLength(flexible, 'brokers'); b > 0; b--) {
    const nodeId = d.int32('node_id');
    sites.push(readAddressSite(d, nodeId, flexible, 'brokers'));
    if (version >= 1) d.string(flexible, 'rack');
    if (flexible) d.skipTaggedFields('brokers tagged fields');
  }
  return sites;
}

export interface MetadataTopic {
  name: string | null;
  topicId: string;
}

/** The topics of a Metadata response of `version` (the request's), with their ids; empty before v10 (no ids). */
export function decodeMetadataTopics(frame: Buffer, version: number): MetadataTopic[] {
  if (version < 10) return [];
  const d = new Decoder(frame, 8);
  d.skipTaggedFields('response header tagged fields');
  d.int32('throttle_time_ms');
  for (let b = d.arrayLength(true, 'brokers'); b > 0; b--) {
    d.int32('node_id');
    d.compactNullableString('host');
    d.int32('port');
    d.compactNullableString('rack');
    d.skipTaggedFields('brokers tagged fields');
  }
  d.compactNullableString('cluster_id');
  d.int32('controller_id');
  const topics: MetadataTopic[] = [];
  for (let t = d.arrayLength(true, 'topics'); t > 0; t--) {
    d.int16('error_code');
    const name = d.compactNullableString('name');
    const topicId = d.uuid('topic_id');
    d.int8('is_internal');
    for (let p = d.arrayLength(true, 'partitions'); p > 0; p--) {
      d.int16('error_code');
      d.int32('partition_index');
      d.int32('leader_id');
      d.int32('leader_epoch');
      for (const list of ['replica_nodes', 'isr_nodes', 'offline_replicas']) {
        for (let n = d.arrayLength(true, list); n > 0; n--) d.int32(list);
      }
      d.skipTaggedFields('partitions tagged fields');
    }
    d.int32('topic_authorized_operations');
    d.skipTaggedFields('topics tagged fields');
    topics.push({ name, topicId });
  }
  return topics;
}
