import { oneLine, runMain, UsageError } from '@kafka-labs/cli';
import { TxnWorkerError } from '@kafka-labs/kafka-client/txn-log';
import { FATAL_EXIT_CODE, parseTxnWorkerArgs, txnWorkerHelp } from './options.ts';
import { resumeOnSignal } from './resume.ts';
import { runTxnWorker } from './worker.ts';

const exitCodeOf = (error: unknown) => (error instanceof UsageError ? 2 : 1);

await runMain(
  'txn-worker',
  txnWorkerHelp(),
  async (argv) => {
    const options = parseTxnWorkerArgs(argv);
    const stop = new AbortController();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop.abort(signal));
    const resumed = resumeOnSignal();
    try {
      const outcome = await runTxnWorker(options, { write: (line) => process.stdout.write(`${line}\n`), stop: stop.signal, resumed });
      return outcome === 'fatal' ? FATAL_EXIT_CODE : 0;
    } catch (error) {
      throw new TxnWorkerError(`${options.name}: ${oneLine(error)}`, { cause: error });
    }
  },
  exitCodeOf,
);
