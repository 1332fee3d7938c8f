/** The one error type of the txn-worker package: `message` is a complete one-line reason for a user. */
export class TxnWorkerError extends Error {
  override name = 'TxnWorkerError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
