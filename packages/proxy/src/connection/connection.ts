import type { Socket } from 'node:net';
import { oneLine } from '@kafka-labs/cli';
import { requestFields, type EventAction, type ProxyEvent, type RequestFields } from '../events.ts';
import { decideRequest, decideResponse, type Decision, type FaultModuleName } from '../faults.ts';
import type { InterceptedRequest } from '../faults/module.ts';
import { API } from '../protocol/api-keys.ts';
import { addressesOf, carriesAddresses, findBrokerAddresses, rewriteBrokerAddresses } from '../protocol/broker-addresses.ts';
import { errorName } from '../protocol/error-codes.ts';
import { decodeRequestHeader, decodeResponseCorrelationId } from '../protocol/headers.ts';
import { decodeProduceRequest, type ProduceRequest } from '../protocol/produce-request.ts';
import type { Buffers, ProxyContext } from './context.ts';
import { DelayQueue } from './delay-queue.ts';
import { InFlight, type Awaiting } from './in-flight.ts';
import { Link } from './link.ts';

/** Held request bytes above which the proxy stops reading from the client until the held frames are forwarded. */
const HOLD_LIMIT_BYTES = 16 * 1024 * 1024;
/** How long the broker side of a closed client connection stays open for the answers to requests already sent. */
const DRAIN_AFTER_CLOSE_MS = 30_000;

/** A request with what every event about it carries. */
interface Tracked {
  request: InterceptedRequest;
  fields: RequestFields;
  /** `Produce #N acks=A` for Produce requests. */
  detail: string | undefined;
}

/** A request held by a delay, with the decision of its arrival. */
interface Held extends Tracked {
  decision: Decision | null;
}

type EventFields = Partial<Omit<ProxyEvent, 'seq' | 'time' | 'connection' | 'direction' | 'action'>>;

/**
 * One client connection and its own connection to the broker. Forwards every frame byte for byte, in order, except
 * what the fault chain decides: a delayed, swallowed or answered request, a dropped response, a close after a request.
 * This class carries out the decisions; the link frames the bytes, the delay queue holds, the in-flight list orders.
 */
export class Connection {
  private readonly link: Link;
  private readonly inFlight = new InFlight();
  private readonly held: DelayQueue<Held>;
  /** Set once the client side is closed, by the client, a fault or an error. */
  private clientGone = false;
  /** The client closed while requests were delayed: they still go to the broker, then the connection ends. */
  private deliverHeldThenFinish = false;
  private finished = false;
  /** Responses held, in order, until the listener of a node the first of them names listens. */
  private readonly waiting: Buffer[] = [];
  private gated = false;

  constructor(
    readonly id: number,
    client: Socket,
    /** Where this connection goes; `bootstrap`: accepted on the bootstrap listener, so its broker is the upstream. */
    private readonly route: { upstream: { host: string; port: number }; bootstrap: boolean },
    private readonly ctx: ProxyContext,
  ) {
    ctx.connections.add(this);
    ctx.counters.connections++;
    ctx.counters.open++;
    this.held = new DelayQueue<Held>(
      {
        due: (items) => this.link.batch(this.link.upstream, () => this.releaseHeld(items)),
        emptied: () => this.heldEmptied(),
        overLimit: () => this.link.pauseClient('held'),
      },
      HOLD_LIMIT_BYTES,
    );
    this.link = new Link(client, route.upstream, ctx, {
      requests: (frames, arrivedAt, firstForwarded) => this.onRequests(frames, arrivedAt, firstForwarded),
      passThrough: () => this.ctx.chain.length === 0 && this.held.length === 0 && !this.clientGone,
      responses: (frames) => this.onResponses(frames),
      clientClosed: (lastError) => this.onClientClose(lastError),
      upstreamClosed: () => {
        this.onUpstreamClose();
        ctx.connections.delete(this);
      },
      failed: (err) => this.fail(err),
    });
    this.event('connection', 'connected', null, { detail: `from ${client.remoteAddress}:${client.remotePort}` });
  }

  /** Closes both sides at once, without events; used when the proxy stops. */
  destroy(): void {
    this.clientGone = true;
    this.link.client.destroy();
    this.finish();
    this.link.upstream.destroy();
  }

  /** Closes the connection when its incomplete request frame is older than the frame timeout. */
  checkFrameTimeout(now: number): void {
    const timedOut = this.finished ? null : this.link.frameTimedOut(now);
    if (timedOut) this.fail(timedOut);
  }

  /** What this connection holds now. */
  buffers(): Omit<Buffers, 'connections' | 'partialRequestBytes'> {
    const pending = this.link.pending;
    return { bytes: pending.requests + pending.responses + this.held.bytes, inFlight: this.inFlight.size };
  }

  private onRequests(frames: Buffer[], arrivedAt: number, firstForwarded: boolean): void {
    frames.forEach((frame, i) => {
      if (!this.clientGone) this.onRequest(frame, arrivedAt, firstForwarded && i === 0);
    });
  }

