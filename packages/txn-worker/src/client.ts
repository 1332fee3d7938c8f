import type { LibrdKafkaError, Producer } from '@confluentinc/kafka-javascript';
import { errorName, Kafka } from '@kafka-labs/worker';
import type { CallFailure, ErrorFlag, TxnEventBody } from './log-format.ts';

/** librdkafka log lines at this syslog level or more severe reach a program's log (4 = warning). */
export const CLIENT_LOG_LEVEL = 4;
/** Error codes that mean another producer epoch owns the transactional.id now: _FENCED, PRODUCER_FENCED, INVALID_PRODUCER_EPOCH. */
export const FENCED_CODES = new Set([Kafka.CODES.ERRORS.ERR__FENCED, 90, 47]);

/** A callback-API call as a promise that rejects with the client's own error (whose flags a program reads). */
export const call = <T = void>(run: (cb: (error: LibrdKafkaError | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

/** What a failed call says: its code, name, message and the callback API's flags (correct there, unlike the KafkaJS-style API's). */
export function callFailure(callName: string, error: unknown): CallFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Partial<LibrdKafkaError> & { isTxnRequiresAbort?: boolean };
  const flag: ErrorFlag = e.isFatal ? 'fatal' : e.isTxnRequiresAbort ? 'abortable' : e.isRetriable ? 'retriable' : '-';
  const code = Number(e.code);
  return { call: callName, error: errorName(error), code: Number.isFinite(code) ? code : 0, flag, message: e.message ?? String(error) };
}

/** A failure that means the producer was fenced: its log line is `fenced`, not `failed`. */
export const isFenced = (failure: CallFailure) => FENCED_CODES.has(failure.code);

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
