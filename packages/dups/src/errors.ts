/** The one error type of the dups package: `message` is a complete one-line reason for a user. */
export class DupsError extends Error {
  override name = 'DupsError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
