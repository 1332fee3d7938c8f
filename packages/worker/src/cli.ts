import { oneLine, WorkerError } from './errors.ts';
import { parseWorkerArgs, workerHelp } from './options.ts';
import { runWorker } from './worker.ts';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(workerHelp());
  process.exit(0);
}

let options;
try {
  options = parseWorkerArgs(argv);
} catch (error) {
  console.error(`worker: ${oneLine(error)}`);
  process.exit(2);
}

const stop = new AbortController();
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => stop.abort(signal));
}

try {
  await runWorker(options, { write: (line) => process.stdout.write(`${line}\n`), stop: stop.signal });
  process.exit(0);
} catch (error) {
  console.error(`worker ${options.name}: ${oneLine(error)}`);
  process.exit(error instanceof WorkerError ? 2 : 1);
}
