/** The one error type of the worker package: `message` is a complete one-line reason for a user. */
export class WorkerError extends Error {
  override name = 'WorkerError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
