import { eventLog, type LineCodecs, type MalformedLine, type Stamped } from '@kafka-labs/cli';
import { TxnWorkerError } from './errors.ts';
import { formatOffsets, OFFSETS_PATTERN, parseOffsets, partitionsCodec, type PartitionOffset } from './offsets.ts';

/** How a failed client call is flagged by librdkafka (the callback API's isFatal / isTxnRequiresAbort / isRetriable). */
export const ERROR_FLAGS = ['fatal', 'abortable', 'retriable', '-'] as const;
export type ErrorFlag = (typeof ERROR_FLAGS)[number];

/** A failed client call: which call, librdkafka's error name and code, its flag and message. */
export interface CallFailure {
  call: string;
  error: string;
  code: number;
  flag: ErrorFlag;
  message: string;
}

/** What one txn-worker log line says, without its timestamp and worker name. */
export type TxnEventBody =
  | { kind: 'started'; settings: Record<string, string> }
  | { kind: 'transactions-ready'; transactionalId: string }
  | { kind: 'assigned'; partitions: number[] }
  | { kind: 'revoked'; partitions: number[] }
  | { kind: 'lost'; partitions: number[] }
  | { kind: 'starting-at'; offsets: PartitionOffset[] }
  | { kind: 'consumed'; partition: number; offset: number; id: string }
  | { kind: 'began'; txn: number }
  | { kind: 'applied'; id: string }
  | { kind: 'skipped'; id: string }
  | { kind: 'stale'; id: string }
  | { kind: 'duplicate'; id: string }
  | { kind: 'unawaited'; id: string }
  | { kind: 'processed'; partition: number; offset: number }
  | { kind: 'produced'; id: string; partition: number; offset: number }
  | { kind: 'sent-offsets'; txn: number; offsets: PartitionOffset[] }
  | { kind: 'committed'; txn: number }
  | { kind: 'aborted'; txn: number }
  | { kind: 'offsets-committed'; offsets: PartitionOffset[] }
  | { kind: 'auto-committed'; offsets: PartitionOffset[] }
  | ({ kind: 'failed' } & CallFailure)
  | ({ kind: 'fenced' } & CallFailure)
  | { kind: 'rewound'; offsets: PartitionOffset[] }
  | { kind: 'paused'; after: string }
  | { kind: 'resumed' }
  | { kind: 'client'; text: string }
  | { kind: 'stopping'; reason: string }
  | { kind: 'stopped' };

export type TxnEventKind = TxnEventBody['kind'];

/** One txn-worker log line: when (ISO 8601, milliseconds, UTC), which worker, what happened. */
export type TxnEvent = Stamped<TxnEventBody>;

/** The event of a kind, with its time and worker. */
export type TxnEventOf<K extends TxnEventKind> = Extract<TxnEvent, { kind: K }>;

const ID = String.raw`(\S+)`;
const oneLineText = (text: string) => text.replace(/\s+/g, ' ').trim();

const offsetsCodec = (head: string) => ({
  format: (b: { offsets: PartitionOffset[] }) => `${head} ${formatOffsets(b.offsets)}`,
  pattern: new RegExp(`^${head} ${OFFSETS_PATTERN}$`),
  parse: (m: RegExpExecArray) => ({ offsets: parseOffsets(m[1]!) }),
});
const idCodec = (kind: 'applied' | 'skipped' | 'stale') => ({
  format: (b: { id: string }) => `${kind} ${b.id}`,
  pattern: new RegExp(`^${kind} ${ID}$`),
  parse: (m: RegExpExecArray) => ({ id: m[1]! }),
});
const txnCodec = (kind: 'began' | 'committed' | 'aborted') => ({
  format: (b: { txn: number }) => `${kind} transaction ${b.txn}`,
  pattern: new RegExp(`^${kind} transaction (\\d+)$`),
  parse: (m: RegExpExecArray) => ({ txn: Number(m[1]) }),
});
const failureCodec = (head: string) => ({
  format: (b: CallFailure) => `${head} ${b.call}: ${b.error} (${b.code}) ${b.flag}: ${oneLineText(b.message)}`,
  pattern: new RegExp(`^${head} (\\w+): ([\\w-]+) \\((-?\\d+)\\) (${ERROR_FLAGS.join('|')}): (.*)$`),
  parse: (m: RegExpExecArray) => ({ call: m[1]!, error: m[2]!, code: Number(m[3]), flag: m[4] as ErrorFlag, message: m[5]! }),
});

