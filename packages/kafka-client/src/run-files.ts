import { GradeError, readRunFile } from '@kafka-labs/grader';
import { TxnWorkerError } from './errors.ts';
import { formatTxnEvent, parseTxnLog, type TxnEvent } from './txn-log-format.ts';

/** Reads `<worker>.log` of a run folder strictly; a missing, empty or malformed log, or another worker's line in it, is a GradeError naming the file. */
export async function readTxnLog(runDir: string, worker: string): Promise<TxnEvent[]> {
  const file = `${worker}.log`;
  let events: TxnEvent[];
  try {
    events = parseTxnLog(await readRunFile(runDir, file));
  } catch (error) {
    if (error instanceof TxnWorkerError) throw new GradeError(`${file}: ${error.message}`);
    throw error;
  }
  const stranger = events.find((e) => e.worker !== worker);
  if (stranger) throw new GradeError(`${file} holds a line of worker ${stranger.worker}: ${formatTxnEvent(stranger)}`);
  return events;
}
