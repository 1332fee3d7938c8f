import { WorkerError } from './errors.ts';

/** A partition's next offset to process, as committed (`p0=100`). */
export interface PartitionOffset {
  partition: number;
  offset: number;
}

/** What one worker log line says, without its timestamp and worker name. */
export type WorkerEventBody =
  | { kind: 'ready' }
  | { kind: 'started' }
  | { kind: 'assigned'; partitions: number[] }
  | { kind: 'revoked'; partitions: number[] }
  | { kind: 'lost'; partitions: number[] }
  | { kind: 'slow'; partition: number; offset: number; sec: number }
  | { kind: 'processed'; partition: number; offset: number }
  | { kind: 'commit'; offsets: PartitionOffset[] }
  | { kind: 'commit-failed'; error: string; offsets: PartitionOffset[] }
  | { kind: 'poll-error'; error: string }
  | { kind: 'client'; text: string }
  | { kind: 'stopping'; reason: string }
  | { kind: 'stopped' };

export type WorkerEventKind = WorkerEventBody['kind'];

/** One worker log line: when (ISO 8601, milliseconds, UTC), which worker, what happened. */
export type WorkerEvent = WorkerEventBody & { time: string; worker: string };

type Body<K extends WorkerEventKind> = Extract<WorkerEventBody, { kind: K }>;

interface LineCodec<K extends WorkerEventKind> {
  format(body: Body<K>): string;
  pattern: RegExp;
  parse(match: RegExpExecArray): Omit<Body<K>, 'kind'>;
}

const partitionList = (partitions: number[]) => `[${partitions.map((p) => `p${p}`).join(',')}]`;
const parsePartitionList = (text: string) => (text === '' ? [] : text.split(',').map((p) => Number(p.slice(1))));
const offsetList = (offsets: PartitionOffset[]) => offsets.map(({ partition, offset }) => `p${partition}=${offset}`).join(' ');
const parseOffsetList = (text: string) =>
  text.split(' ').map((item) => {
    const [partition, offset] = item.slice(1).split('=');
    return { partition: Number(partition), offset: Number(offset) };
  });

const LIST = String.raw`\[((?:p\d+(?:,p\d+)*)?)\]`;
const OFFSETS = String.raw`(p\d+=\d+(?: p\d+=\d+)*)`;
const ERROR = String.raw`([\w-]+)`;
const partitionsCodec = <K extends 'assigned' | 'revoked' | 'lost'>(kind: K): LineCodec<K> => ({
  format: (body) => `${kind} ${partitionList((body as { partitions: number[] }).partitions)}`,
  pattern: new RegExp(`^${kind} ${LIST}$`),
  parse: (m) => ({ partitions: parsePartitionList(m[1]!) }) as Omit<Body<K>, 'kind'>,
});

/** The worker's log line grammar, one entry per event kind: the only place the text format is defined. */
const codecs: { [K in WorkerEventKind]: LineCodec<K> } = {
  ready: { format: () => 'ready', pattern: /^ready$/, parse: () => ({}) },
  started: { format: () => 'started', pattern: /^started$/, parse: () => ({}) },
  assigned: partitionsCodec('assigned'),
  revoked: partitionsCodec('revoked'),
  lost: partitionsCodec('lost'),
  slow: {
    format: (b) => `slow p${b.partition} offset ${b.offset} for ${b.sec}s`,
    pattern: /^slow p(\d+) offset (\d+) for (\d+(?:\.\d+)?)s$/,
    parse: (m) => ({ partition: Number(m[1]), offset: Number(m[2]), sec: Number(m[3]) }),
  },
  processed: {
    format: (b) => `processed p${b.partition} offset ${b.offset}`,
    pattern: /^processed p(\d+) offset (\d+)$/,
    parse: (m) => ({ partition: Number(m[1]), offset: Number(m[2]) }),
  },
  commit: {
    format: (b) => `commit ${offsetList(b.offsets)}`,
    pattern: new RegExp(`^commit ${OFFSETS}$`),
    parse: (m) => ({ offsets: parseOffsetList(m[1]!) }),
  },
  'commit-failed': {
    format: (b) => `commit failed: ${b.error} ${offsetList(b.offsets)}`,
    pattern: new RegExp(`^commit failed: ${ERROR} ${OFFSETS}$`),
    parse: (m) => ({ error: m[1]!, offsets: parseOffsetList(m[2]!) }),
  },
  'poll-error': {
    format: (b) => `poll error: ${b.error}`,
    pattern: new RegExp(`^poll error: ${ERROR}$`),
    parse: (m) => ({ error: m[1]! }),
  },
  client: {
    format: (b) => `client: ${b.text.replace(/\s+/g, ' ').trim()}`,
    pattern: /^client: (.+)$/,
    parse: (m) => ({ text: m[1]! }),
  },
  stopping: { format: (b) => `stopping: ${b.reason}`, pattern: /^stopping: (.+)$/, parse: (m) => ({ reason: m[1]! }) },
  stopped: { format: () => 'stopped', pattern: /^stopped$/, parse: () => ({}) },
};

const LINE = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) ([\w.-]+) (.+)$/;

/** A worker name that fits the log format: letters, digits, `_`, `.` and `-`. */
export const WORKER_NAME = /^[\w.-]+$/;

/** Formats one event as one log line (no newline): `<ISO time> <worker> <body>`. */
export function formatWorkerEvent(event: WorkerEvent): string {
  const codec = codecs[event.kind] as LineCodec<WorkerEventKind>;
  return `${event.time} ${event.worker} ${codec.format(event)}`;
}

/** Parses one log line into an event, or returns undefined when the line is not a worker log line. */
export function parseWorkerLine(line: string): WorkerEvent | undefined {
  const head = LINE.exec(line.trimEnd());
  if (!head) return undefined;
  const [, time, worker, body] = head as unknown as [string, string, string, string];
  for (const [kind, codec] of Object.entries(codecs) as [WorkerEventKind, LineCodec<WorkerEventKind>][]) {
    const match = codec.pattern.exec(body);
    if (match) return { kind, ...codec.parse(match), time, worker } as WorkerEvent;
  }
  return undefined;
}

/** A line of a log that is not a worker log line, with its 1-based line number. */
export interface MalformedLine {
  line: number;
  text: string;
}

/** Parses a whole log leniently: every worker line becomes an event, every other non-blank line is reported as malformed. */
export function scanWorkerLog(text: string): { events: WorkerEvent[]; malformed: MalformedLine[] } {
  const events: WorkerEvent[] = [];
  const malformed: MalformedLine[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const event = parseWorkerLine(line);
    if (event) events.push(event);
    else malformed.push({ line: index + 1, text: line });
  });
  return { events, malformed };
}

/** Parses a whole log strictly: returns its events in order; throws a WorkerError naming the first line that is not a worker log line. */
export function parseWorkerLog(text: string): WorkerEvent[] {
  const { events, malformed } = scanWorkerLog(text);
  const first = malformed[0];
  if (first) {
    const more = malformed.length > 1 ? ` (and ${malformed.length - 1} more)` : '';
    throw new WorkerError(`line ${first.line} is not a worker log line: ${JSON.stringify(first.text.slice(0, 120))}${more}`);
  }
  return events;
}