  /** A whole request: decided on and carried out, or, when the link streamed it (`forwarded`), only accounted for. */
  private onRequest(frame: Buffer, arrivedAt: number, forwarded: boolean): void {
    const header = decodeRequestHeader(frame);
    const ordinal = (this.ctx.ordinals.get(header.apiKey) ?? 0) + 1;
    this.ctx.ordinals.set(header.apiKey, ordinal);
    let produce: ProduceRequest | null = null;
    if (header.apiKey === API.Produce) {
      produce = decodeProduceRequest(frame, header);
      this.ctx.topicNames.name(produce);
      this.ctx.counters.produce = ordinal;
    }
    const request: InterceptedRequest = { header, frame, ordinal, produce, expectsResponse: produce?.acks !== 0 };
    const tracked: Tracked = {
      request,
      fields: requestFields(header, ordinal, produce),
      detail: produce ? `Produce #${ordinal} acks=${produce.acks}` : undefined,
    };
    const decision = !forwarded && this.ctx.chain.length > 0 ? decideRequest(this.ctx.chain, request) : null;
    if (decision?.delay || (!forwarded && this.held.length > 0)) this.hold(tracked, decision, arrivedAt);
    else this.execute(tracked, decision, forwarded);
  }

  /**
   * Carries out the decision on a request: swallow it, answer it, or forward it (maybe dropping its response);
   * `forwarded`: the link already streamed it to the broker.
   */
  private execute(tracked: Tracked, decision: Decision | null, forwarded = false): void {
    const { request, fields } = tracked;
    const { header, frame, expectsResponse } = request;
    const counters = this.ctx.counters;
    if (decision?.swallow) {
      counters.swallowed++;
      this.event('request', 'swallowed', fields, { size: frame.length, module: decision.swallow, detail: tracked.detail });
      return;
    }
    if (decision?.respond) {
      const { module, response, errorCode } = decision.respond;
      counters.answered++;
      const detail = expectsResponse ? tracked.detail : `${tracked.detail}, no response sent`;
      this.event('request', 'answered', fields, { size: frame.length, module, errorCode, errorName: errorName(errorCode), detail });
      if (expectsResponse) {
        this.inFlight.add(header.correlationId, { ...awaiting(tracked), injected: { frame: response, module, errorCode } });
        this.sendInjected();
      }
      return;
    }
    let { detail } = tracked;
    let drop = decision?.dropResponse;
    if (drop && !expectsResponse) {
      detail += ', no response to drop';
      drop = undefined;
    }
    counters.requests[header.apiName] = (counters.requests[header.apiName] ?? 0) + 1;
    if (expectsResponse) this.inFlight.add(header.correlationId, { ...awaiting(tracked), ...(drop && { drop }) });
    if (!forwarded) this.link.send(this.link.upstream, frame);
    this.event('request', 'forwarded', fields, { size: frame.length, detail });
    if (decision?.closeAfter) this.closeByFault(`after forwarding ${detail ?? `${header.apiName} #${request.ordinal}`}`, decision.closeAfter);
  }

  /** Holds a request until its delay ends, or until the delayed requests before it are released. */
  private hold(tracked: Tracked, decision: Decision | null, arrivedAt: number): void {
    const delay = decision?.delay;
    const { fields, request } = tracked;
    this.held.push({ ...tracked, decision }, request.frame.length, delay ? arrivedAt + delay.ms : 0);
    if (delay) {
      this.ctx.counters.delayed++;
      this.event('request', 'delayed', fields, { size: request.frame.length, module: delay.module, delayMs: delay.ms, detail: `by ${delay.ms} ms` });
    }
  }

  private releaseHeld(items: Held[]): void {
    for (const held of items) {
      if (this.clientGone && !this.deliverHeldThenFinish) return;
      this.execute(held, held.decision);
    }
  }

  private heldEmptied(): void {
    if (this.deliverHeldThenFinish) this.finish({ flushUpstream: true });
    else if (!this.clientGone) this.link.resumeClient('held');
  }

  private onResponses(frames: Buffer[]): void {
    for (const frame of frames) {
      if (this.gated) this.waiting.push(frame);
      else this.onResponse(frame);
    }
    this.endIfAnswered();
  }

  private endIfAnswered(): void {
    if (this.clientGone && this.inFlight.size === 0 && this.held.length === 0 && this.waiting.length === 0) this.link.upstream.end();
  }

  /**
   * Rewrites the broker addresses a response carries to the proxy's ports. When it names a node that has no listener
   * yet, the response and every later one of this connection wait until that listener listens (`gated`): a client is
   * never given a port the proxy does not answer on, and responses stay in order. Returns null when the frame waits.
   */
  private routed(frame: Buffer, correlationId: number): Buffer | null {
    const fields = this.inFlight.peek(correlationId)?.fields;
    if (!fields || !carriesAddresses(fields.apiKey!, fields.apiVersion!)) return frame;
    const found = findBrokerAddresses(frame, fields.apiKey!, fields.apiVersion!);
    if (!found) return frame;
    const router = this.ctx.router;
    const addresses = addressesOf(found);
    if (router.missing(addresses).length === 0) return rewriteBrokerAddresses(frame, found, router.to);
    this.gated = true;
    this.waiting.unshift(frame);
    router.ensure(addresses, this.route.bootstrap && fields.apiKey === API.Metadata).then(
      () => this.releaseWaiting(),
      (err) => this.fail(err),
    );
    return null;
  }

  private releaseWaiting(): void {
    this.gated = false;
    if (this.finished && this.clientGone) {
      this.waiting.length = 0;
      return;
    }
    this.link.batch(this.link.client, () => {
      while (this.waiting.length > 0 && !this.gated) this.onResponse(this.waiting.shift()!);
    });
    this.endIfAnswered();
  }

  /** Responses are matched to requests by correlation id; one with no matching request is still forwarded. */
  private onResponse(received: Buffer): void {
    const correlationId = decodeResponseCorrelationId(received);
    const frame = this.routed(received, correlationId);
    if (!frame) return;
    const request = this.inFlight.take(correlationId);
    if (request?.fields.apiKey === API.Metadata) this.ctx.topicNames.learn(frame, request.fields.apiVersion!);
    const fields = request?.fields ?? null;
    const size = frame.length;
    const chain = this.ctx.chain;
    const drop = request && (request.drop ?? (chain.length > 0 ? decideResponse(chain, { frame, request: request.request })?.drop : undefined));
    if (request && drop) {
      this.ctx.counters.dropped++;
      const detail = request.detail ?? `${request.fields.apiName} #${request.fields.ordinal}`;
      this.event('response', 'response-dropped', fields, { correlationId, size, module: drop, detail });
    } else if (this.clientGone) {
      this.event('response', 'response-discarded', fields, { correlationId, size, detail: 'the client connection is closed' });
    } else {
      this.link.send(this.link.client, frame);
      this.event('response', 'forwarded', fields, { correlationId, size, detail: request ? request.detail : 'no matching request' });
    }
    this.sendInjected();
  }

  /** Sends the proxy's own responses that no longer wait behind a response of the broker. */
  private sendInjected(): void {
    for (const entry of this.inFlight.takeInjected()) {
      const { frame, module, errorCode } = entry.injected!;
      const extra = { size: frame.length, module, errorCode, errorName: errorName(errorCode), detail: entry.detail };
      if (this.clientGone) {
        this.event('response', 'response-discarded', entry.fields, { ...extra, detail: 'the client connection is closed' });
      } else {
        this.link.send(this.link.client, frame);
        this.event('response', 'injected', entry.fields, extra);
      }
    }
  }

  /** Closes the client side now; the broker side stays open until the requests already sent are answered. */
  private closeByFault(detail: string, module: FaultModuleName): void {
    this.ctx.counters.closed++;
    this.event('connection', 'closed', null, { module, detail });
    this.clientGone = true;
    this.held.clear();
    this.link.client.destroy();
    this.link.releaseRequests();
    if (this.inFlight.size === 0) this.link.upstream.end();
    else setTimeout(() => this.link.upstream.destroy(), DRAIN_AFTER_CLOSE_MS).unref();
  }

  private onClientClose(lastError: string | undefined): void {
    if (this.clientGone) return;
    this.clientGone = true;
    const pending = this.link.pending.requests;
    if (pending > 0) this.error(`the client disconnected mid-frame (${pending} bytes of a request held)`);
    else this.event('connection', 'disconnected', null, { detail: lastError ?? 'the client closed the connection' });
    this.link.releaseRequests();
    // A delay stands for a slow link: what the client sent before closing still reaches the broker.
    if (this.held.length > 0) this.deliverHeldThenFinish = true;
    else this.finish({ flushUpstream: true });
  }

  private onUpstreamClose(): void {
    if (this.finished) return;
    if (!this.clientGone) {
      const pending = this.link.pending.responses;
      if (pending > 0) this.error(`the broker disconnected mid-frame (${pending} bytes of a response held)`);
      else this.event('connection', 'disconnected', null, { detail: 'the broker closed the connection' });
      this.clientGone = true;
      this.link.client.destroy();
    }
    this.finish();
  }

  /** Logs the error, closes both sides and keeps the rest of the proxy serving. */
  private fail(err: unknown): void {
    if (this.finished) return;
    this.error(oneLine(err));
    this.clientGone = true;
    this.link.client.destroy();
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
    this.held.clear();
    this.link.releaseRequests();
    const { upstream } = this.link;
    if (flushUpstream) {
      upstream.end();
      setTimeout(() => upstream.destroy(), DRAIN_AFTER_CLOSE_MS).unref();
    } else {
      upstream.destroy();
    }
    this.ctx.counters.open--;
  }

  /** Logs an event: the request's fields, then `extra` (a field given as undefined is not in the JSON line). */
  private event(direction: ProxyEvent['direction'], action: EventAction, fields: RequestFields | null, extra: EventFields): void {
    this.ctx.log.add({ connection: this.id, direction, action, ...fields, ...extra });
  }
}

/** What a request leaves awaiting its response: everything but its bytes. */
function awaiting({ request, fields, detail }: Tracked): Awaiting {
  const { frame: _bytes, ...rest } = request;
  return { request: rest, fields, detail };
}
