// What the single-node graders of this track read: producer logs, partitions dumped with kafka-dump-log and the
// fault proxy's events. Everything here reads only the run folder.
import { dataBatches, parseDumpLog, type DumpBatch, type DumpLog } from '@kafka-labs/dumplog';
import { GradeError, readRunFile } from '@kafka-labs/grader';
import { parseProducerLog, ProducerError, type ProducerLog } from '@kafka-labs/producer';
import type { ProxyEvent } from '@kafka-labs/proxy';

/** A saved kafka-dump-log output, parsed; a line the parser does not know is a GradeError naming it. */
export async function readDump(runDir: string, file: string): Promise<DumpLog> {
  const dump = parseDumpLog(await readRunFile(runDir, file));
  const bad = dump.errors[0];
  if (bad) throw new GradeError(`${file} line ${bad.line} is not kafka-dump-log output (${bad.reason}): ${bad.text}`);
  return dump;
}

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

/** The fault proxy's event log, which the run scripts of this track write into the run folder. */
export const PROXY_EVENTS = 'proxy-events.jsonl';

/** The proxy's events, one JSON object a line; a line that is not an event is a GradeError naming it. */
export async function readProxyEvents(runDir: string): Promise<ProxyEvent[]> {
  return (await readRunFile(runDir, PROXY_EVENTS, { allowEmpty: true })).split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    let event: ProxyEvent;
    try {
      event = JSON.parse(line) as ProxyEvent;
    } catch {
      throw new GradeError(`${PROXY_EVENTS} line ${index + 1} is not JSON`);
    }
    if (typeof event?.seq !== 'number' || typeof event.action !== 'string') throw new GradeError(`${PROXY_EVENTS} line ${index + 1} is not a proxy event`);
    return [event];
  });
}
