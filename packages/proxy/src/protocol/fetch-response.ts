import { Decoder } from './decoder.ts';

/**
 * Fetch Response (Version: 12-18, flexible) => throttle_time_ms error_code session_id [responses] TAG_BUFFER
 *   responses => topic [partitions] TAG_BUFFER
 *     topic => COMPACT_STRING (v12) | topic_id => UUID (v13+)
 *     partitions => partition_index error_code high_watermark last_stable_offset log_start_offset
 *                   [aborted_transactions] preferred_read_replica records TAG_BUFFER
 *       partition_index => INT32, error_code => INT16, high_watermark => INT64, last_stable_offset => INT64,
 *       log_start_offset => INT64, aborted_transactions => producer_id first_offset (COMPACT_NULLABLE_ARRAY of
 *       INT64 INT64), preferred_read_replica => INT32, records => COMPACT_RECORDS
 *       (tagged: diverging_epoch 0, current_leader 1, snapshot_id 2)
 *   the response's TAG_BUFFER may hold node_endpoints (tag 0, v16+)
 * Response Header v1 => correlation_id TAG_BUFFER.
 * The records are skipped by their length, never parsed.
 * (Kafka 4.3.1 clients/src/main/resources/common/message/FetchResponse.json.)
 */
export function locateFetchTaggedFields(frame: Buffer, version: number): number {
  const d = new Decoder(frame, 8);
  d.skipTaggedFields('response header tagged fields');
  d.int32('throttle_time_ms');
  d.int16('error_code');
  d.int32('session_id');
  for (let t = d.arrayLength(true, 'responses'); t > 0; t--) {
    if (version >= 13) d.uuid('topic_id');
    else d.compactNullableString('topic');
    for (let p = d.arrayLength(true, 'partitions'); p > 0; p--) {
      d.int32('partition_index');
      d.int16('error_code');
      d.int64('high_watermark');
      d.int64('last_stable_offset');
      d.int64('log_start_offset');
      for (let a = d.arrayLength(true, 'aborted_transactions'); a > 0; a--) {
        d.int64('producer_id');
        d.int64('first_offset');
        d.skipTaggedFields('aborted_transactions tagged fields');
      }
      d.int32('preferred_read_replica');
      d.bytes(true, 'records');
      d.skipTaggedFields('partitions tagged fields');
    }
    d.skipTaggedFields('responses tagged fields');
  }
  return d.offset;
}
