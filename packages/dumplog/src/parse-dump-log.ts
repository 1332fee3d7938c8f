import { createReadStream } from 'node:fs';

// Parses the stdout of Kafka 4.3.1 `kafka-dump-log --files <segment>.log [--print-data-log]`
// (org.apache.kafka.tools.DumpLogSegments, printBatchLevel / printRecordMetadata / printRecordContents).
// Only magic-2 batches are understood; Kafka 4.x writes no other kind.
//
// Numbers are JavaScript numbers: offsets, producer ids, timestamps and sequences of a lab broker stay far
// below 2^53. A value beyond that range is still returned (rounded) and reported as an `unsafeNumber` error.

export type TimestampType = 'CreateTime' | 'LogAppendTime' | 'NoTimestampType';
export type EndTxnMarker = 'COMMIT' | 'ABORT';

/** One `| offset: ...` line; key and payload are present only when the dump printed them (--print-data-log). */
export interface DumpRecord {
  offset: number;
  /** The record timestamp, printed under the batch's timestamp type (CreateTime for the labs). */
  createTime: number;
  keySize: number;
  /** -1 for a null value (a tombstone): such a record has no payload. */
  valueSize: number;
  sequence: number;
  headerKeys: string[];
  key?: string;
  /** The rest of the line after `payload: ` (spaces kept), joined with `\n` when the value spans lines. */
  payload?: string;
  /** Set on the record of a transaction marker (control batch) instead of a payload. */
  endTxnMarker?: EndTxnMarker;
  coordinatorEpoch?: number;
}

/** One `baseOffset: ...` line and the record lines under it. */
export interface DumpBatch {
  baseOffset: number;
  lastOffset: number;
  count: number;
  baseSequence: number;
  lastSequence: number;
  producerId: number;
  producerEpoch: number;
  partitionLeaderEpoch: number;
  isTransactional: boolean;
  isControl: boolean;
  /** `OptionalLong.empty` is null; `OptionalLong[123]` is 123 (set by log compaction). */
  deleteHorizonMs: number | null;
  position: number;
  timestampType: TimestampType;
  /** The batch's max timestamp, printed under its timestamp type (CreateTime for the labs). */
  createTime: number;
  size: number;
  magic: number;
  compressCodec: string;
  crc: number;
  isValid: boolean;
  records: DumpRecord[];
}

/** Why a line of the input was not taken as part of the dump. */
export const PARSE_ERRORS = {
  notText: 'the input is not text',
  unrecognised: 'not a line that kafka-dump-log prints for a log segment',
  recordOutsideBatch: 'a record line before any batch line',
  unsafeNumber: 'a number beyond 2^53, which JavaScript cannot hold exactly',
  invalidBytes: 'the segment ends with bytes that do not form a batch',
  lineTooLong: `a line longer than ${2 ** 24} characters`,
  tooManyErrors: 'more errors follow; only the first ones are listed',
} as const;
export type ParseErrorReason = keyof typeof PARSE_ERRORS;

export interface DumpLogError {
  /** 1-based line number in the input. */
  line: number;
  reason: ParseErrorReason;
  /** The start of the offending line, control characters replaced by `?`. */
  text: string;
}

export interface DumpLog {
  /** From the first `Dumping <file>` line, null when there is none. */
  file: string | null;
  /** From the first `Log starting offset: N` line, null when there is none. */
  startOffset: number | null;
  batches: DumpBatch[];
  /** At most MAX_ERRORS entries, the last one `tooManyErrors` when more were dropped. */
  errors: DumpLogError[];
}

const MAX_ERRORS = 100;
const MAX_ERROR_TEXT = 120;
const MAX_LINE = 2 ** 24;

type FieldType = keyof typeof VALUE_PATTERNS;
const VALUE_PATTERNS = {
  int: '-?\\d+',
  bool: 'true|false',
  optionalLong: 'OptionalLong\\.empty|OptionalLong\\[-?\\d+\\]',
  word: '\\S+',
} as const;

/** The timestamp label is the batch's timestamp type, so it is captured as a field of its own. */
const TIMESTAMP_LABEL = '(?<timestampType>CreateTime|LogAppendTime|NoTimestampType)';

/** [label as printed, property name, value type], in the order DumpLogSegments prints them. */
type Field = readonly [label: string, name: string, type: FieldType];

const BATCH_FIELDS: readonly Field[] = [
  ['baseOffset', 'baseOffset', 'int'],
  ['lastOffset', 'lastOffset', 'int'],
  ['count', 'count', 'int'],
  ['baseSequence', 'baseSequence', 'int'],
  ['lastSequence', 'lastSequence', 'int'],
  ['producerId', 'producerId', 'int'],
  ['producerEpoch', 'producerEpoch', 'int'],
  ['partitionLeaderEpoch', 'partitionLeaderEpoch', 'int'],
  ['isTransactional', 'isTransactional', 'bool'],
  ['isControl', 'isControl', 'bool'],
  ['deleteHorizonMs', 'deleteHorizonMs', 'optionalLong'],
  ['position', 'position', 'int'],
  [TIMESTAMP_LABEL, 'createTime', 'int'],
  ['size', 'size', 'int'],
  ['magic', 'magic', 'int'],
  ['compresscodec', 'compressCodec', 'word'],
  ['crc', 'crc', 'int'],
  ['isvalid', 'isValid', 'bool'],
];

