// The keys and values the producers write, which graders compare with what a topic holds; no client.

/** The order value of stream record `n`: about 90 bytes of JSON, alike enough between records to compress well. */
export function orderValue(n: number): string {
  return JSON.stringify({ order: `O-${n}`, customer: `c-${n % 97}`, status: 'CREATED', amount: 1000 + (n % 50), currency: 'KRW' });
}

/** The keys of the keys mode: user-1 ... user-<count>. */
export const keyNames = (count: number) => Array.from({ length: count }, (_, i) => `user-${i + 1}`);
