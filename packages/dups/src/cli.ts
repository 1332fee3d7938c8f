import { runMain } from '@kafka-labs/cli';
import { DupsError } from './errors.ts';
import { countDuplicates, formatReport } from './count.ts';
import { loadWorkerLogs } from './load.ts';

const USAGE = `usage: dups [--json] RUN-FOLDER-OR-LOG-FILE...

Counts (partition, offset) pairs that worker logs show as processed more than once.
A folder means every *.log file below it.
  --json  print the report as JSON
  --help  print this help`;

await runMain(
  'dups',
  USAGE,
  async (argv) => {
    const unknown = argv.find((arg) => arg.startsWith('-') && arg !== '--json');
    if (unknown) throw new DupsError(`unknown flag ${unknown} (see --help)`);
    const paths = argv.filter((arg) => arg !== '--json');
    if (paths.length === 0) throw new DupsError('give at least one run folder or log file (see --help)');

    const { events, skipped } = loadWorkerLogs(paths);
    const report = countDuplicates(events);
    console.log(argv.includes('--json') ? JSON.stringify({ ...report, skipped: skipped.length }, null, 2) : formatReport(report));
    const first = skipped[0];
    if (first) {
      console.error(`dups: skipped ${skipped.length} line(s) that are not worker log lines, first ${first.file}:${first.line}: ${JSON.stringify(first.text.slice(0, 120))}`);
    }
    return 0;
  },
  (error) => (error instanceof DupsError ? 2 : 1),
);
