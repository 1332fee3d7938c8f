/** What went wrong, by kind; the text says what the kind covers. */
export const ERROR_KINDS = {
  usage: 'a command-line flag or its value is wrong',
  faults: 'fault settings are invalid',
  frame: 'bytes on a connection are not a valid Kafka frame',
  upstream: 'the broker connection failed',
  listen: 'the proxy or its control API cannot listen',
  control: 'a control API request failed',
} as const;

export type ProxyErrorKind = keyof typeof ERROR_KINDS;

/** The one error type of the proxy: a kind from ERROR_KINDS, a one-line message and an optional cause. */
export class ProxyError extends Error {
  override readonly name = 'ProxyError';

  constructor(
    readonly kind: ProxyErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
