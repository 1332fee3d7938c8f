import { orderMessage, produceSpread, type SpreadOptions, type SpreadResult } from '@kafka-labs/kafka-client';

/**
 * Writes `count` order events (orderMessage, from event `first`, default 0) round-robin over `partitions` and
 * resolves once all are acknowledged.
 */
export function produceOrders({ first = 0, ...options }: Omit<SpreadOptions, 'message'> & { first?: number }): Promise<SpreadResult> {
  return produceSpread({ ...options, message: (i) => orderMessage(first + i) });
}
