// The output of Kafka's other tools that graders read, beside kafka-dump-log's.
import { parseConsumerOutput } from './console-consumer.ts';

/** A record printed by kafka-console-consumer with `--formatter-property print.offset=true`. */
export interface ConsoleRecord {
  offset: number;
  /** The rest of the line after the offset: the value, or `key<TAB>value` with print.key=true. */
  value: string;
}

/** The records of kafka-console-consumer output with print.offset=true (`Offset:0<TAB>E-41`), in output order. */
export function parseConsoleRecords(text: string): ConsoleRecord[] {
  return parseConsumerOutput(text).records.flatMap(({ offset, value }) => (offset === undefined ? [] : [{ offset, value }]));
}

/** One row of `kafka-transactions describe --transactional-id ID`. */
export interface TransactionState {
  transactionalId: string;
  producerId: number;
  producerEpoch: number;
  /** Empty, Ongoing, PrepareCommit, PrepareAbort, CompleteCommit, CompleteAbort, PrepareEpochFence, Dead. */
  state: string;
  timeoutMs: number;
  /** The partitions of the open transaction (`orders-0`), none once it is complete. */
  partitions: string[];
}

/**
 * The rows of a kafka-transactions table (tab-separated cells under a header line that holds every one of `columns`),
 * as cells by column name; [] without that header.
 */
function transactionsTable(text: string, columns: readonly string[]): Record<string, string>[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const headerAt = lines.findIndex((line) => {
    const cells = line.split('\t').map((cell) => cell.trim());
    return columns.every((name) => cells.includes(name));
  });
  if (headerAt === -1) return [];
  const header = lines[headerAt]!.split('\t').map((cell) => cell.trim());
  return lines.slice(headerAt + 1).map((line) => {
    const cells = line.split('\t').map((cell) => cell.trim());
    return Object.fromEntries(header.flatMap((name, i) => (name ? [[name, cells[i] ?? '']] : [])));
  });
}

const integers = (...values: number[]) => values.every(Number.isInteger);

/** The rows of `kafka-transactions describe` output (a tab-separated table under its header); [] without the header. */
export function parseTransactionStates(text: string): TransactionState[] {
  const rows = transactionsTable(text, ['TransactionalId', 'ProducerId', 'ProducerEpoch', 'TransactionState', 'TransactionTimeoutMs', 'TopicPartitions']);
  return rows.flatMap((row) => {
    const [producerId, producerEpoch, timeoutMs] = [Number(row.ProducerId), Number(row.ProducerEpoch), Number(row.TransactionTimeoutMs)];
    if (!integers(producerId, producerEpoch, timeoutMs) || !row.TransactionalId || !row.TransactionState) return [];
    return [{ transactionalId: row.TransactionalId, producerId, producerEpoch, state: row.TransactionState, timeoutMs, partitions: (row.TopicPartitions ?? '').split(',').filter(Boolean) }];
  });
}

/** One row of `kafka-transactions describe-producers --topic T --partition P`: a producer the partition's leader knows. */
export interface ProducerState {
  producerId: number;
  producerEpoch: number;
  /** The coordinator epoch of the last marker the partition has from it; -1 before any. */
  coordinatorEpoch: number;
  lastSequence: number;
  lastTimestamp: number;
  /** The first offset of its open transaction on the partition (what holds the LSO there); null: none open. */
  openTransactionStart: number | null;
}

/** The rows of `kafka-transactions describe-producers` output; [] without its header. */
export function parseProducerStates(text: string): ProducerState[] {
  const rows = transactionsTable(text, ['ProducerId', 'ProducerEpoch', 'LatestCoordinatorEpoch', 'LastSequence', 'LastTimestamp', 'CurrentTransactionStartOffset']);
  return rows.flatMap((row) => {
    const values = ['ProducerId', 'ProducerEpoch', 'LatestCoordinatorEpoch', 'LastSequence', 'LastTimestamp'].map((name) => Number(row[name]));
    const start = row.CurrentTransactionStartOffset === 'None' ? null : Number(row.CurrentTransactionStartOffset);
    if (!integers(...values) || (start !== null && !Number.isInteger(start))) return [];
    const [producerId, producerEpoch, coordinatorEpoch, lastSequence, lastTimestamp] = values as [number, number, number, number, number];
    return [{ producerId, producerEpoch, coordinatorEpoch, lastSequence, lastTimestamp, openTransactionStart: start }];
  });
}

/** One row of `kafka-transactions find-hanging`: a transaction open on a partition that its coordinator does not list there. */
export interface HangingTransaction {
  topic: string;
  partition: number;
  producerId: number;
  producerEpoch: number;
  startOffset: number;
}

/**
 * What `kafka-transactions find-hanging` printed: null when its table's header is missing (the tool failed), else its
 * rows ([] when it found none: the header alone).
 */
export function parseHangingTransactions(text: string): HangingTransaction[] | null {
  const columns = ['Topic', 'Partition', 'ProducerId', 'ProducerEpoch', 'CoordinatorEpoch', 'StartOffset', 'LastTimestamp', 'Duration(min)'];
  if (!text.split('\n').some((line) => columns.every((name) => line.split('\t').map((cell) => cell.trim()).includes(name)))) return null;
  return transactionsTable(text, columns).flatMap((row) => {
    const [partition, producerId, producerEpoch, startOffset] = ['Partition', 'ProducerId', 'ProducerEpoch', 'StartOffset'].map((name) => Number(row[name])) as [number, number, number, number];
    return row.Topic && integers(partition, producerId, producerEpoch, startOffset) ? [{ topic: row.Topic, partition, producerId, producerEpoch, startOffset }] : [];
  });
}

/** A line Kafka's Java code logged through log4j (`[2026-12-01 09:53:35,557] WARN <message>`): a tool's stderr, a broker's server.log. */
export interface Log4jLine {
  time: string;
  level: string;
  message: string;
}

const LOG4J_HEAD = /\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] (?:TRACE|DEBUG|INFO|WARN|ERROR|FATAL) /;
const LOG4J_LINE = new RegExp(`^\\[(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3})\\] (TRACE|DEBUG|INFO|WARN|ERROR|FATAL) (.*)$`);

/**
 * One log4j line, or null for anything else: a line that does not start with a log4j head, or that holds a second one
 * (lines run together, e.g. a log with its newlines turned into spaces).
 */
export function parseLog4jLine(line: string): Log4jLine | null {
  const m = LOG4J_LINE.exec(line);
  if (!m || LOG4J_HEAD.test(m[3]!)) return null;
  return { time: m[1]!, level: m[2]!, message: m[3]! };
}
