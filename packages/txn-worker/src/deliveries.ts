import type { Producer } from '@confluentinc/kafka-javascript';
import { call, callFailure } from '@kafka-labs/kafka-client';
import type { CallFailure, TxnEventBody } from '@kafka-labs/kafka-client/txn-log';

/** The delivery reports of a producer's records: a `produced` line each (`opaque` = the event id), failures kept. */
export interface Deliveries {
  /** Counts one more record whose report is awaited. */
  expect(): void;
  /** Takes back `expect()` for a record that produce() refused. */
  refused(): void;
  /** Flushes and resolves once every awaited report came, with the first failed delivery (null when none). */
  settle(timeoutMs: number): Promise<CallFailure | null>;
}

/** Listens to `producer`'s delivery reports (it must have dr_cb) and logs each delivered record. */
export function trackDeliveries(producer: Producer, log: (body: TxnEventBody) => void): Deliveries {
  let awaited = 0;
  let failure: CallFailure | null = null;
  let allIn: (() => void) | null = null;
  producer.on('delivery-report', (error, report) => {
    if (error) failure ??= callFailure('produce', error);
    else log({ kind: 'produced', id: String(report.opaque ?? '-'), partition: report.partition, offset: report.offset });
    awaited -= 1;
    if (awaited === 0) allIn?.();
  });
  return {
    expect: () => void (awaited += 1),
    refused: () => void (awaited -= 1),
    async settle(timeoutMs) {
      const all = awaited === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allIn = resolve));
      await call((cb) => producer.flush(timeoutMs, cb));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${awaited} delivery reports missing ${timeoutMs / 1000} s after flush`)), timeoutMs);
      });
      try {
        await Promise.race([all, late]);
      } finally {
        clearTimeout(timer);
        allIn = null;
      }
      const first = failure;
      failure = null;
      return first;
    },
  };
}
