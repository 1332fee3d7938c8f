import { oneLine, runMain, UsageError } from '@kafka-labs/cli';
import { TxnWorkerError } from '@kafka-labs/kafka-client/txn-log';
import { resumeOnSignal } from './resume.ts';
import { parseTxnProducerArgs, runTxnProducer, txnProducerHelp } from './txn-producer.ts';

await runMain(
  'txn-producer',
  txnProducerHelp(),
  async (argv) => {
    const options = parseTxnProducerArgs(argv);
    const resumed = resumeOnSignal();
    try {
      await runTxnProducer(options, { write: (line) => process.stdout.write(`${line}\n`), resumed });
    } catch (error) {
      throw new TxnWorkerError(`${options.name}: ${oneLine(error)}`, { cause: error });
    }
    return 0;
  },
  (error) => (error instanceof UsageError ? 2 : 1),
);
