import net, { type Socket } from 'node:net';
import { API } from './protocol/api-keys.ts';
import { FrameReader } from './protocol/frame-reader.ts';
import { decodeRequestHeader, decodeResponseCorrelationId, type RequestHeader } from './protocol/headers.ts';
import { decodeProduceRequestPrefix } from './protocol/produce-request.ts';
import { oneLine } from '@kafka-labs/cli';
import { ProxyError } from './errors.ts';
import type { EventAction, EventLog, ProxyEvent } from './events.ts';
import type { Faults } from './faults.ts';

/** Counters since the proxy started or was last reset; `open` is the number of client connections open now. */
export interface Counters {
  connections: number;
  open: number;
  /** Forwarded requests by API name. */
  requests: Record<string, number>;
  produce: number;
  dropped: number;
  delayed: number;
  closed: number;
  errors: number;
}

/** What all connections of one proxy share: the faults in force, the counters, the event log. */
export interface ProxyContext {
  faults: Faults;
  counters: Counters;
  log: EventLog;
  upstream: { host: string; port: number };
  maxFrameBytes: number;
  /** Connections until their broker side has closed. */
  connections: Set<Connection>;
}

/** Held request bytes above which the proxy stops reading from the client until the held frames are forwarded. */
const HOLD_LIMIT_BYTES = 16 * 1024 * 1024;
/** How long the broker side of a closed client connection stays open for the answers to requests already sent. */
const DRAIN_AFTER_CLOSE_MS = 30_000;

interface InFlight {
  header: RequestHeader;
  drop: boolean;
  detail: string | undefined;
}

interface Held {
  frame: Buffer;
  header: RequestHeader;
  releaseAt: number;
}

/**
 * One client connection and its own connection to the broker. Forwards every frame byte for byte, in order,
 * except what the faults in force say: a dropped Produce response, a delayed request, a close after a Produce request.
 */
export class Connection {
  private readonly upstream: Socket;
  private readonly requests: FrameReader;
  private readonly responses: FrameReader;
  private readonly inflight = new Map<number, InFlight>();
  private readonly held: Held[] = [];
  private heldBytes = 0;
  private releaseTimer: NodeJS.Timeout | null = null;
  private readonly clientPauses = new Set<'held' | 'drain'>();
  private upstreamWaitsForDrain = false;
  /** Set once the client side is closed, by the client, a fault or an error. */
  private clientGone = false;
  /** The client closed while requests were delayed: they still go to the broker, then the connection ends. */
  private deliverHeldThenFinish = false;
  private lastClientError: string | undefined;
  private finished = false;

  constructor(
    readonly id: number,
    private readonly client: Socket,
    private readonly ctx: ProxyContext,
  ) {
    ctx.connections.add(this);
    ctx.counters.connections++;
    ctx.counters.open++;
    this.requests = new FrameReader(ctx.maxFrameBytes);
    this.responses = new FrameReader(ctx.maxFrameBytes);
    client.setNoDelay(true);
    this.event('connection', 'connected', { detail: `from ${client.remoteAddress}:${client.remotePort}` });

    const { host, port } = ctx.upstream;
    this.upstream = net.connect({ host, port, noDelay: true });
    this.upstream.on('data', (chunk: Buffer) => this.onResponseBytes(chunk));
    this.upstream.on('error', (cause) => this.fail(new ProxyError('upstream', `broker ${host}:${port}`, { cause })));
    this.upstream.on('close', () => {
      this.onUpstreamClose();
      ctx.connections.delete(this);
    });
    client.on('data', (chunk: Buffer) => this.onRequestBytes(chunk));
    client.on('error', (err) => (this.lastClientError = err.message));
    client.on('close', () => this.onClientClose());
  }

  /** Closes both sides at once, without events; used when the proxy stops. */
  destroy(): void {
    this.clientGone = true;
    this.client.destroy();
    this.finish();
    this.upstream.destroy();
  }

