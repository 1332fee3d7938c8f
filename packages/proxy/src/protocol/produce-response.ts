import { Decoder } from './decoder.ts';
import { Encoder } from './encoder.ts';
import { readTopicKey, type ProduceRequest } from './produce-request.ts';

/**
 * Produce Response (Version: 3-8) => [responses] throttle_time_ms
 *   responses => name [partition_responses]
 *     name => STRING
 *     partition_responses => index error_code base_offset log_append_time_ms log_start_offset [record_errors] error_message
 *       index => INT32, error_code => INT16, base_offset => INT64, log_append_time_ms => INT64
 *       log_start_offset => INT64 (v5+)
 *       record_errors => batch_index batch_index_error_message (v8+; INT32, NULLABLE_STRING)
 *       error_message => NULLABLE_STRING (v8+)
 *   throttle_time_ms => INT32
 * Produce Response (Version: 9-12, flexible) => the same with COMPACT_ strings and arrays and a TAG_BUFFER after each
 *   record_errors, partition_responses, responses entry and the response; v10+ may tag current_leader (partition,
 *   tag 0) and node_endpoints (response, tag 0), which this codec skips and never writes.
 * Produce Response (Version: 13+) => responses => topic_id [partition_responses] TAG_BUFFER (topic_id => UUID).
 * Response Header v0 => correlation_id (non-flexible versions); v1 => correlation_id TAG_BUFFER (flexible).
 * (Kafka 4.3.1 clients/src/main/resources/common/message/ProduceResponse.json.)
 */
export interface ProduceResponse {
  correlationId: number;
  responses: TopicProduceResponse[];
  throttleTimeMs: number;
}

export interface TopicProduceResponse {
  /** The topic name (up to v12); null in v13+. */
  name: string | null;
  /** The topic id (v13+); null before v13. */
  topicId: string | null;
  partitionResponses: PartitionProduceResponse[];
}

export interface PartitionProduceResponse {
  index: number;
  errorCode: number;
  baseOffset: number;
  logAppendTimeMs: number;
  logStartOffset: number;
  recordErrors: { batchIndex: number; batchIndexErrorMessage: string | null }[];
  errorMessage: string | null;
}

/** Decodes a Produce response of `version` (the request's); tagged fields are skipped. */
export function decodeProduceResponse(frame: Buffer, version: number): ProduceResponse {
  const flexible = version >= 9;
  const d = new Decoder(frame, 4);
  const correlationId = d.int32('correlation_id');
  if (flexible) d.skipTaggedFields('response header tagged fields');
  const responses: TopicProduceResponse[] = [];
  for (let t = d.arrayLength(flexible, 'responses'); t > 0; t--) {
    const { name, topicId } = readTopicKey(d, version, 'responses');
    const partitionResponses: PartitionProduceResponse[] = [];
    for (let p = d.arrayLength(flexible, 'partition_responses'); p > 0; p--) {
      const index = d.int32('index');
      const errorCode = d.int16('error_code');
      const baseOffset = d.int64('base_offset');
      const logAppendTimeMs = d.int64('log_append_time_ms');
      const logStartOffset = version >= 5 ? d.int64('log_start_offset') : -1;
      const recordErrors: PartitionProduceResponse['recordErrors'] = [];
      let errorMessage: string | null = null;
      if (version >= 8) {
        for (let r = d.arrayLength(flexible, 'record_errors'); r > 0; r--) {
          const batchIndex = d.int32('batch_index');
          recordErrors.push({ batchIndex, batchIndexErrorMessage: d.string(flexible, 'batch_index_error_message') });
          if (flexible) d.skipTaggedFields('record_errors tagged fields');
        }
        errorMessage = d.string(flexible, 'error_message');
      }
      if (flexible) d.skipTaggedFields('partition_responses tagged fields');
      partitionResponses.push({ index, errorCode, baseOffset, logAppendTimeMs, logStartOffset, recordErrors, errorMessage });
    }
    if (flexible) d.skipTaggedFields('responses tagged fields');
    responses.push({ name, topicId, partitionResponses });
  }
  const throttleTimeMs = d.int32('throttle_time_ms');
  if (flexible) d.skipTaggedFields('response tagged fields');
  return { correlationId, responses, throttleTimeMs };
}

/** The offset of a flexible Produce response's top-level TAG_BUFFER (v10+: node_endpoints, tag 0). */
export function locateProduceTaggedFields(frame: Buffer, version: number): number {
  const d = new Decoder(frame, 8);
  d.skipTaggedFields('response header tagged fields');
  for (let t = d.arrayLength(true, 'responses'); t > 0; t--) {
    readTopicKey(d, version, 'responses');
    for (let p = d.arrayLength(true, 'partition_responses'); p > 0; p--) {
      d.int32('index');
      d.int16('error_code');
      d.int64('base_offset');
      d.int64('log_append_time_ms');
      d.int64('log_start_offset');
      for (let r = d.arrayLength(true, 'record_errors'); r > 0; r--) {
        d.int32('batch_index');
        d.compactNullableString('batch_index_error_message');
        d.skipTaggedFields('record_errors tagged fields');
      }
      d.compactNullableString('error_message');
      d.skipTaggedFields('partition_responses tagged fields');
    }
    d.skipTaggedFields('responses tagged fields');
  }
  d.int32('throttle_time_ms');
  return d.offset;
}

/** Encodes a Produce response of `version` (3 or later) as the broker does, without tagged fields. */
export function encodeProduceResponse(response: ProduceResponse, version: number): Buffer {
  const flexible = version >= 9;
  const e = new Encoder().int32(response.correlationId);
  if (flexible) e.noTaggedFields();
  e.arrayLength(flexible, response.responses.length);
  for (const topic of response.responses) {
    if (version >= 13) e.uuid(topic.topicId ?? '');
    else e.string(flexible, topic.name);
    e.arrayLength(flexible, topic.partitionResponses.length);
    for (const p of topic.partitionResponses) {
      e.int32(p.index).int16(p.errorCode).int64(p.baseOffset).int64(p.logAppendTimeMs);
      if (version >= 5) e.int64(p.logStartOffset);
      if (version >= 8) {
        e.arrayLength(flexible, p.recordErrors.length);
        for (const r of p.recordErrors) {
          e.int32(r.batchIndex).string(flexible, r.batchIndexErrorMessage);
          if (flexible) e.noTaggedFields();
        }
        e.string(flexible, p.errorMessage);
      }
      if (flexible) e.noTaggedFields();
    }
    if (flexible) e.noTaggedFields();
  }
  e.int32(response.throttleTimeMs);
  if (flexible) e.noTaggedFields();
  return e.frame();
}

/** The response a broker gives when it rejects a whole Produce request: `errorCode` for every partition it names. */
export function produceErrorResponse(request: ProduceRequest, correlationId: number, errorCode: number): ProduceResponse {
  return {
    correlationId,
    responses: request.topicData.map((topic) => ({
      name: topic.name,
      topicId: topic.topicId,
      partitionResponses: topic.partitionData.map((p) => ({
        index: p.index,
        errorCode,
        baseOffset: -1,
        logAppendTimeMs: -1,
        logStartOffset: -1,
        recordErrors: [],
        errorMessage: null,
      })),
    })),
    throttleTimeMs: 0,
  };
}
