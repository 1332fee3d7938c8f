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

/**
 * The versions of the enrichment a worker can run (`--transform-version`): v1 adds who enriched the event and from
 * which input; v2 also adds the order's region (looked up from the order id: a stand-in for a customer table).
 */
export const TRANSFORM_VERSIONS = ['v1', 'v2'] as const;
export type TransformVersion = (typeof TRANSFORM_VERSIONS)[number];

/** What an enriched record carries besides the event: who enriched it, from where, with which transform version. */
export interface Enrichment {
  enrichedBy?: string;
  source?: string;
  transform?: string;
  region?: string;
}

const REGIONS = ['EU', 'US', 'APAC'];
/** The region v2 gives an order: by its number (`O-7`), one of EU, US, APAC. */
export const regionOf = (orderId: string) => REGIONS[Number(/(\d+)$/.exec(orderId)?.[1] ?? 0) % REGIONS.length]!;

/** An order event read back from a message value (input or enriched output); null for anything else. */
export function parseOrder(value: string | null | undefined): (OrderEvent & Enrichment) | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { eventId, orderId, status, version, enrichedBy, source, transform, region } = parsed as Record<string, unknown>;
  if (typeof eventId !== 'string' || !/^\S+$/.test(eventId) || typeof orderId !== 'string' || typeof status !== 'string') return null;
  return {
    eventId,
    orderId,
    status,
    ...(Number.isSafeInteger(version) && { version: version as number }),
    ...(typeof enrichedBy === 'string' && { enrichedBy }),
    ...(typeof source === 'string' && { source }),
    ...(typeof transform === 'string' && { transform }),
    ...(typeof region === 'string' && { region }),
  };
}

/**
 * The output value for an input order: the event plus which worker enriched it and from which input (`p0@3`); with a
 * transform version, that version (`transform`) and what the version adds (v2: `region`).
 */
export function enrichedValue(event: OrderEvent, by: string, source: { partition: number; offset: number }, transform?: TransformVersion): string {
  return JSON.stringify({
    ...event,
    enrichedBy: by,
    source: `p${source.partition}@${source.offset}`,
    ...(transform && { transform }),
    ...(transform === 'v2' && { region: regionOf(event.orderId) }),
  });
}