  private onRequestBytes(chunk: Buffer): void {
    this.upstream.cork();
    try {
      for (const frame of this.requests.push(chunk)) {
        const header = decodeRequestHeader(frame);
        const faults = this.ctx.faults;
        const delayed = faults.delayMinBytes !== undefined && frame.length >= faults.delayMinBytes;
        if (delayed || this.held.length > 0) this.hold(frame, header, delayed ? (faults.delayMs ?? 0) : null);
        else this.forward(frame, header);
        if (this.clientGone) break;
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.upstream.uncork();
    }
  }

  /** Sends one request to the broker, applying the Produce faults; an acks=0 Produce expects no response. */
  private forward(frame: Buffer, header: RequestHeader): void {
    const counters = this.ctx.counters;
    let expectsResponse = true;
    let drop = false;
    let closeAfter = false;
    let detail: string | undefined;
    if (header.apiKey === API.Produce) {
      const { acks } = decodeProduceRequestPrefix(frame, header);
      const ordinal = ++counters.produce;
      const faults = this.ctx.faults;
      expectsResponse = acks !== 0;
      detail = `Produce #${ordinal} acks=${acks}`;
      if (faults.dropProduce?.includes(ordinal)) {
        if (expectsResponse) drop = true;
        else detail += ', no response to drop';
      }
      closeAfter = faults.closeAfterProduce === ordinal;
    }
    counters.requests[header.apiName] = (counters.requests[header.apiName] ?? 0) + 1;
    if (expectsResponse) this.inflight.set(header.correlationId, { header, drop, detail });
    this.send(this.upstream, frame);
    this.event('request', 'forwarded', { header, size: frame.length, detail });
    if (closeAfter) this.closeByFault(`after forwarding ${detail}`);
  }

  /** Holds a request until `releaseAt`; `delayMs` null means it only waits behind a delayed one. */
  private hold(frame: Buffer, header: RequestHeader, delayMs: number | null): void {
    this.held.push({ frame, header, releaseAt: delayMs === null ? 0 : Date.now() + delayMs });
    this.heldBytes += frame.length;
    if (delayMs !== null) {
      this.ctx.counters.delayed++;
      this.event('request', 'delayed', { header, size: frame.length, detail: `by ${delayMs} ms` });
    }
    if (this.heldBytes > HOLD_LIMIT_BYTES) this.pauseClient('held');
    if (!this.releaseTimer) this.scheduleRelease();
  }

  private scheduleRelease(): void {
    const head = this.held[0];
    if (!head) {
      this.resumeClient('held');
      return;
    }
    this.releaseTimer = setTimeout(() => this.release(), Math.max(0, head.releaseAt - Date.now()));
  }

  private release(): void {
    this.releaseTimer = null;
    const now = Date.now();
    this.upstream.cork();
    try {
      while (this.held[0] && this.held[0].releaseAt <= now && (!this.clientGone || this.deliverHeldThenFinish)) {
        const { frame, header } = this.held.shift()!;
        this.heldBytes -= frame.length;
        this.forward(frame, header);
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.upstream.uncork();
    }
    if (this.deliverHeldThenFinish && this.held.length === 0) this.finish({ flushUpstream: true });
    else if (!this.clientGone || this.deliverHeldThenFinish) this.scheduleRelease();
  }

  private onResponseBytes(chunk: Buffer): void {
    this.client.cork();
    try {
      for (const frame of this.responses.push(chunk)) this.onResponse(frame);
    } catch (err) {
      this.fail(err);
    } finally {
      this.client.uncork();
    }
    if (this.clientGone && this.inflight.size === 0 && this.held.length === 0) this.upstream.end();
  }

  /** Responses are matched to requests by correlation id; one with no matching request is still forwarded. */
  private onResponse(frame: Buffer): void {
    const correlationId = decodeResponseCorrelationId(frame);
    const request = this.inflight.get(correlationId);
    this.inflight.delete(correlationId);
    const fields = { header: request?.header, correlationId, size: frame.length, detail: request?.detail };
    if (request?.drop) {
      this.ctx.counters.dropped++;
      this.event('response', 'response-dropped', fields);
    } else if (this.clientGone) {
      this.event('response', 'response-discarded', { ...fields, detail: 'the client connection is closed' });
    } else {
      this.send(this.client, frame);
      this.event('response', 'forwarded', request ? fields : { ...fields, detail: 'no matching request' });
    }
  }

  /** Closes the client side now; the broker side stays open until the requests already sent are answered. */
  private closeByFault(detail: string): void {
    this.ctx.counters.closed++;
    this.event('connection', 'closed', { detail });
    this.clientGone = true;
    this.dropHeld();
    this.client.destroy();
    if (this.inflight.size === 0) this.upstream.end();
    else setTimeout(() => this.upstream.destroy(), DRAIN_AFTER_CLOSE_MS).unref();
  }

  private onClientClose(): void {
    if (this.clientGone) return;
    this.clientGone = true;
    const pending = this.requests.pendingBytes;
    if (pending > 0) this.error(`the client disconnected mid-frame (${pending} bytes of a request held)`);
    else this.event('connection', 'disconnected', { detail: this.lastClientError ?? 'the client closed the connection' });
    // A delay stands for a slow link: what the client sent before closing still reaches the broker.
    if (this.held.length > 0) this.deliverHeldThenFinish = true;
    else this.finish({ flushUpstream: true });
  }

  private onUpstreamClose(): void {
    if (this.finished) return;
    if (!this.clientGone) {
      const pending = this.responses.pendingBytes;
      if (pending > 0) this.error(`the broker disconnected mid-frame (${pending} bytes of a response held)`);
      else this.event('connection', 'disconnected', { detail: 'the broker closed the connection' });
      this.clientGone = true;
      this.client.destroy();
    }
    this.finish();
  }

  /** Logs the error, closes both sides and keeps the rest of the proxy serving. */
  private fail(err: unknown): void {
    if (this.finished) return;
    this.error(oneLine(err));
    this.clientGone = true;
    this.client.destroy();
    this.finish();
  }

  private error(detail: string): void {
    this.ctx.counters.errors++;
    this.event('connection', 'error', { detail });
  }

  /** Ends the connection; `flushUpstream` lets requests already forwarded reach the broker before its side closes. */
  private finish({ flushUpstream = false } = {}): void {
    if (this.finished) return;
    this.finished = true;
    this.dropHeld();
    if (flushUpstream) {
      this.upstream.end();
      setTimeout(() => this.upstream.destroy(), DRAIN_AFTER_CLOSE_MS).unref();
    } else {
      this.upstream.destroy();
    }
    this.ctx.counters.open--;
  }

  private dropHeld(): void {
    if (this.releaseTimer) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    this.held.length = 0;
    this.heldBytes = 0;
  }

  /** Writes a frame; when the destination's buffer is full, stops reading the other side until it drains. */
  private send(destination: Socket, frame: Buffer): void {
    if (destination.write(frame)) return;
    if (destination === this.upstream) {
      if (this.clientPauses.has('drain')) return;
      this.pauseClient('drain');
      this.upstream.once('drain', () => this.resumeClient('drain'));
    } else if (!this.upstreamWaitsForDrain) {
      this.upstreamWaitsForDrain = true;
      this.upstream.pause();
      this.client.once('drain', () => {
        this.upstreamWaitsForDrain = false;
        this.upstream.resume();
      });
    }
  }

  private pauseClient(reason: 'held' | 'drain'): void {
    if (this.clientPauses.has(reason)) return;
    this.clientPauses.add(reason);
    this.client.pause();
  }

  private resumeClient(reason: 'held' | 'drain'): void {
    if (!this.clientPauses.delete(reason)) return;
    if (this.clientPauses.size === 0) this.client.resume();
  }

  private event(
    direction: ProxyEvent['direction'],
    action: EventAction,
    fields: { header?: RequestHeader; correlationId?: number; size?: number; detail?: string | undefined },
  ): void {
    const { header, size, detail } = fields;
    const correlationId = fields.correlationId ?? header?.correlationId;
    this.ctx.log.add({
      connection: this.id,
      direction,
      action,
      ...(header && { apiKey: header.apiKey, apiName: header.apiName, apiVersion: header.apiVersion }),
      ...(correlationId !== undefined && { correlationId }),
      ...(size !== undefined && { size }),
      ...(detail !== undefined && { detail }),
    });
  }
}
