import type { EventLog } from '../events.ts';
import type { Chain, Faults } from '../faults.ts';
import type { Connection } from './connection.ts';
import type { Router } from '../routing.ts';
import type { TopicNames } from './topic-names.ts';

/** Counters since the proxy started or was last reset; `open` is the number of client connections open now. */
export interface Counters {
  connections: number;
  open: number;
  /** Forwarded requests by API name. */
  requests: Record<string, number>;
  /** Produce requests seen (the last Produce ordinal). */
  produce: number;
  dropped: number;
  delayed: number;
  closed: number;
  /** Requests never forwarded and never answered. */
  swallowed: number;
  /** Requests the proxy answered itself instead of forwarding them. */
  answered: number;
  errors: number;
}

/** What the proxy holds for its connections now; all zero once every connection has closed. */
export interface Buffers {
  /** Connections whose broker side is still open (a closed client's requests already sent may still be answered). */
  connections: number;
  /** Bytes held: incomplete frames in both directions and delayed requests. */
  bytes: number;
  /** Bytes of incomplete request frames, as counted against `maxBufferedBytes`. */
  partialRequestBytes: number;
  /** Requests awaiting a response. */
  inFlight: number;
}

/** What all connections of one proxy share: the faults in force, the counters, the event log, the buffer budget. */
export interface ProxyContext {
  faults: Faults;
  chain: Chain;
  counters: Counters;
  /** The last ordinal given per API key. */
  ordinals: Map<number, number>;
  topicNames: TopicNames;
  log: EventLog;
  /** The broker nodes' listeners, and the rewriting of the addresses responses carry. */
  router: Router;
  maxFrameBytes: number;
  /** Bytes of incomplete request frames held across all connections, and their cap. */
  buffered: { bytes: number; max: number };
  /** How long a request frame may stay incomplete while the proxy reads from its client. */
  frameTimeoutMs: number;
  /** Connections until their broker side has closed. */
  connections: Set<Connection>;
}
