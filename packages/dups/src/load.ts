import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { scanWorkerLog, type WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import { DupsError } from './errors.ts';

/** A line of an input file that is not a worker log line. */
export interface SkippedLine {
  file: string;
  line: number;
  text: string;
}

export interface LoadedLogs {
  files: string[];
  events: WorkerEvent[];
  skipped: SkippedLine[];
}

function logFiles(path: string): string[] {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DupsError(code === 'ENOENT' ? `no such file or folder: ${path}` : `cannot read ${path} (${code})`);
  }
  if (!stats.isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((x, y) => x.name.localeCompare(y.name))
    .flatMap((entry) => {
      const child = join(path, entry.name);
      if (entry.isDirectory()) return logFiles(child);
      return entry.name.endsWith('.log') ? [child] : [];
    });
}

/**
 * Reads worker logs from files and folders (every `*.log` below a folder); lines that are not worker log
 * lines are skipped and listed. Throws a DupsError when a path is missing or nothing to read was found.
 */
export function loadWorkerLogs(paths: string[]): LoadedLogs {
  const files = paths.flatMap(logFiles);
  if (files.length === 0) throw new DupsError(`no .log files in ${paths.join(', ')}`);
  const events: WorkerEvent[] = [];
  const skipped: SkippedLine[] = [];
  for (const file of files) {
    const { events: found, malformed } = scanWorkerLog(readFileSync(file, 'utf8'));
    events.push(...found);
    skipped.push(...malformed.map((m) => ({ file, ...m })));
  }
  if (events.length === 0) throw new DupsError(`no worker log lines in ${files.join(', ')}`);
  return { files, events, skipped };
}
