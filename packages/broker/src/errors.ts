/** The one error type of the broker package: `message` is a complete one-line reason for a user. */
export class BrokerError extends Error {
  override name = 'BrokerError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
