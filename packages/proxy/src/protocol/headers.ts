import { apiName, isFlexibleRequest } from './api-keys.ts';
import { Decoder } from './decoder.ts';
import { ProxyError } from '../errors.ts';

/**
 * Request Header v1 => request_api_key request_api_version correlation_id client_id
 * Request Header v2 => request_api_key request_api_version correlation_id client_id TAG_BUFFER
 *   request_api_key => INT16, request_api_version => INT16, correlation_id => INT32
 *   client_id => NULLABLE_STRING (never compact, even in v2)
 */
export interface RequestHeader {
  apiKey: number;
  apiName: string;
  apiVersion: number;
  correlationId: number;
  clientId: string | null;
  /** Offset of the request body in the frame (size prefix included). */
  bodyOffset: number;
}

/** Decodes the request header of a whole frame (size prefix included); header v2 when the API version is flexible. */
export function decodeRequestHeader(frame: Buffer): RequestHeader {
  const d = new Decoder(frame, 4);
  const apiKey = d.int16('request_api_key');
  const apiVersion = d.int16('request_api_version');
  const correlationId = d.int32('correlation_id');
  const clientId = d.nullableString('client_id');
  if (isFlexibleRequest(apiKey, apiVersion)) d.skipTaggedFields('request header tagged fields');
  return { apiKey, apiName: apiName(apiKey), apiVersion, correlationId, clientId, bodyOffset: d.offset };
}

/**
 * Response Header v0 => correlation_id; v1 => correlation_id TAG_BUFFER.
 * The correlation id comes first in both, so it is all the proxy reads of a response.
 */
export function decodeResponseCorrelationId(frame: Buffer): number {
  if (frame.length < 8) throw new ProxyError('frame', `response frame of ${frame.length} bytes has no correlation_id`);
  return frame.readInt32BE(4);
}
