/** Bad command-line input: printed as one line with exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Anything thrown, as one line: the message, then each cause's message where it adds something. */
export function oneLine(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e !== undefined && e !== null; e = e instanceof Error ? e.cause : undefined) {
    const text = e instanceof Error ? e.message : String(e);
    if (!parts.some((p) => p.includes(text))) parts.push(text);
  }
  return parts.join(': ').replace(/\s*\n\s*/g, ' ');
}
