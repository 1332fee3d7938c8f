import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { ProxyError } from './errors.ts';

/** One decision of the proxy; `direction` is `connection` for events about a whole connection. */
export interface ProxyEvent {
  /** Increases by one per event from the proxy's start; survives reset. */
  seq: number;
  time: string;
  connection: number;
  direction: 'request' | 'response' | 'connection';
  action: EventAction;
  apiKey?: number;
  apiName?: string;
  apiVersion?: number;
  correlationId?: number;
  /** Frame size on the wire, size prefix included. */
  size?: number;
  /** Produce ordinal (from 1, across the proxy), acks, a delay, a peer address or an error message. */
  detail?: string;
}

const frame = (e: ProxyEvent) => `${e.apiName} ${e.direction} correlation_id=${e.correlationId}`;

/** Every event action, with the transcript line it prints (null: not printed, only logged). */
export const EVENT_ACTIONS = {
  connected: null,
  forwarded: null,
  /** A response to a request sent before a fault closed the client connection. */
  'response-discarded': null,
  disconnected: null,
  'response-dropped': (e: ProxyEvent) => `dropped ${e.apiName} response correlation_id=${e.correlationId} (${e.detail})`,
  delayed: (e: ProxyEvent) => `delayed ${frame(e)} size=${e.size} (${e.detail})`,
  closed: (e: ProxyEvent) => `closed client connection ${e.connection} (${e.detail})`,
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
