import { Decoder } from './decoder.ts';
import type { RequestHeader } from './headers.ts';

/**
 * Produce Request (Version: 3-8) => transactional_id acks timeout_ms [topic_data]
 *   transactional_id => NULLABLE_STRING
 *   acks => INT16
 *   timeout_ms => INT32
 *   topic_data => name [partition_data]
 *     name => STRING
 *     partition_data => index records
 *       index => INT32
 *       records => RECORDS
 * Produce Request (Version: 9-12, flexible) => the same with COMPACT_ strings, arrays and records, and a TAG_BUFFER
 *   after each partition_data, each topic_data and the request.
 * Produce Request (Version: 13+) => topic_data => topic_id [partition_data] TAG_BUFFER (topic_id => UUID, no name).
 * (Kafka 4.3.1 clients/src/main/resources/common/message/ProduceRequest.json; versions 0-2 are rejected by 4.x.)
 */
export interface ProduceRequestPrefix {
  transactionalId: string | null;
  acks: number;
  timeoutMs: number;
}

/** The first record batch's header fields of one partition's records, and the record count of all its batches. */
export interface RecordBatchSummary {
  /** Records in every batch of the partition's data. */
  records: number;
  /** -1 when the producer is not idempotent. */
  producerId: number;
  producerEpoch: number;
  baseSequence: number;
}

export interface ProducePartitionData extends RecordBatchSummary {
  index: number;
}

export interface ProduceTopicData {
  /** The topic name (up to v12); null in v13+, where only the id is sent. */
  name: string | null;
  /** The topic id (v13+), in Kafka's text form; null before v13. */
  topicId: string | null;
  partitionData: ProducePartitionData[];
}

export interface ProduceRequest extends ProduceRequestPrefix {
  topicData: ProduceTopicData[];
}

/** Decodes the fields of a Produce request up to timeout_ms; acks=0 means the broker sends no response. */
export function decodeProduceRequestPrefix(frame: Buffer, header: RequestHeader): ProduceRequestPrefix {
  return readPrefix(new Decoder(frame, header.bodyOffset), header.apiVersion);
}

function readPrefix(d: Decoder, version: number): ProduceRequestPrefix {
  let transactionalId: string | null = null;
  if (version >= 9) transactionalId = d.compactNullableString('transactional_id');
  else if (version >= 3) transactionalId = d.nullableString('transactional_id');
  const acks = d.int16('acks');
  const timeoutMs = d.int32('timeout_ms');
  return { transactionalId, acks, timeoutMs };
}

/** Decodes a whole Produce request; of the records it reads only the record batch headers (magic 2). */
export function decodeProduceRequest(frame: Buffer, header: RequestHeader): ProduceRequest {
  const version = header.apiVersion;
  const flexible = version >= 9;
  const d = new Decoder(frame, header.bodyOffset);
  const prefix = readPrefix(d, version);
  const topicData: ProduceTopicData[] = [];
  for (let t = d.arrayLength(flexible, 'topic_data'); t > 0; t--) {
    const { name, topicId } = readTopicKey(d, version, 'topic_data');
    const partitionData: ProducePartitionData[] = [];
    for (let p = d.arrayLength(flexible, 'partition_data'); p > 0; p--) {
      const index = d.int32('partition_data index');
      const records = d.bytes(flexible, 'partition_data records');
      partitionData.push({ index, ...summarizeRecords(records) });
      if (flexible) d.skipTaggedFields('partition_data tagged fields');
    }
    if (flexible) d.skipTaggedFields('topic_data tagged fields');
    topicData.push({ name, topicId, partitionData });
  }
  if (flexible) d.skipTaggedFields('request tagged fields');
  return { ...prefix, topicData };
}

/** The key of a topic entry in Produce requests and responses: `name` up to v12, `topic_id` from v13. */
export function readTopicKey(d: Decoder, version: number, what: string): { name: string | null; topicId: string | null } {
  if (version >= 13) return { name: null, topicId: d.uuid(`${what} topic_id`) };
  return { name: d.string(version >= 9, `${what} name`), topicId: null };
}

/**
 * RecordBatch (magic 2) => baseOffset:INT64 batchLength:INT32 partitionLeaderEpoch:INT32 magic:INT8 crc:INT32
 *   attributes:INT16 lastOffsetDelta:INT32 baseTimestamp:INT64 maxTimestamp:INT64 producerId:INT64
 *   producerEpoch:INT16 baseSequence:INT32 recordsCount:INT32 records...
 * batchLength counts the bytes after itself. A batch of another magic counts no records and no producer.
 */
function summarizeRecords(records: Buffer | null): RecordBatchSummary {
  const summary: RecordBatchSummary = { records: 0, producerId: -1, producerEpoch: -1, baseSequence: -1 };
  if (!records) return summary;
  for (let at = 0; at + 61 <= records.length; at += 12 + records.readInt32BE(at + 8)) {
    if (records.readInt8(at + 16) !== 2 || records.readInt32BE(at + 8) < 49) break;
    if (at === 0) {
      summary.producerId = Number(records.readBigInt64BE(43));
      summary.producerEpoch = records.readInt16BE(51);
      summary.baseSequence = records.readInt32BE(53);
    }
    summary.records += records.readInt32BE(at + 57);
  }
  return summary;
}
