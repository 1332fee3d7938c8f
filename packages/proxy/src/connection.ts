import net, { type Socket } from 'node:net';
import { oneLine } from '@kafka-labs/cli';
import { ProxyError } from './errors.ts';
import type { EventAction, EventLog, ProduceEventFields, ProxyEvent } from './events.ts';
import { decide, type Chain, type FaultModuleName, type Faults, type Verdict } from './faults.ts';
import type { InterceptedRequest } from './faults/module.ts';
import { API } from './protocol/api-keys.ts';
import { errorName } from './protocol/error-codes.ts';
import { FrameReader } from './protocol/frame-reader.ts';
import { decodeRequestHeader, decodeResponseCorrelationId } from './protocol/headers.ts';
import { decodeMetadataTopics } from './protocol/metadata-response.ts';
import { decodeProduceRequest, type ProduceRequest } from './protocol/produce-request.ts';

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

/** What all connections of one proxy share: the faults in force, the counters, the event log, the buffer budget. */
export interface ProxyContext {
  faults: Faults;
  chain: Chain;
  counters: Counters;
  /** The last ordinal given per API key. */
  ordinals: Map<number, number>;
  /** Topic names by topic id, learned from the Metadata responses the proxy forwards (Produce v13+ sends only ids). */
  topicNames: Map<string, string>;
  log: EventLog;
  upstream: { host: string; port: number };
  maxFrameBytes: number;
  /** Bytes of incomplete request frames held across all connections, and their cap. */
  buffered: { bytes: number; max: number };
  /** How long a request frame may stay incomplete while the proxy reads from its client. */
  frameTimeoutMs: number;
  /** Connections until their broker side has closed. */
  connections: Set<Connection>;
}

/** Held request bytes above which the proxy stops reading from the client until the held frames are forwarded. */
const HOLD_LIMIT_BYTES = 16 * 1024 * 1024;
/** How long the broker side of a closed client connection stays open for the answers to requests already sent. */
const DRAIN_AFTER_CLOSE_MS = 30_000;

/** The event fields of one request, shared by every event about it and its response. */
type RequestFields = Pick<ProxyEvent, 'apiKey' | 'apiName' | 'apiVersion' | 'correlationId' | 'ordinal' | 'clientId' | 'produce'>;

interface Tracked {
  request: InterceptedRequest;
  fields: RequestFields;
  /** `Produce #N acks=A` for Produce requests. */
  detail: string | undefined;
}

/** A request awaiting its response; it keeps the request's event fields, not its bytes. */
interface InFlight extends Omit<Tracked, 'request'> {
  /** The module that drops the broker's response. */
  drop: FaultModuleName | undefined;
  /** A response the proxy writes itself, once the responses to the requests before it have been sent. */
  injected?: { frame: Buffer; module: FaultModuleName; errorCode: number };
}

interface Held extends Tracked {
  verdict: Verdict | null;
  releaseAt: number;
}

type EventFields = Partial<Omit<ProxyEvent, 'seq' | 'time' | 'connection' | 'direction' | 'action'>>;

/**
 * One client connection and its own connection to the broker. Forwards every frame byte for byte, in order, except
 * what the fault chain decides: a delayed, swallowed or answered request, a dropped response, a close after a request.
 */
export class Connection {
  private readonly upstream: Socket;
  private readonly requests: FrameReader;
  private readonly responses: FrameReader;
  /** Requests awaiting a response, in the order they were sent (the broker answers in that order). */
  private readonly inflight = new Map<number, InFlight>();
  /** How many of them the proxy answers itself. */
  private injectedPending = 0;
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
  /** Bytes of an incomplete request frame counted in the proxy-wide budget. */
  private bufferedBytes = 0;
  /** When the incomplete request frame started to count against the frame timeout (0: none, or reading is paused). */
  private partialSince = 0;

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
    this.event('connection', 'connected', null, { detail: `from ${client.remoteAddress}:${client.remotePort}` });

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

  /** Closes the connection when its incomplete request frame is older than the frame timeout. */
  checkFrameTimeout(now: number): void {
    if (this.finished || this.partialSince === 0 || now - this.partialSince <= this.ctx.frameTimeoutMs) return;
    const pending = this.requests.pendingBytes;
    this.fail(new ProxyError('frame', `a request frame stayed incomplete for over ${this.ctx.frameTimeoutMs} ms (${pending} bytes of it received)`));
  }

