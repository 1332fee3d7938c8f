import { TxnWorkerError } from './errors.ts';
import type { PartitionOffset } from './offsets.ts';

export const ISOLATION_LEVELS = ['read_committed', 'read_uncommitted'] as const;
export type IsolationLevel = (typeof ISOLATION_LEVELS)[number];

/** One record as a reader saw it. */
export interface TopicRecord {
  partition: number;
  offset: number;
  key: string | null;
  value: string | null;
}

/** What a reader saw of a topic: its records in partition and offset order, and where each partition ended for it. */
export interface TopicRead {
  topic: string;
  isolation: IsolationLevel;
  records: TopicRecord[];
  /** The offset at which each partition reported its end: the high watermark read_uncommitted, the LSO read_committed. */
  ends: PartitionOffset[];
}


// A saved read, one line each:
//   read <topic> <isolation>
//   p<partition> offset <offset> key <key|-> value <value|-> (value to the end of the line)
//   end p<partition> at <offset>

const HEADER = new RegExp(`^read (\\S+) (${ISOLATION_LEVELS.join('|')})$`);
const RECORD = /^p(\d+) offset (\d+) key (\S+) value (.*)$/;
const END = /^end p(\d+) at (\d+)$/;
/** The most records a saved read may hold for a parser (a lab's topic holds tens). */
export const READ_LIMIT = 100_000;

/** The text of a saved read (what `parseRead` reads back); keys and values with line breaks or a key with spaces are refused. */
export function formatRead(read: TopicRead): string {
  const field = (text: string | null, what: string, record: TopicRecord) => {
    if (text === null) return '-';
    if (/[\r\n]/.test(text) || (what === 'key' && (/\s/.test(text) || text === '-' || text === ''))) {
      throw new TxnWorkerError(`${read.topic} p${record.partition} offset ${record.offset}: its ${what} cannot be saved on one line`);
    }
    return text;
  };
  return [
    `read ${read.topic} ${read.isolation}`,
    ...read.records.map((r) => `p${r.partition} offset ${r.offset} key ${field(r.key, 'key', r)} value ${field(r.value, 'value', r)}`),
    ...read.ends.map((e) => `end p${e.partition} at ${e.offset}`),
  ].join('\n') + '\n';
}

/** Reads a saved read strictly; throws a TxnWorkerError naming `name` and the first line that does not fit. */
export function parseRead(text: string, name: string): TopicRead {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const header = HEADER.exec(lines[0] ?? '');
  if (!header) throw new TxnWorkerError(`${name}: line 1 is not "read <topic> <isolation level>"`);
  if (lines.length > READ_LIMIT + 1000) throw new TxnWorkerError(`${name}: more than ${READ_LIMIT} records`);
  const read: TopicRead = { topic: header[1]!, isolation: header[2] as IsolationLevel, records: [], ends: [] };
  lines.slice(1).forEach((line, i) => {
    const record = RECORD.exec(line);
    const end = END.exec(line);
    if (record && read.ends.length === 0) {
      const [, p, offset, key, value] = record as unknown as [string, string, string, string, string];
      read.records.push({ partition: Number(p), offset: Number(offset), key: key === '-' ? null : key, value: value === '-' ? null : value });
    } else if (end) {
      read.ends.push({ partition: Number(end[1]), offset: Number(end[2]) });
    } else {
      throw new TxnWorkerError(`${name}: line ${i + 2} is not a record or end line of a saved read: ${JSON.stringify(line.slice(0, 120))}`);
    }
  });
  if (read.ends.length === 0) throw new TxnWorkerError(`${name}: no "end" line (the read did not finish)`);
  return read;
}
