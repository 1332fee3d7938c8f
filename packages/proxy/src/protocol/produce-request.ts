import { Decoder } from './decoder.ts';
import type { RequestHeader } from './headers.ts';

/**
 * Produce Request (Version: 0-2) => acks timeout_ms [topic_data]
 * Produce Request (Version: 3-8) => transactional_id acks timeout_ms [topic_data]
 *   transactional_id => NULLABLE_STRING
 * Produce Request (Version: 9+, flexible) => transactional_id acks timeout_ms [topic_data] TAG_BUFFER
 *   transactional_id => COMPACT_NULLABLE_STRING
 * acks => INT16, timeout_ms => INT32; the topic data is not decoded.
 */
export interface ProduceRequestPrefix {
  transactionalId: string | null;
  acks: number;
  timeoutMs: number;
}

/** Decodes the fields of a Produce request up to timeout_ms; acks=0 means the broker sends no response. */
export function decodeProduceRequestPrefix(frame: Buffer, header: RequestHeader): ProduceRequestPrefix {
  const d = new Decoder(frame, header.bodyOffset);
  let transactionalId: string | null = null;
  if (header.apiVersion >= 9) transactionalId = d.compactNullableString('transactional_id');
  else if (header.apiVersion >= 3) transactionalId = d.nullableString('transactional_id');
  const acks = d.int16('acks');
  const timeoutMs = d.int32('timeout_ms');
  return { transactionalId, acks, timeoutMs };
}
