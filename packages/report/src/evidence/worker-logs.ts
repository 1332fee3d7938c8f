import { readRunFile } from '@kafka-labs/grader';
import { scanWorkerLog, type MalformedLine, type WorkerEvent } from '@kafka-labs/kafka-client/worker-log';

/** One worker's log as the worker package parses it; `malformed` lists the lines that are not worker lines. */
export interface WorkerLog {
  file: string;
  worker: string;
  events: WorkerEvent[];
  malformed: MalformedLine[];
}

/** The consumer group a worker belongs to, by the labs' naming: `<group>-<member>` (the whole name when it has no `-`). */
export const groupOf = (worker: string) => worker.replace(/-[^-]+$/, '');

/** The member part of a worker name: `b` of `nocommit-b`. */
export const memberOf = (worker: string) => worker.slice(groupOf(worker).length).replace(/^-/, '') || worker;

/**
 * Every `*.log` of `files` that holds worker log lines, read with the graders' safe reader and parsed by the worker's
 * own parser; a log is named by the worker of its first line. Logs of other programs (producers, fill) are left out.
 */
export async function readWorkerLogs(runDir: string, files: string[]): Promise<WorkerLog[]> {
  const logs: WorkerLog[] = [];
  for (const file of files.filter((f) => f.endsWith('.log'))) {
    const { events, malformed } = scanWorkerLog(await readRunFile(runDir, file, { allowEmpty: true }));
    if (events.length > 0) logs.push({ file, worker: events[0]!.worker, events, malformed });
  }
  return logs;
}