  private onRequestBytes(chunk: Buffer): void {
    this.upstream.cork();
    try {
      const frames = this.requests.push(chunk);
      this.accountPartialFrame();
      // Frames that arrive together are timed together: their delays end at the same moment.
      const arrivedAt = frames.length > 0 ? Date.now() : 0;
      for (const frame of frames) {
        this.onRequest(frame, arrivedAt);
        if (this.clientGone) break;
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.upstream.uncork();
    }
  }

  /** Keeps the proxy-wide count of incomplete-frame bytes and the frame timeout's start up to date. */
  private accountPartialFrame(): void {
    const pending = this.requests.pendingBytes;
    const budget = this.ctx.buffered;
    budget.bytes += pending - this.bufferedBytes;
    const grew = pending > this.bufferedBytes;
    this.bufferedBytes = pending;
    if (pending === 0) this.partialSince = 0;
    else if (this.partialSince === 0 && this.clientPauses.size === 0) this.partialSince = Date.now();
    if (grew && budget.bytes > budget.max) {
      throw new ProxyError('frame', `incomplete frames across connections passed the proxy's cap of ${budget.max} bytes (this one holds ${pending})`);
    }
  }

  private onRequest(frame: Buffer, arrivedAt: number): void {
    const header = decodeRequestHeader(frame);
    const ordinal = (this.ctx.ordinals.get(header.apiKey) ?? 0) + 1;
    this.ctx.ordinals.set(header.apiKey, ordinal);
    let produce: ProduceRequest | null = null;
    if (header.apiKey === API.Produce) {
      produce = decodeProduceRequest(frame, header);
      for (const topic of produce.topicData) if (topic.topicId !== null) topic.name = this.ctx.topicNames.get(topic.topicId) ?? null;
      this.ctx.counters.produce = ordinal;
    }
    const request: InterceptedRequest = { header, frame, ordinal, produce, expectsResponse: produce?.acks !== 0 };
    const tracked: Tracked = {
      request,
      fields: {
        apiKey: header.apiKey,
        apiName: header.apiName,
        apiVersion: header.apiVersion,
        correlationId: header.correlationId,
        ordinal,
        clientId: header.clientId,
        ...(produce && { produce: produceFields(produce) }),
      },
      detail: produce ? `Produce #${ordinal} acks=${produce.acks}` : undefined,
    };
    const verdict = this.ctx.chain.length > 0 ? decide(this.ctx.chain, request) : null;
    if (verdict?.delay || this.held.length > 0) this.hold(tracked, verdict, arrivedAt);
    else this.execute(tracked, verdict);
  }

  /** Carries out the verdict on a request: swallow it, answer it, or forward it (maybe dropping its response). */
  private execute(tracked: Tracked, verdict: Verdict | null): void {
    const { request, fields } = tracked;
    const { header, frame } = request;
    const counters = this.ctx.counters;
    if (verdict?.swallow) {
      counters.swallowed++;
      this.event('request', 'swallowed', fields, { size: frame.length, module: verdict.swallow, detail: tracked.detail });
      return;
    }
    if (verdict?.respond) {
      const { module, response, errorCode } = verdict.respond;
      counters.answered++;
      const detail = request.expectsResponse ? tracked.detail : `${tracked.detail}, no response sent`;
      this.event('request', 'answered', fields, { size: frame.length, module, errorCode, errorName: errorName(errorCode), detail });
      if (request.expectsResponse) {
        this.inflight.set(header.correlationId, { fields, detail: tracked.detail, drop: undefined, injected: { frame: response, module, errorCode } });
        this.injectedPending++;
        this.flushInjected();
      }
      return;
    }
    let { detail } = tracked;
    let drop = verdict?.dropResponse;
    if (drop && !request.expectsResponse) {
      detail += ', no response to drop';
      drop = undefined;
    }
    counters.requests[header.apiName] = (counters.requests[header.apiName] ?? 0) + 1;
    if (request.expectsResponse) this.inflight.set(header.correlationId, { fields, detail: tracked.detail, drop });
    this.send(this.upstream, frame);
    this.event('request', 'forwarded', fields, { size: frame.length, detail });
    if (verdict?.closeAfter) this.closeByFault(`after forwarding ${detail ?? `${header.apiName} #${request.ordinal}`}`, verdict.closeAfter);
  }

  /** Holds a request until its delay ends, or until the delayed requests before it are released. */
  private hold(tracked: Tracked, verdict: Verdict | null, arrivedAt: number): void {
    const delay = verdict?.delay;
    this.held.push({ ...tracked, verdict, releaseAt: delay ? arrivedAt + delay.ms : 0 });
    this.heldBytes += tracked.request.frame.length;
    if (delay) {
      this.ctx.counters.delayed++;
      const { fields, request } = tracked;
      this.event('request', 'delayed', fields, { size: request.frame.length, module: delay.module, delayMs: delay.ms, detail: `by ${delay.ms} ms` });
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
        const held = this.held.shift()!;
        this.heldBytes -= held.request.frame.length;
        this.execute(held, held.verdict);
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
    if (request?.fields.apiKey === API.Metadata) this.learnTopicNames(frame, request.fields.apiVersion!);
    const fields = request?.fields ?? null;
    const size = frame.length;
    if (request?.drop) {
      this.ctx.counters.dropped++;
      const detail = request.detail ?? `${request.fields.apiName} #${request.fields.ordinal}`;
      this.event('response', 'response-dropped', fields, { correlationId, size, module: request.drop, detail });
    } else if (this.clientGone) {
      this.event('response', 'response-discarded', fields, { correlationId, size, detail: 'the client connection is closed' });
    } else {
      this.send(this.client, frame);
      this.event('response', 'forwarded', fields, { correlationId, size, detail: request ? request.detail : 'no matching request' });
    }
    if (this.injectedPending > 0) this.flushInjected();
  }

  /** Sends the proxy's own responses that no longer wait behind a response of the broker. */
  private flushInjected(): void {
    for (const [correlationId, entry] of this.inflight) {
      if (!entry.injected) return;
      this.inflight.delete(correlationId);
      this.injectedPending--;
      const { frame, module, errorCode } = entry.injected;
      const extra = { size: frame.length, module, errorCode, errorName: errorName(errorCode), detail: entry.detail };
      if (this.clientGone) {
        this.event('response', 'response-discarded', entry.fields, { ...extra, detail: 'the client connection is closed' });
      } else {
        this.send(this.client, frame);
        this.event('response', 'injected', entry.fields, extra);
      }
    }
  }

  private learnTopicNames(frame: Buffer, version: number): void {
    try {
      for (const { name, topicId } of decodeMetadataTopics(frame, version)) if (name !== null) this.ctx.topicNames.set(topicId, name);
    } catch {
      // The names only label events; a response this decoder cannot read still goes to the client unchanged.
    }
  }

  /** Closes the client side now; the broker side stays open until the requests already sent are answered. */
  private closeByFault(detail: string, module: FaultModuleName): void {
    this.ctx.counters.closed++;
    this.event('connection', 'closed', null, { module, detail });
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
    else this.event('connection', 'disconnected', null, { detail: this.lastClientError ?? 'the client closed the connection' });
    // A delay stands for a slow link: what the client sent before closing still reaches the broker.
    if (this.held.length > 0) this.deliverHeldThenFinish = true;
    else this.finish({ flushUpstream: true });
  }

  private onUpstreamClose(): void {
    if (this.finished) return;
    if (!this.clientGone) {
      const pending = this.responses.pendingBytes;
      if (pending > 0) this.error(`the broker disconnected mid-frame (${pending} bytes of a response held)`);
      else this.event('connection', 'disconnected', null, { detail: 'the broker closed the connection' });
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
    this.event('connection', 'error', null, { detail });
  }

  /** Ends the connection; `flushUpstream` lets requests already forwarded reach the broker before its side closes. */
  private finish({ flushUpstream = false } = {}): void {
    if (this.finished) return;
    this.finished = true;
    this.dropHeld();
    this.requests.discard();
    this.ctx.buffered.bytes -= this.bufferedBytes;
    this.bufferedBytes = 0;
    this.partialSince = 0;
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

  /** Stops reading from the client; the frame timeout does not run meanwhile (the proxy, not the client, waits). */
  private pauseClient(reason: 'held' | 'drain'): void {
    if (this.clientPauses.has(reason)) return;
    this.clientPauses.add(reason);
    this.client.pause();
    this.partialSince = 0;
  }

  private resumeClient(reason: 'held' | 'drain'): void {
    if (!this.clientPauses.delete(reason)) return;
    if (this.clientPauses.size > 0) return;
    this.client.resume();
    if (this.requests.pendingBytes > 0) this.partialSince = Date.now();
  }

  /** Logs an event: the request's fields, then `extra` (a field given as undefined is not in the JSON line). */
  private event(direction: ProxyEvent['direction'], action: EventAction, fields: RequestFields | null, extra: EventFields): void {
    this.ctx.log.add({ connection: this.id, direction, action, ...fields, ...extra });
  }
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