const RECORD_FIELDS: readonly Field[] = [
  ['offset', 'offset', 'int'],
  [TIMESTAMP_LABEL, 'createTime', 'int'],
  ['keySize', 'keySize', 'int'],
  ['valueSize', 'valueSize', 'int'],
  ['sequence', 'sequence', 'int'],
];

function fieldsPattern(fields: readonly Field[]): string {
  return fields
    .map(([label, name, type]) => `${label}: (?<${name}>${VALUE_PATTERNS[type]})`)
    .join(' ');
}

const BATCH_LINE = new RegExp(`^${fieldsPattern(BATCH_FIELDS)}$`);
const RECORD_LINE = new RegExp(`^\\| ${fieldsPattern(RECORD_FIELDS)} headerKeys: \\[`);
const END_TXN = /\] endTxnMarker: (?<marker>COMMIT|ABORT) coordinatorEpoch: (?<epoch>-?\d+)$/;
const INVALID_BYTES = /^Found \d+ invalid bytes at the end of /;
const DUMPING = 'Dumping ';
const LOG_START = 'Log starting offset: ';
/** The first line of the banner pnpm and npm print above a script's output (`pnpm kafka ...` without `-s`). */
const SCRIPT_BANNER = /^> \S*@\S* \S+ \S/;

/** Converts the named groups of a match by the field table; `unsafe` is set when a number exceeds 2^53. */
function readFields(groups: Record<string, string | undefined>, fields: readonly Field[]) {
  const values: Record<string, number | boolean | string | null> = {};
  let unsafe = false;
  const toNumber = (text: string): number => {
    const n = Number(text);
    if (!Number.isSafeInteger(n)) unsafe = true;
    return n;
  };
  for (const [, name, type] of fields) {
    const text = groups[name] ?? '';
    if (type === 'int') values[name] = toNumber(text);
    else if (type === 'bool') values[name] = text === 'true';
    else if (type === 'optionalLong') values[name] = text.endsWith(']') ? toNumber(text.slice(13, -1)) : null;
    else values[name] = text;
  }
  return { values, unsafe };
}

/** Splits `key: K payload: P`; the key is the prefix whose UTF-8 length equals keySize, else the shortest. */
function splitKeyAndPayload(text: string, keySize: number): { key: string; payload?: string } {
  const separator = ' payload: ';
  let first = -1;
  for (let at = text.indexOf(separator); at !== -1; at = text.indexOf(separator, at + 1)) {
    if (first === -1) first = at;
    const bytes = Buffer.byteLength(text.slice(0, at));
    if (bytes === keySize) return { key: text.slice(0, at), payload: text.slice(at + separator.length) };
    if (bytes > keySize) break;
  }
  if (first === -1) return { key: text };
  return { key: text.slice(0, first), payload: text.slice(first + separator.length) };
}

/** Fills headerKeys, key, payload or the transaction marker from what follows `headerKeys: [`. */
function readRecordTail(tail: string, record: DumpRecord, isControl: boolean): boolean {
  const marker = isControl ? END_TXN.exec(tail) : null;
  if (marker?.groups) {
    record.headerKeys = splitHeaderKeys(tail.slice(0, marker.index));
    record.endTxnMarker = marker.groups.marker as EndTxnMarker;
    record.coordinatorEpoch = Number(marker.groups.epoch);
    return true;
  }
  // The list ends at the first `]` followed by the end of the line, ` key: ` or ` payload: `; header keys may hold `]`.
  let close = tail.indexOf(']');
  while (close !== -1 && !(isControl || close === tail.length - 1 || tail.startsWith(' key: ', close + 1) || tail.startsWith(' payload: ', close + 1))) {
    close = tail.indexOf(']', close + 1);
  }
  if (close === -1) return false;
  record.headerKeys = splitHeaderKeys(tail.slice(0, close));
  if (isControl) return true; // other control types (KRaft LeaderChange, snapshots) keep only their metadata
  const rest = tail.slice(close + 1);
  if (rest.startsWith(' key: ')) {
    const keyAndPayload = rest.slice(' key: '.length);
    if (record.valueSize < 0) record.key = keyAndPayload;
    else Object.assign(record, splitKeyAndPayload(keyAndPayload, record.keySize));
  } else if (rest.startsWith(' payload: ')) {
    record.payload = rest.slice(' payload: '.length);
  }
  return true;
}

function splitHeaderKeys(list: string): string[] {
  return list === '' ? [] : list.split(',');
}

/** Replaces control characters so that an error's text stays on one line. */
function printable(line: string): string {
  return line.slice(0, MAX_ERROR_TEXT).replace(/[\u0000-\u001f\u007f]/g, '?');
}

