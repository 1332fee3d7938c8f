/** How one kind of log line body is written and read back. */
export interface LineCodec<B extends { kind: string }> {
  format(body: B): string;
  pattern: RegExp;
  parse(match: RegExpExecArray): Omit<B, 'kind'>;
}

/** One codec per body kind of a union `B`. */
export type LineCodecs<B extends { kind: string }> = { [K in B['kind']]: LineCodec<Extract<B, { kind: K }>> };

/** A line of an event log: when (ISO 8601, milliseconds, UTC), which program instance, what happened. */
export type Stamped<B> = B & { time: string; worker: string };

/** A line of a log that is not one of its event lines, with its 1-based line number. */
export interface MalformedLine {
  line: number;
  text: string;
}

/** A name that fits an event log line: letters, digits, `_`, `.` and `-`. */
export const LOG_NAME = /^[\w.-]+$/;

const LINE = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) ([\w.-]+) (.+)$/;

/** The reading and writing of an event log whose lines are `<ISO time> <name> <body>`, one codec per body kind. */
export interface EventLog<B extends { kind: string }> {
  /** One event as one line, without a newline. */
  format(event: Stamped<B>): string;
  /** The event a line says, or undefined when it is not a line of this log. */
  parseLine(line: string): Stamped<B> | undefined;
  /** Every event line of a text, and every other non-blank line as malformed. */
  scan(text: string): { events: Stamped<B>[]; malformed: MalformedLine[] };
  /** Every event line of a text; throws (`fail`) naming the first line that is not one. */
  parse(text: string): Stamped<B>[];
}

/**
 * Builds the grammar of a program's event log from its codecs (the only place its text format is defined);
 * `what` names its lines in errors ("worker log line") and `fail` makes the program's own error type.
 */
export function eventLog<B extends { kind: string }>(codecs: LineCodecs<B>, what: string, fail: (message: string) => Error): EventLog<B> {
  const entries = Object.entries(codecs) as [B['kind'], LineCodec<B>][];
  const parseLine = (line: string): Stamped<B> | undefined => {
    const head = LINE.exec(line.trimEnd());
    if (!head) return undefined;
    const [, time, worker, body] = head as unknown as [string, string, string, string];
    for (const [kind, codec] of entries) {
      const match = codec.pattern.exec(body);
      if (match) return { kind, ...codec.parse(match), time, worker } as Stamped<B>;
    }
    return undefined;
  };
  const scan = (text: string) => {
    const events: Stamped<B>[] = [];
    const malformed: MalformedLine[] = [];
    text.split('\n').forEach((line, index) => {
      if (line.trim() === '') return;
      const event = parseLine(line);
      if (event) events.push(event);
      else malformed.push({ line: index + 1, text: line });
    });
    return { events, malformed };
  };
  return {
    format: (event) => `${event.time} ${event.worker} ${(codecs[event.kind as B['kind']] as LineCodec<B>).format(event)}`,
    parseLine,
    scan,
    parse(text) {
      const { events, malformed } = scan(text);
      const first = malformed[0];
      if (first) {
        const more = malformed.length > 1 ? ` (and ${malformed.length - 1} more)` : '';
        throw fail(`line ${first.line} is not a ${what}: ${JSON.stringify(first.text.slice(0, 120))}${more}`);
      }
      return events;
    },
  };
}
