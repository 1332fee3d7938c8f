/** The one error type of the worker package: `message` is a complete one-line reason for a user. */
export class WorkerError extends Error {
  override name = 'WorkerError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Turns anything thrown into one line for a CLI: a WorkerError's message, or the first line of anything else. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}