/** The txn-worker's log line grammar, one entry per event kind: the only place its text format is defined. */
const codecs: LineCodecs<TxnEventBody> = {
  started: {
    format: (b) => `started ${Object.entries(b.settings).map(([k, v]) => `${k}=${v}`).join(' ')}`.trimEnd(),
    pattern: /^started((?: [\w.-]+=\S+)*)$/,
    parse: (m) => ({ settings: Object.fromEntries(m[1]!.trim().split(' ').filter(Boolean).map((kv) => kv.split(/=(.*)/s, 2) as [string, string])) }),
  },
  'transactions-ready': {
    format: (b) => `transactions ready for ${b.transactionalId}`,
    pattern: /^transactions ready for (\S+)$/,
    parse: (m) => ({ transactionalId: m[1]! }),
  },
  assigned: partitionsCodec('assigned'),
  revoked: partitionsCodec('revoked'),
  lost: partitionsCodec('lost'),
  'starting-at': offsetsCodec('starting at'),
  consumed: {
    format: (b) => `consumed p${b.partition} offset ${b.offset} ${b.id}`,
    pattern: new RegExp(`^consumed p(\\d+) offset (\\d+) ${ID}$`),
    parse: (m) => ({ partition: Number(m[1]), offset: Number(m[2]), id: m[3]! }),
  },
  began: txnCodec('began'),
  applied: idCodec('applied'),
  skipped: idCodec('skipped'),
  stale: idCodec('stale'),
  duplicate: {
    format: (b) => `duplicate ${b.id}: unique_violation (23505) treated as done`,
    pattern: new RegExp(`^duplicate ${ID}: unique_violation \\(23505\\) treated as done$`),
    parse: (m) => ({ id: m[1]! }),
  },
  unawaited: { format: (b) => `sink write ${b.id} not awaited`, pattern: new RegExp(`^sink write ${ID} not awaited$`), parse: (m) => ({ id: m[1]! }) },
  processed: {
    format: (b) => `processed p${b.partition} offset ${b.offset}`,
    pattern: /^processed p(\d+) offset (\d+)$/,
    parse: (m) => ({ partition: Number(m[1]), offset: Number(m[2]) }),
  },
  produced: {
    format: (b) => `produced ${b.id} to p${b.partition} offset ${b.offset}`,
    pattern: new RegExp(`^produced ${ID} to p(\\d+) offset (\\d+)$`),
    parse: (m) => ({ id: m[1]!, partition: Number(m[2]), offset: Number(m[3]) }),
  },
  'sent-offsets': {
    format: (b) => `sent offsets ${formatOffsets(b.offsets)} in transaction ${b.txn}`,
    pattern: new RegExp(`^sent offsets ${OFFSETS_PATTERN} in transaction (\\d+)$`),
    parse: (m) => ({ offsets: parseOffsets(m[1]!), txn: Number(m[2]) }),
  },
  committed: txnCodec('committed'),
  aborted: txnCodec('aborted'),
  'offsets-committed': offsetsCodec('offsets committed'),
  'auto-committed': offsetsCodec('offsets auto-committed'),
  failed: failureCodec('failed'),
  fenced: failureCodec('fenced in'),
  rewound: offsetsCodec('rewound to'),
  paused: { format: (b) => `paused after ${b.after}`, pattern: /^paused after (\S+)$/, parse: (m) => ({ after: m[1]! }) },
  resumed: { format: () => 'resumed', pattern: /^resumed$/, parse: () => ({}) },
  client: { format: (b) => `client: ${oneLineText(b.text)}`, pattern: /^client: (.+)$/, parse: (m) => ({ text: m[1]! }) },
  stopping: { format: (b) => `stopping: ${b.reason}`, pattern: /^stopping: (.+)$/, parse: (m) => ({ reason: m[1]! }) },
  stopped: { format: () => 'stopped', pattern: /^stopped$/, parse: () => ({}) },
};

const log = eventLog(codecs, 'txn-worker log line', (message) => new TxnWorkerError(message));

/** Formats one event as one log line (no newline): `<ISO time> <worker> <body>`. */
export const formatTxnEvent: (event: TxnEvent) => string = log.format;

/** Parses one log line into an event, or returns undefined when the line is not a txn-worker log line. */
export const parseTxnLine: (line: string) => TxnEvent | undefined = log.parseLine;

/** Parses a whole log leniently: every txn-worker line becomes an event, every other non-blank line is malformed. */
export const scanTxnLog: (text: string) => { events: TxnEvent[]; malformed: MalformedLine[] } = log.scan;

/** Parses a whole log strictly (what graders use): its events in order; throws a TxnWorkerError naming the first other line. */
export const parseTxnLog: (text: string) => TxnEvent[] = log.parse;
