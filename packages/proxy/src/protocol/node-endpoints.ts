import { Decoder } from './decoder.ts';
import { Encoder } from './encoder.ts';

/**
 * The KIP-951 leader hints: a response's top-level TAG_BUFFER may hold, as tag 0,
 *   node_endpoints => [node_id host port rack TAG_BUFFER]   (COMPACT_ARRAY)
 *     node_id => INT32, host => COMPACT_STRING, port => INT32, rack => COMPACT_NULLABLE_STRING
 * (Produce Response v10+, Fetch Response v16+). A tagged field is tag => UNSIGNED_VARINT, size => UNSIGNED_VARINT,
 * then `size` bytes; the TAG_BUFFER starts with the number of tagged fields.
 * (Kafka 4.3.1 clients/src/main/resources/common/message/ProduceResponse.json, FetchResponse.json.)
 */
export interface NodeEndpoint {
  nodeId: number;
  host: string;
  port: number;
  rack: string | null;
  /** The endpoint's own TAG_BUFFER, kept as it came. */
  taggedFields: Buffer;
}

/** The node_endpoints tagged field in place: bytes [start, end) hold its tag, its size and its value. */
export interface NodeEndpointsField {
  start: number;
  end: number;
  endpoints: NodeEndpoint[];
}

const NODE_ENDPOINTS_TAG = 0;

/** Reads the top-level TAG_BUFFER at `offset` (the frame's last bytes); null when it has no node_endpoints. */
export function decodeNodeEndpoints(frame: Buffer, offset: number): NodeEndpointsField | null {
  const d = new Decoder(frame, offset);
  for (let count = d.uvarint('response tagged fields'); count > 0; count--) {
    const start = d.offset;
    const tag = d.uvarint('tag');
    const size = d.uvarint('tagged field size');
    const valueEnd = d.offset + size;
    if (tag !== NODE_ENDPOINTS_TAG) {
      d.offset = valueEnd;
      continue;
    }
    const endpoints: NodeEndpoint[] = [];
    for (let n = d.arrayLength(true, 'node_endpoints'); n > 0; n--) {
      const nodeId = d.int32('node_id');
      const host = d.compactNullableString('host') ?? '';
      const port = d.int32('port');
      const rack = d.compactNullableString('rack');
      const tagsAt = d.offset;
      d.skipTaggedFields('node_endpoints tagged fields');
      endpoints.push({ nodeId, host, port, rack, taggedFields: frame.subarray(tagsAt, d.offset) });
    }
    if (d.offset !== valueEnd) d.offset = valueEnd;
    return { start, end: valueEnd, endpoints };
  }
  return null;
}

/** The node_endpoints tagged field (tag, size, value) for these endpoints. */
export function encodeNodeEndpoints(endpoints: NodeEndpoint[]): Buffer {
  const value = new Encoder().arrayLength(true, endpoints.length);
  for (const e of endpoints) {
    value.int32(e.nodeId).string(true, e.host).int32(e.port).string(true, e.rack);
    value.raw(e.taggedFields);
  }
  const bytes = value.frame().subarray(4);
  return Buffer.concat([new Encoder().uvarint(NODE_ENDPOINTS_TAG).uvarint(bytes.length).frame().subarray(4), bytes]);
}
