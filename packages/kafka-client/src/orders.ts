import type { OrderEvent } from '@kafka-labs/database/dump';

/** Order event i (from 0): event `E-0001`, order `O-1`, status PAID. */
export function orderEvent(i: number): OrderEvent {
  return { eventId: `E-${String(i + 1).padStart(4, '0')}`, orderId: `O-${i + 1}`, status: 'PAID' };
}

/** The message of order event i on the input topic: key = order id, value = the event as JSON. */
export function orderMessage(i: number): { key: string; value: string } {
  const event = orderEvent(i);
  return { key: event.orderId, value: JSON.stringify(event) };
}

/** An order event read back from a message value (input or enriched output); null for anything else. */
export function parseOrder(value: string | null | undefined): (OrderEvent & { enrichedBy?: string; source?: string }) | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { eventId, orderId, status, version, enrichedBy, source } = parsed as Record<string, unknown>;
  if (typeof eventId !== 'string' || !/^\S+$/.test(eventId) || typeof orderId !== 'string' || typeof status !== 'string') return null;
  return {
    eventId,
    orderId,
    status,
    ...(Number.isSafeInteger(version) && { version: version as number }),
    ...(typeof enrichedBy === 'string' && { enrichedBy }),
    ...(typeof source === 'string' && { source }),
  };
}

/** The output value for an input order: the event plus which worker enriched it and from which input (`p0@3`). */
export function enrichedValue(event: OrderEvent, by: string, source: { partition: number; offset: number }): string {
  return JSON.stringify({ ...event, enrichedBy: by, source: `p${source.partition}@${source.offset}` });
}
