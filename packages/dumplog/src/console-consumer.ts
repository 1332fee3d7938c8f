/** One record as kafka-console-consumer prints it; the fields its formatter was not asked to print are absent. */
export interface ConsumedRecord {
  partition?: number;
  offset?: number;
  /** With print.key=true: the key, or null for a record without one. */
  key?: string | null;
  value: string;
}

/** A line of the output that is not a record of the asked-for shape (no key cell where keys were printed). */
export interface ConsumerOutputError {
  line: number;
  text: string;
}

const FIELD = /^(CreateTime|LogAppendTime|NO_TIMESTAMP|Partition|Offset):(-?\d+)$/;

/**
 * Parses kafka-console-consumer output printed with any of print.timestamp, print.partition and print.offset (its
 * `Name:value` fields, tab-separated, in the formatter's order) and, when `key` is true, print.key; the value is
 * the rest of the line (a value with a tab keeps it). A key printed as `null` is a record without a key.
 */
export function parseConsumerOutput(text: string, options: { key?: boolean } = {}): { records: ConsumedRecord[]; errors: ConsumerOutputError[] } {
  const records: ConsumedRecord[] = [];
  const errors: ConsumerOutputError[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const cells = line.split('\t');
    const record: Partial<ConsumedRecord> = {};
    while (cells.length > 1) {
      const field = FIELD.exec(cells[0]!);
      if (!field) break;
      cells.shift();
      if (field[1] === 'Partition') record.partition = Number(field[2]);
      if (field[1] === 'Offset') record.offset = Number(field[2]);
    }
    if (options.key) {
      if (cells.length < 2) return void errors.push({ line: index + 1, text: line });
      const key = cells.shift()!;
      record.key = key === 'null' ? null : key;
    }
    records.push({ ...record, value: cells.join('\t') });
  });
  return { records, errors };
}
