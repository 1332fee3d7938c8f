import type { RequestFields } from '../events.ts';
import type { FaultModuleName } from '../faults.ts';
import type { InterceptedResponse } from '../faults/module.ts';

/** A request awaiting its response; it keeps the request's header and event fields, not its bytes. */
export interface Awaiting {
  request: InterceptedResponse['request'];
  fields: RequestFields;
  /** `Produce #N acks=A` for Produce requests. */
  detail: string | undefined;
  /** The module that decided, when the request arrived, to drop the broker's response. */
  drop?: FaultModuleName;
  /** A response the proxy writes itself, once the responses to the requests before it have been sent. */
  injected?: { frame: Buffer; module: FaultModuleName; errorCode: number };
}

/**
 * The requests of one connection awaiting a response, in the order they were sent: the broker answers in that order,
 * and an answer the proxy writes itself waits until the broker's responses to the requests before it were sent.
 */
export class InFlight {
  private readonly awaiting = new Map<number, Awaiting>();
  private injected = 0;

  get size(): number {
    return this.awaiting.size;
  }

  /** Adds a request, forwarded to the broker or (with `injected`) answered by the proxy. */
  add(correlationId: number, entry: Awaiting): void {
    this.awaiting.set(correlationId, entry);
    if (entry.injected) this.injected++;
  }

  /** The request a response answers, still awaiting. */
  peek(correlationId: number): Awaiting | undefined {
    return this.awaiting.get(correlationId);
  }

  /** The request a response of the broker answers, no longer awaiting; undefined for an unknown correlation id. */
  take(correlationId: number): Awaiting | undefined {
    const entry = this.awaiting.get(correlationId);
    this.awaiting.delete(correlationId);
    if (entry?.injected) this.injected--;
    return entry;
  }

  /** Takes the proxy's own answers that no longer wait behind a response of the broker, in order. */
  takeInjected(): Awaiting[] {
    const ready: Awaiting[] = [];
    if (this.injected === 0) return ready;
    for (const [correlationId, entry] of this.awaiting) {
      if (!entry.injected) break;
      this.awaiting.delete(correlationId);
      this.injected--;
      ready.push(entry);
    }
    return ready;
  }
}
