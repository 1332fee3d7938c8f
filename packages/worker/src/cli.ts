import { oneLine, runMain, UsageError } from '@kafka-labs/cli';
import { WorkerError } from '@kafka-labs/kafka-client/worker-log';
import { JOIN_SIGNAL, parseWorkerArgs, workerHelp } from './options.ts';
import { runWorker } from './worker.ts';

const exitCodeOf = (error: unknown) => (error instanceof UsageError || error instanceof WorkerError ? 2 : 1);

await runMain(
  'worker',
  workerHelp(),
  async (argv) => {
    const options = parseWorkerArgs(argv);
    const stop = new AbortController();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop.abort(signal));
    const join = new Promise<void>((resolve) => process.once(JOIN_SIGNAL, () => resolve()));
    try {
      const outcome = await runWorker(options, { write: (line) => process.stdout.write(`${line}\n`), stop: stop.signal, join });
      return outcome === 'failed' ? 1 : 0;
    } catch (error) {
      throw new WorkerError(`${options.name}: ${oneLine(error)}`, { cause: error });
    }
  },
  exitCodeOf,
);
