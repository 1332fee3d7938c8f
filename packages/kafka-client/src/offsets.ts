// Partitions and offsets as every program's log writes them; no client.

/** A partition's next offset to process, as committed (`p0=100`). */
export interface PartitionOffset {
  partition: number;
  offset: number;
}

/** `[p0,p1]`: a partition list as the logs write it. */
export const formatPartitions = (partitions: number[]) => `[${partitions.map((p) => `p${p}`).join(',')}]`;
/** Reads the inside of what `formatPartitions` wrote (matched by PARTITIONS_PATTERN's group). */
export const parsePartitions = (text: string) => (text === '' ? [] : text.split(',').map((p) => Number(p.slice(1))));
/** `p0=100 p1=490`: partitions' next offsets as the logs write them. */
export const formatOffsets = (offsets: PartitionOffset[]) => offsets.map(({ partition, offset }) => `p${partition}=${offset}`).join(' ');
/** Reads what `formatOffsets` wrote (matched by OFFSETS_PATTERN). */
export const parseOffsets = (text: string): PartitionOffset[] =>
  text.split(' ').map((item) => {
    const [partition, offset] = item.slice(1).split('=');
    return { partition: Number(partition), offset: Number(offset) };
  });

/** Regular-expression sources (one capture group each) of a partition list and an offset list. */
export const PARTITIONS_PATTERN = String.raw`\[((?:p\d+(?:,p\d+)*)?)\]`;
export const OFFSETS_PATTERN = String.raw`(p\d+=\d+(?: p\d+=\d+)*)`;

/** The codec of a `<kind> [p0,p1]` log line, shared by the consumers' grammars. */
export const partitionsCodec = <K extends string>(kind: K) => ({
  format: (body: { partitions: number[] }) => `${kind} ${formatPartitions(body.partitions)}`,
  pattern: new RegExp(`^${kind} ${PARTITIONS_PATTERN}$`),
  parse: (m: RegExpExecArray) => ({ partitions: parsePartitions(m[1]!) }),
});