/** Builds a DumpLog from text fed in chunks of any size; one code path for strings and streams. */
class DumpLogBuilder {
  readonly dump: DumpLog = { file: null, startOffset: null, batches: [], errors: [] };
  private lineNumber = 0;
  private carry = '';
  private overflow = false;
  private batch: DumpBatch | null = null;
  /** A record whose payload is shorter than its valueSize: the value held newlines, the next lines continue it. */
  private open: { record: DumpRecord; bytes: number } | null = null;
  /** After a script banner's first line: its second line (`> <command>`) is banner too. */
  private inBanner = false;

  write(chunk: string): void {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      const piece = chunk.slice(start, nl);
      start = nl + 1;
      if (this.overflow) this.finishLongLine();
      else this.line(this.carry + piece);
      this.carry = '';
    }
    if (this.overflow) return;
    this.carry += chunk.slice(start);
    if (this.carry.length > MAX_LINE) {
      this.carry = this.carry.slice(0, MAX_ERROR_TEXT);
      this.overflow = true;
    }
  }

  end(): DumpLog {
    if (this.overflow) this.finishLongLine();
    else if (this.carry !== '') this.line(this.carry);
    this.carry = '';
    return this.dump;
  }

  private finishLongLine(): void {
    this.lineNumber += 1;
    this.error('lineTooLong', this.carry);
    this.overflow = false;
    this.open = null;
  }

  private line(raw: string): void {
    this.lineNumber += 1;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.length > MAX_LINE) return this.error('lineTooLong', line);
    if (this.open && !this.startsStructure(line)) return this.continuePayload(line);
    this.open = null;
    if (line === '') return;
    if (this.isBanner(line)) return;
    if (line.startsWith('baseOffset: ')) return this.batchLine(line);
    if (line.startsWith('| offset: ')) return this.recordLine(line);
    if (line.startsWith(DUMPING)) {
      this.batch = null;
      this.dump.file ??= line.slice(DUMPING.length);
      return;
    }
    if (line.startsWith(LOG_START) && /^\d+$/.test(line.slice(LOG_START.length))) {
      this.dump.startOffset ??= Number(line.slice(LOG_START.length));
      return;
    }
    if (INVALID_BYTES.test(line)) return this.error('invalidBytes', line);
    this.error('unrecognised', line);
  }

  /** A package manager's script banner: `> pkg@version script dir`, then `> command` (above each output appended). */
  private isBanner(line: string): boolean {
    const banner = SCRIPT_BANNER.test(line) || (this.inBanner && line.startsWith('> '));
    this.inBanner = banner && !this.inBanner;
    return banner;
  }

  private startsStructure(line: string): boolean {
    return line.startsWith('baseOffset: ') || line.startsWith('| offset: ') || line.startsWith(DUMPING) || line.startsWith(LOG_START) || INVALID_BYTES.test(line);
  }

  private continuePayload(line: string): void {
    const open = this.open!;
    open.record.payload += `\n${line}`;
    open.bytes += 1 + Buffer.byteLength(line);
    if (open.bytes >= open.record.valueSize) this.open = null;
  }

  private batchLine(line: string): void {
    const match = BATCH_LINE.exec(line);
    if (!match?.groups) {
      this.batch = null;
      return this.error('unrecognised', line);
    }
    const { values, unsafe } = readFields(match.groups, BATCH_FIELDS);
    this.batch = { ...values, timestampType: match.groups.timestampType, records: [] } as unknown as DumpBatch;
    this.dump.batches.push(this.batch);
    if (unsafe) this.error('unsafeNumber', line);
  }

  private recordLine(line: string): void {
    const match = RECORD_LINE.exec(line);
    if (!match?.groups) return this.error('unrecognised', line);
    if (!this.batch) return this.error('recordOutsideBatch', line);
    const { values, unsafe } = readFields(match.groups, RECORD_FIELDS);
    const record = { ...values, headerKeys: [] } as unknown as DumpRecord;
    if (!readRecordTail(line.slice(match[0].length), record, this.batch.isControl)) return this.error('unrecognised', line);
    this.batch.records.push(record);
    if (unsafe) this.error('unsafeNumber', line);
    if (record.payload !== undefined) {
      const bytes = Buffer.byteLength(record.payload);
      if (bytes < record.valueSize) this.open = { record, bytes };
    }
  }

  private error(reason: ParseErrorReason, line: string): void {
    const { errors } = this.dump;
    if (errors.length < MAX_ERRORS - 1) errors.push({ line: this.lineNumber, reason, text: printable(line) });
    else if (errors.length === MAX_ERRORS - 1) errors.push({ line: this.lineNumber, reason: 'tooManyErrors', text: '' });
  }
}

/** Parses kafka-dump-log output; never throws: what does not parse is listed in `errors` with its line number. */
export function parseDumpLog(text: string): DumpLog {
  const builder = new DumpLogBuilder();
  if (typeof text !== 'string') {
    builder.dump.errors.push({ line: 0, reason: 'notText', text: printable(String(typeof text)) });
    return builder.end();
  }
  builder.write(text);
  return builder.end();
}

/** Parses a saved dump file as a stream (any size); rejects only when the file cannot be read. */
export async function parseDumpLogFile(path: string): Promise<DumpLog> {
  const builder = new DumpLogBuilder();
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) builder.write(chunk as string);
  return builder.end();
}
