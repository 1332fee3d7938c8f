/** The error type of the rebalance worker and its log: `message` is a complete one-line reason for a user. */
export class WorkerError extends Error {
  override name = 'WorkerError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The error type of the transactional worker, its log and its saved reads: `message` is a complete one-line reason for a user. */
export class TxnWorkerError extends Error {
  override name = 'TxnWorkerError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** What went wrong, with the exit code it maps to: bad arguments, a rejected configuration or a malformed log are usage errors. */
export const ERROR_KINDS = {
  usage: 2,
  config: 2,
  log: 2,
  client: 1,
} as const;

export type ProducerErrorKind = keyof typeof ERROR_KINDS;

/** The error type of the producers and their output: `message` is a complete one-line reason for a user. */
export class ProducerError extends Error {
  override name = 'ProducerError';
  constructor(
    readonly kind: ProducerErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
