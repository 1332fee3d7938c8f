import { dataBatches, parseDumpLog, type DumpBatch } from '@kafka-labs/dumplog';
import { GradeError, readRunFile } from '@kafka-labs/grader';

/** The segment dump the labs save with kafka-dump-log --print-data-log. */
export const DUMP = 'dump.txt';

/** The data batches of a saved kafka-dump-log output, parsed by the dumplog package; a line it does not know is a GradeError. */
export async function readDump(runDir: string, file = DUMP): Promise<DumpBatch[]> {
  const dump = parseDumpLog(await readRunFile(runDir, file));
  const bad = dump.errors[0];
  if (bad) throw new GradeError(`${file} line ${bad.line} is not kafka-dump-log output (${bad.reason}): ${bad.text}`);
  return dataBatches(dump);
}
