import type { Decoder } from './decoder.ts';
import { ProxyError } from '../errors.ts';

/** A broker as a response names it. */
export interface BrokerAddress {
  nodeId: number;
  host: string;
  port: number;
}

/** A host and port inside a frame: bytes [start, end) hold the host (with its length prefix) and the port. */
export interface AddressSite extends BrokerAddress {
  start: number;
  end: number;
  compact: boolean;
}

/** Reads `host` (STRING or COMPACT_STRING) then `port` (INT32) at the decoder's offset, as one site. */
export function readAddressSite(d: Decoder, nodeId: number, compact: boolean, what: string): AddressSite {
  const start = d.offset;
  const host = d.string(compact, `${what} host`);
  const port = d.int32(`${what} port`);
  if (host === null) throw new ProxyError('frame', `null host in ${what}`);
  return { nodeId, host, port, start, end: d.offset, compact };
}
