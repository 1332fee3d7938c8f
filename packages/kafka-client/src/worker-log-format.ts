import { eventLog, LOG_NAME, type LineCodecs, type MalformedLine, type Stamped } from '@kafka-labs/cli';
import { WorkerError } from './errors.ts';
import { formatOffsets, OFFSETS_PATTERN, parseOffsets, partitionsCodec, type PartitionOffset } from './offsets.ts';

/** What one worker log line says, without its timestamp and worker name. */
export type WorkerEventBody =
  | { kind: 'ready' }
  | { kind: 'started' }
  | { kind: 'assigned'; partitions: number[] }
  | { kind: 'revoked'; partitions: number[] }
  | { kind: 'lost'; partitions: number[] }
  | { kind: 'slow'; partition: number; offset: number; sec: number }
  | { kind: 'processed'; partition: number; offset: number }
  | { kind: 'failed'; partition: number; offset: number }
  | { kind: 'skipped'; partition: number; offset: number }
  | { kind: 'commit'; offsets: PartitionOffset[] }
  | { kind: 'commit-failed'; error: string; offsets: PartitionOffset[] }
  | { kind: 'poll-error'; error: string }
  | { kind: 'client'; text: string }
  | { kind: 'stopping'; reason: string }
  | { kind: 'stopped' };

export type WorkerEventKind = WorkerEventBody['kind'];

/** One worker log line: when (ISO 8601, milliseconds, UTC), which worker, what happened. */
export type WorkerEvent = Stamped<WorkerEventBody>;

const ERROR = String.raw`([\w-]+)`;
/** The codec of a `<kind> p0 offset 5` line: what happened to one record. */
const recordCodec = <K extends string>(kind: K) => ({
  format: (b: { partition: number; offset: number }) => `${kind} p${b.partition} offset ${b.offset}`,
  pattern: new RegExp(`^${kind} p(\\d+) offset (\\d+)$`),
  parse: (m: RegExpExecArray) => ({ partition: Number(m[1]), offset: Number(m[2]) }),
});

/** The worker's log line grammar, one entry per event kind: the only place the text format is defined. */
const codecs: LineCodecs<WorkerEventBody> = {
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
  processed: recordCodec('processed'),
  failed: recordCodec('failed'),
  skipped: recordCodec('skipped'),
  commit: {
    format: (b) => `commit ${formatOffsets(b.offsets)}`,
    pattern: new RegExp(`^commit ${OFFSETS_PATTERN}$`),
    parse: (m) => ({ offsets: parseOffsets(m[1]!) }),
  },
  'commit-failed': {
    format: (b) => `commit failed: ${b.error} ${formatOffsets(b.offsets)}`,
    pattern: new RegExp(`^commit failed: ${ERROR} ${OFFSETS_PATTERN}$`),
    parse: (m) => ({ error: m[1]!, offsets: parseOffsets(m[2]!) }),
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

const log = eventLog(codecs, 'worker log line', (message) => new WorkerError(message));

/** A worker name that fits the log format: letters, digits, `_`, `.` and `-`. */
export const WORKER_NAME = LOG_NAME;

/** Formats one event as one log line (no newline): `<ISO time> <worker> <body>`. */
export const formatWorkerEvent: (event: WorkerEvent) => string = log.format;

/** Parses one log line into an event, or returns undefined when the line is not a worker log line. */
export const parseWorkerLine: (line: string) => WorkerEvent | undefined = log.parseLine;

export type { MalformedLine };

/** Parses a whole log leniently: every worker line becomes an event, every other non-blank line is reported as malformed. */
export const scanWorkerLog: (text: string) => { events: WorkerEvent[]; malformed: MalformedLine[] } = log.scan;

/** Parses a whole log strictly: returns its events in order; throws a WorkerError naming the first line that is not a worker log line. */
export const parseWorkerLog: (text: string) => WorkerEvent[] = log.parse;
