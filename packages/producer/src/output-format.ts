import { ProducerError } from './errors.ts';

/** A delivery report: the event stored at `offset` (-1001 with acks=0: no answer to tell it), or the librdkafka error (code and name) it failed with. */
export type Delivery = { offset: number; error: null } | { offset: null; error: { code: number; name: string } };

/** What one line of the producer's output says. */
export type ProducerLine =
  | { kind: 'start'; topic: string; mode: string; config: Record<string, string> }
  | ({ kind: 'result'; /** Seconds since the client was ready. */ sec: number; event: string } & Delivery)
  | { kind: 'client'; severity: number; facility: string; thread: string | null; text: string }
  | { kind: 'client-error'; code: number; name: string; text: string }
  | { kind: 'done' };

export type ProducerLineKind = ProducerLine['kind'];
type Line<K extends ProducerLineKind> = Extract<ProducerLine, { kind: K }>;

interface LineCodec<K extends ProducerLineKind> {
  format(line: Line<K>): string;
  pattern: RegExp;
  parse(match: RegExpExecArray): Omit<Line<K>, 'kind'>;
}

const oneLineText = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The producer's output grammar, one entry per line kind: the only place the text format is defined. */
const codecs: { [K in ProducerLineKind]: LineCodec<K> } = {
  start: {
    format: (l) =>
      `producer: topic ${l.topic} mode ${l.mode} config ${Object.entries(l.config)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')}`,
    pattern: /^producer: topic (\S+) mode (\S+) config (.*)$/,
    parse: (m) => ({
      topic: m[1]!,
      mode: m[2]!,
      config: Object.fromEntries(m[3]!.split(' ').filter(Boolean).map((pair) => pair.split(/=(.*)/s, 2) as [string, string])),
    }),
  },
  result: {
    format: (l) =>
      `${l.sec.toFixed(1).padStart(4)}s ${l.event} result: ${
        l.error ? `error ${l.error.code} ${l.error.name}` : `offset=${l.offset}`
      }`,
    pattern: /^\s*(\d+\.\d)s (\S+) result: (?:offset=(-?\d+)|error (-?\d+) (\S+))$/,
    parse: (m) => ({
      sec: Number(m[1]),
      event: m[2]!,
      ...(m[3] !== undefined
        ? { offset: Number(m[3]), error: null }
        : { offset: null, error: { code: Number(m[4]), name: m[5]! } }),
    }),
  },
  client: {
    format: (l) => `rdkafka %${l.severity} ${l.facility} ${l.thread === null ? '' : `[thrd:${l.thread}]: `}${oneLineText(l.text)}`,
    pattern: /^rdkafka %(\d) (\S+) (?:\[thrd:([^\]]*)\]: )?(.*)$/,
    parse: (m) => ({ severity: Number(m[1]), facility: m[2]!, thread: m[3] ?? null, text: m[4]! }),
  },
  'client-error': {
    format: (l) => `rdkafka error ${l.name} (${l.code}): ${oneLineText(l.text)}`,
    pattern: /^rdkafka error (\S+) \((-?\d+)\): (.*)$/,
    parse: (m) => ({ name: m[1]!, code: Number(m[2]), text: m[3]! }),
  },
  done: { format: () => 'producer: done', pattern: /^producer: done$/, parse: () => ({}) },
};

/** Formats one line of the producer's output (no newline). */
export function formatProducerLine(line: ProducerLine): string {
  return (codecs[line.kind] as LineCodec<ProducerLineKind>).format(line);
}

/** Parses one line of the producer's output, or returns undefined when it is not one. */
export function parseProducerLine(text: string): ProducerLine | undefined {
  const line = text.trimEnd();
  for (const [kind, codec] of Object.entries(codecs) as [ProducerLineKind, LineCodec<ProducerLineKind>][]) {
    const match = codec.pattern.exec(line);
    if (match) return { kind, ...codec.parse(match) } as ProducerLine;
  }
  return undefined;
}

/** A producer's output, sorted by kind; `other` holds the non-blank lines that are none of them (1-based numbers). */
export interface ProducerLog {
  start: Line<'start'> | null;
  results: Line<'result'>[];
  client: Line<'client'>[];
  clientErrors: Line<'client-error'>[];
  /** True when the producer reached its end (every event had its delivery report). */
  done: boolean;
  other: { line: number; text: string }[];
}

/** Parses a whole producer log leniently: every line is sorted by its kind. */
export function scanProducerLog(text: string): ProducerLog {
  const log: ProducerLog = { start: null, results: [], client: [], clientErrors: [], done: false, other: [] };
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    const line = parseProducerLine(raw);
    if (!line) log.other.push({ line: index + 1, text: raw });
    else if (line.kind === 'start') log.start ??= line;
    else if (line.kind === 'result') log.results.push(line);
    else if (line.kind === 'client') log.client.push(line);
    else if (line.kind === 'client-error') log.clientErrors.push(line);
    else log.done = true;
  });
  return log;
}

/** Parses a whole producer log strictly; throws a ProducerError naming the first line that is not a producer line. */
export function parseProducerLog(text: string): ProducerLog {
  const log = scanProducerLog(text);
  const first = log.other[0];
  if (first) {
    const more = log.other.length > 1 ? ` (and ${log.other.length - 1} more)` : '';
    throw new ProducerError('log', `line ${first.line} is not a producer line: ${JSON.stringify(first.text.slice(0, 120))}${more}`);
  }
  return log;
}
