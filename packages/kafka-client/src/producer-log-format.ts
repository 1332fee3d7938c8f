import { ProducerError } from './errors.ts';

/** Why a record was not stored: a librdkafka error (code and name), or a KafkaJS error (its name, the Kafka code when it has one, its message). */
export interface DeliveryError {
  code: number | null;
  name: string;
  /** The client's sentence, when it says more than the name. */
  text?: string;
}

/** A delivery report: the record stored at `offset` (-1001 with acks=0: no answer to tell it), or the error it failed with. */
export type Delivery = { offset: number; error: null } | { offset: null; error: DeliveryError };

/** Where a record went and how long it took, on result lines of the modes that say it. */
export interface RecordFields {
  topic?: string;
  partition?: number;
  key?: string;
  /** Milliseconds from the produce call to the delivery report. */
  latencyMs?: number;
}

/** What one line of the producer's output says. */
export type ProducerLine =
  | { kind: 'start'; /** The client library, when it is not librdkafka's callback API. */ client?: string; topic: string; mode: string; config: Record<string, string> }
  | ({ kind: 'result'; /** Seconds since the client was ready. */ sec: number; event: string } & Delivery & RecordFields)
  | { kind: 'transaction'; action: TransactionAction }
  | { kind: 'failure'; /** The topic the application did not reach. */ before: string }
  | { kind: 'client'; /** Absent for librdkafka. */ library?: 'kafkajs'; severity: number; facility: string; thread: string | null; text: string }
  | { kind: 'client-error'; code: number; name: string; text: string }
  | { kind: 'done' };

export type ProducerLineKind = ProducerLine['kind'];
type Line<K extends ProducerLineKind> = Extract<ProducerLine, { kind: K }>;
export type TransactionAction = 'begin' | 'commit' | 'abort';

/** The optional fields of a result line, in the order they are written: `partition=3 key=user-4 topic=orders latency=1.52ms`. */
const FIELDS: { name: string; field: keyof RecordFields; format(line: RecordFields): string; parse(text: string): string | number }[] = [
  { name: 'partition', field: 'partition', format: (l) => String(l.partition), parse: Number },
  { name: 'key', field: 'key', format: (l) => l.key!, parse: String },
  { name: 'topic', field: 'topic', format: (l) => l.topic!, parse: String },
  { name: 'latency', field: 'latencyMs', format: (l) => `${l.latencyMs!.toFixed(2)}ms`, parse: (text) => Number(text.replace(/ms$/, '')) },
];

const formatFields = (line: RecordFields) => FIELDS.map((f) => (line[f.field] === undefined ? '' : ` ${f.name}=${f.format(line)}`)).join('');

function parseFields(text: string): RecordFields {
  const fields: Record<string, string | number> = {};
  for (const pair of text.split(' ').filter(Boolean)) {
    const [name, value] = pair.split(/=(.*)/s, 2) as [string, string];
    const spec = FIELDS.find((f) => f.name === name)!;
    fields[spec.field] = spec.parse(value);
  }
  return fields as RecordFields;
}

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
      `producer: ${l.client ? `client ${l.client} ` : ''}topic ${l.topic} mode ${l.mode} config ${Object.entries(l.config)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')}`,
    pattern: /^producer: (?:client (\S+) )?topic (\S+) mode (\S+) config (.*)$/,
    parse: (m) => ({
      ...(m[1] === undefined ? {} : { client: m[1] }),
      topic: m[2]!,
      mode: m[3]!,
      config: Object.fromEntries(m[4]!.split(' ').filter(Boolean).map((pair) => pair.split(/=(.*)/s, 2) as [string, string])),
    }),
  },
  result: {
    format: (l) => {
      const outcome = l.error ? `error ${l.error.code === null ? '' : `${l.error.code} `}${l.error.name}` : `offset=${l.offset}`;
      const text = l.error?.text ? ` | ${oneLineText(l.error.text)}` : '';
      return `${l.sec.toFixed(1).padStart(4)}s ${l.event} result: ${outcome}${formatFields(l)}${text}`;
    },
    pattern: new RegExp(
      String.raw`^\s*(\d+\.\d)s (\S+) result: (?:offset=(-?\d+)|error (?:(-?\d+) )?(\S+))((?: (?:${FIELDS.map((f) => f.name).join('|')})=\S+)*)(?: \| (.*))?$`,
    ),
    parse: (m) => ({
      sec: Number(m[1]),
      event: m[2]!,
      ...(m[3] !== undefined
        ? { offset: Number(m[3]), error: null }
        : { offset: null, error: { code: m[4] === undefined ? null : Number(m[4]), name: m[5]!, ...(m[7] === undefined ? {} : { text: m[7] }) } }),
      ...parseFields(m[6]!),
    }),
  },
  client: {
    format: (l) => `${l.library ?? 'rdkafka'} %${l.severity} ${l.facility} ${l.thread === null ? '' : `[thrd:${l.thread}]: `}${oneLineText(l.text)}`,
    pattern: /^(rdkafka|kafkajs) %(\d) (\S+) (?:\[thrd:([^\]]*)\]: )?(.*)$/,
    parse: (m) => ({ ...(m[1] === 'kafkajs' ? { library: 'kafkajs' as const } : {}), severity: Number(m[2]), facility: m[3]!, thread: m[4] ?? null, text: m[5]! }),
  },
  'client-error': {
    format: (l) => `rdkafka error ${l.name} (${l.code}): ${oneLineText(l.text)}`,
    pattern: /^rdkafka error (\S+) \((-?\d+)\): (.*)$/,
    parse: (m) => ({ name: m[1]!, code: Number(m[2]), text: m[3]! }),
  },
  transaction: {
    format: (l) => `producer: transaction ${l.action}`,
    pattern: /^producer: transaction (begin|commit|abort)$/,
    parse: (m) => ({ action: m[1] as TransactionAction }),
  },
  failure: {
    format: (l) => `producer: application failure before ${l.before}`,
    pattern: /^producer: application failure before (\S+)$/,
    parse: (m) => ({ before: m[1]! }),
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
  /** Transaction steps and application failures, in order. */
  steps: Line<'transaction' | 'failure'>[];
  /** True when the producer reached its end (every event had its delivery report). */
  done: boolean;
  other: { line: number; text: string }[];
  /** Every producer line, in the log's order (the kinds above interleaved as they were written). */
  lines: ProducerLine[];
}

/** Parses a whole producer log leniently: every line is sorted by its kind. */
export function scanProducerLog(text: string): ProducerLog {
  const log: ProducerLog = { start: null, results: [], client: [], clientErrors: [], steps: [], done: false, other: [], lines: [] };
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    const line = parseProducerLine(raw);
    if (line) log.lines.push(line);
    if (!line) log.other.push({ line: index + 1, text: raw });
    else if (line.kind === 'start') log.start ??= line;
    else if (line.kind === 'result') log.results.push(line);
    else if (line.kind === 'client') log.client.push(line);
    else if (line.kind === 'client-error') log.clientErrors.push(line);
    else if (line.kind === 'transaction' || line.kind === 'failure') log.steps.push(line);
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
