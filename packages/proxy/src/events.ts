import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { ProxyError } from './errors.ts';
import type { FaultModuleName } from './faults.ts';
import type { RequestHeader } from './protocol/headers.ts';
import type { ProduceRequest } from './protocol/produce-request.ts';

/** One partition of a Produce request, with the header of its first record batch. */
export interface ProducePartitionEvent {
  /** The topic name; for a v13+ request (topic ids only) the name learned from Metadata, or null when unknown. */
  topic: string | null;
  /** The topic id, in Kafka's text form, for v13+ requests. */
  topicId?: string;
  partition: number;
  /** Records in the partition's batches. */
  records: number;
  /** -1 for a producer that is not idempotent. */
  producerId: number;
  producerEpoch: number;
  baseSequence: number;
}

/** What a Produce request carried: on every event about a Produce request or its response. */
export interface ProduceEventFields {
  acks: number;
  transactionalId: string | null;
  timeoutMs: number;
  partitions: ProducePartitionEvent[];
}

/**
 * One decision of the proxy, as a JSON line. `direction` is `connection` for events about a whole connection; the
 * request fields (api*, correlationId, ordinal, clientId, produce) are on request events and on the response events of
 * that request. Graders and reports read these fields; `detail` is a human sentence whose wording may change.
 */
export interface ProxyEvent {
  /** Increases by one per event from the proxy's start; survives reset. */
  seq: number;
  /** ISO 8601, with milliseconds. */
  time: string;
  /** The client connection, numbered from 1 in the order the proxy accepted them. */
  connection: number;
  direction: 'request' | 'response' | 'connection';
  action: EventAction;
  apiKey?: number;
  apiName?: string;
  apiVersion?: number;
  correlationId?: number;
  /** The request is the Nth of its API the proxy has seen, counted from 1 across connections (reset by reset). */
  ordinal?: number;
  clientId?: string | null;
  /** Frame size on the wire, size prefix included. */
  size?: number;
  /** The fault module that decided this action; absent when nothing but forwarding happened. */
  module?: FaultModuleName;
  /** For `delayed`: the delay. */
  delayMs?: number;
  /** For `answered` and `injected`: the error code the proxy answered with, and its name. */
  errorCode?: number;
  errorName?: string;
  /** For Produce requests and their responses. */
  produce?: ProduceEventFields;
  /** For `routed`: the broker node, the proxy's port for it and where that port forwards (`host:port`). */
  nodeId?: number;
  listenPort?: number;
  upstream?: string;
  /** A sentence for people: the Produce ordinal and acks, a delay, a peer address or an error message. */
  detail?: string;
}

/** The event fields of one request, shared by every event about it and its response. */
export type RequestFields = Pick<ProxyEvent, 'apiKey' | 'apiName' | 'apiVersion' | 'correlationId' | 'ordinal' | 'clientId' | 'produce'>;

/** The event fields of a request from its header, its ordinal and, for Produce, its decoded body. */
export function requestFields(header: RequestHeader, ordinal: number, produce: ProduceRequest | null): RequestFields {
  return {
    apiKey: header.apiKey,
    apiName: header.apiName,
    apiVersion: header.apiVersion,
    correlationId: header.correlationId,
    ordinal,
    clientId: header.clientId,
    ...(produce && { produce: produceFields(produce) }),
  };
}

function produceFields(produce: ProduceRequest): ProduceEventFields {
  return {
    acks: produce.acks,
    transactionalId: produce.transactionalId,
    timeoutMs: produce.timeoutMs,
    partitions: produce.topicData.flatMap((topic) =>
      topic.partitionData.map((p) => ({
        topic: topic.name,
        ...(topic.topicId !== null && { topicId: topic.topicId }),
        partition: p.index,
        records: p.records,
        producerId: p.producerId,
        producerEpoch: p.producerEpoch,
        baseSequence: p.baseSequence,
      })),
    ),
  };
}

const frame = (e: ProxyEvent) => `${e.apiName} ${e.direction} correlation_id=${e.correlationId}`;
const about = (e: ProxyEvent) => (e.detail ? ` (${e.detail})` : '');

