// What the single-node graders of this track read: producer logs, topics read back with kafka-console-consumer,
// partitions dumped with kafka-dump-log and the fault proxy's events. Everything here reads only the run folder.
import { dataBatches, parseConsumerOutput, readDump, type DumpBatch } from '@kafka-labs/dumplog';
import { GradeError, readRunFile } from '@kafka-labs/grader';
import { parseProducerLog, ProducerError, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { PROXY_EVENTS, type ProxyEvent } from '@kafka-labs/proxy';
import type { SequenceView } from '@kafka-labs/report/views';
import type { Placed } from './partitions.ts';

/** The records of kafka-console-consumer output (partition, offset and key printed) saved as `file`; a line of another shape is a GradeError. */
export function parsePlaced(text: string, file: string): Placed[] {
  const { records, errors } = parseConsumerOutput(text, { key: true });
  const bad = errors[0] ?? records.findIndex((r) => r.partition === undefined || r.offset === undefined);
  if (typeof bad === 'object') throw new GradeError(`${file} line ${bad.line} is not a record with its partition, offset and key: ${bad.text}`);
  if (bad !== -1) throw new GradeError(`${file} record ${bad + 1} has no partition or offset`);
  return records as Placed[];
}

/** The records of a saved kafka-console-consumer output, as `parsePlaced` reads them. */
export const readPlaced = async (runDir: string, file: string): Promise<Placed[]> =>
  parsePlaced(await readRunFile(runDir, file, { allowEmpty: true }), file);

/** The data batches of a saved dump, in log order. */
export const readBatches = async (runDir: string, file: string): Promise<DumpBatch[]> => dataBatches(await readDump(runDir, file));

/** A producer program's log `<name>.log`, parsed strictly; a foreign line is a GradeError naming it. */
export async function readProducerLog(runDir: string, name: string): Promise<ProducerLog> {
  const file = `${name}.log`;
  try {
    return parseProducerLog(await readRunFile(runDir, file));
  } catch (error) {
    if (error instanceof ProducerError) throw new GradeError(`${file}: ${error.message}`);
    throw error;
  }
}

/** The payloads of data records in log order (a batch's records in their order). */
export const payloadsOf = (batches: DumpBatch[]) => batches.flatMap((b) => b.records.map((r) => r.payload ?? 'null'));

/** The fault proxy's event log, which the run scripts of this track write into the run folder, and its reader. */
export { PROXY_EVENTS, readProxyEvents } from '@kafka-labs/proxy';

/**
 * The report's sequence picture of one producer of a proxy lab: the proxy's events on the connections that carried
 * Produce requests for `topic`, the producer's log, and the partition's data batches (from `files`).
 */
export function topicSequence(
  topic: string,
  producer: { name: string; log: ProducerLog },
  proxy: readonly ProxyEvent[],
  batches: DumpBatch[],
  files: string[],
): SequenceView {
  const connections = new Set(proxy.filter((e) => e.apiName === 'Produce' && e.produce?.partitions.some((p) => p.topic === topic)).map((e) => e.connection));
  return {
    kind: 'sequence',
    files: [PROXY_EVENTS, ...files],
    producers: [{ name: producer.name, lines: producer.log.lines }],
    proxy: proxy.filter((e) => connections.has(e.connection)),
    batches,
  };
}
