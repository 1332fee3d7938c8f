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

const COLUMNS = ['TransactionalId', 'ProducerId', 'ProducerEpoch', 'TransactionState', 'TransactionTimeoutMs', 'TopicPartitions'] as const;

/** The rows of `kafka-transactions describe` output (a tab-separated table under its header); [] without the header. */
export function parseTransactionStates(text: string): TransactionState[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const headerAt = lines.findIndex((line) => line.split('\t').some((cell) => cell.trim() === 'TransactionState'));
  if (headerAt === -1) return [];
  const header = lines[headerAt]!.split('\t').map((cell) => cell.trim());
  const at = Object.fromEntries(COLUMNS.map((name) => [name, header.indexOf(name)])) as Record<(typeof COLUMNS)[number], number>;
  if (Object.values(at).some((index) => index === -1)) return [];
  return lines.slice(headerAt + 1).flatMap((line) => {
    const cells = line.split('\t').map((cell) => cell.trim());
    const producerId = Number(cells[at.ProducerId]);
    const producerEpoch = Number(cells[at.ProducerEpoch]);
    const timeoutMs = Number(cells[at.TransactionTimeoutMs]);
    if (![producerId, producerEpoch, timeoutMs].every(Number.isInteger) || !cells[at.TransactionalId] || !cells[at.TransactionState]) return [];
    return [
      {
        transactionalId: cells[at.TransactionalId]!,
        producerId,
        producerEpoch,
        state: cells[at.TransactionState]!,
        timeoutMs,
        partitions: (cells[at.TopicPartitions] ?? '').split(',').filter(Boolean),
      },
    ];
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
