// `kafka-consumer-groups --describe` output: a table per group, one row per partition (or per member with --members).

/**
 * The rows of a `kafka-consumer-groups --describe` table for `group`, as cells by column header (GROUP, TOPIC,
 * PARTITION, CURRENT-OFFSET, ... or GROUP, CONSUMER-ID, GROUP-INSTANCE-ID, ... with --members). No cell is empty:
 * the tool prints `-` for a missing value.
 */
export function parseGroupTable(text: string, group: string): Record<string, string>[] {
  let header: string[] = [];
  const rows: Record<string, string>[] = [];
  for (const line of text.split('\n')) {
    const cells = line.trim().split(/\s+/);
    if (cells[0] === 'GROUP') header = cells;
    else if (cells[0] === group && cells.length === header.length) rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i]!])));
  }
  return rows;
}

/** One partition's row of `kafka-consumer-groups --describe`: CURRENT-OFFSET is null when nothing was committed. */
export interface GroupOffset {
  partition: number;
  committed: number | null;
  logEnd: number;
}

/** The rows of `kafka-consumer-groups --describe --group G` output for one topic, by partition. */
export function parseGroupOffsets(text: string, group: string, topic: string): Map<number, GroupOffset> {
  const rows = new Map<number, GroupOffset>();
  for (const row of parseGroupTable(text, group)) {
    if (row.TOPIC !== topic) continue;
    const partition = Number(row.PARTITION);
    rows.set(partition, {
      partition,
      committed: row['CURRENT-OFFSET'] === '-' ? null : Number(row['CURRENT-OFFSET']),
      logEnd: Number(row['LOG-END-OFFSET']),
    });
  }
  return rows;
}