/** Every event action, with the transcript line it prints (null: not printed, only logged). */
export const EVENT_ACTIONS = {
  connected: null,
  forwarded: null,
  /** A response to a request sent before a fault closed the client connection. */
  'response-discarded': null,
  disconnected: null,
  /** A broker node got its route: the proxy's port for it (`listenPort`) and its address (`upstream`); connection 0. */
  routed: null,
  /** The response the proxy wrote for a request it `answered`, sent once the responses before it were. */
  injected: null,
  'response-dropped': (e: ProxyEvent) => `dropped ${e.apiName} response correlation_id=${e.correlationId}${about(e)}`,
  delayed: (e: ProxyEvent) => `delayed ${frame(e)} size=${e.size}${about(e)}`,
  /** Never forwarded, never answered. */
  swallowed: (e: ProxyEvent) => `swallowed ${frame(e)}: never forwarded, never answered${about(e)}`,
  /** Not forwarded: the proxy answers it with `errorCode`. */
  answered: (e: ProxyEvent) => `answered ${frame(e)} with ${e.errorName} (${e.errorCode}) instead of forwarding it${about(e)}`,
  closed: (e: ProxyEvent) => `closed client connection ${e.connection}${about(e)}`,
  error: (e: ProxyEvent) => `error on connection ${e.connection}: ${e.detail}`,
} as const satisfies Record<string, ((e: ProxyEvent) => string) | null>;

export type EventAction = keyof typeof EVENT_ACTIONS;

/** The transcript line of an event, `proxy: ...`, or null for an action that is only logged. */
export function formatEvent(event: ProxyEvent): string | null {
  const format = EVENT_ACTIONS[event.action];
  return format ? `proxy: ${format(event)}` : null;
}

export type EventInput = Omit<ProxyEvent, 'seq' | 'time'>;

/** Keeps the last `capacity` events in memory, appends each to a JSONL file when given, and prints fault and error lines. */
export class EventLog {
  private ring: ProxyEvent[] = [];
  private seq = 0;
  private readonly file: WriteStream | null;
  private readonly listeners = new Set<(event: ProxyEvent) => void>();

  constructor(
    private readonly capacity: number,
    private readonly print: (line: string) => void,
    path?: string,
  ) {
    this.file = path ? createWriteStream(path, { flags: 'a' }) : null;
  }

  /** Resolves once the JSONL file is open, or rejects with a ProxyError when it cannot be. */
  async ready(): Promise<void> {
    if (!this.file) return;
    try {
      await once(this.file, 'open');
    } catch (cause) {
      throw new ProxyError('listen', `cannot open the event log ${this.file.path}`, { cause });
    }
  }

  add(input: EventInput): ProxyEvent {
    const event: ProxyEvent = { seq: ++this.seq, time: new Date().toISOString(), ...input };
    this.ring.push(event);
    if (this.ring.length > this.capacity * 2) this.ring = this.ring.slice(-this.capacity);
    this.file?.write(`${JSON.stringify(event)}\n`);
    const line = formatEvent(event);
    if (line) this.print(line);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  /** The most recent events (at most `capacity`), oldest first, optionally only those after sequence number `since`. */
  recent(since = 0): ProxyEvent[] {
    const kept = this.ring.length > this.capacity ? this.ring.slice(-this.capacity) : this.ring.slice();
    return since > 0 ? kept.filter((e) => e.seq > since) : kept;
  }

  /** Resolves with the first event from now on that matches, or rejects after `timeoutMs`. */
  waitFor(match: (event: ProxyEvent) => boolean, timeoutMs: number): Promise<ProxyEvent> {
    return new Promise((resolve, reject) => {
      const listener = (event: ProxyEvent) => {
        if (!match(event)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(event);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new ProxyError('control', `no matching proxy event within ${timeoutMs} ms`));
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }

  /** Forgets the recent events; the sequence numbers go on and the JSONL file keeps every event. */
  clear(): void {
    this.ring = [];
  }

  async close(): Promise<void> {
    if (!this.file) return;
    await new Promise<void>((resolve) => this.file!.end(resolve));
  }
}
