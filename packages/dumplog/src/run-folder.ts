import { excerpt, GradeError, readRunFile } from '@kafka-labs/grader';
import { PARSE_ERRORS, parseDumpLog, type DumpLog } from './parse-dump-log.ts';

export interface ReadDumpOptions {
  /** A dump without a batch is a GradeError too (for a log the run is sure to have written to). */
  nonEmpty?: boolean;
}

/**
 * The kafka-dump-log output a run folder saved as `name`, read as readRunFile reads (inside the folder, bounded): a
 * text without a `Dumping <segment>` line or with a line that does not parse is a GradeError naming the file and line.
 */
export async function readDump(runDir: string, name: string, options: ReadDumpOptions = {}): Promise<DumpLog> {
  const dump = parseDumpLog(await readRunFile(runDir, name));
  const bad = dump.errors[0];
  if (bad) throw new GradeError(`${name} line ${bad.line} is not kafka-dump-log output (${PARSE_ERRORS[bad.reason]}): ${excerpt(bad.text, 120)}`);
  if (!dump.file) throw new GradeError(`${name} is not kafka-dump-log output (it has no "Dumping <segment>" line)`);
  if (options.nonEmpty && dump.batches.length === 0) throw new GradeError(`${name} holds no batch`);
  return dump;
}
