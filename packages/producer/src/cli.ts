import { createInterface } from 'node:readline';
import { runMain } from '@kafka-labs/cli';
import { ERROR_KINDS, ProducerError } from './errors.ts';
import { parseProducerArgs, producerHelp } from './options.ts';
import { runProducer } from './producer.ts';

await runMain(
  'producer',
  producerHelp(),
  async (argv) => {
    const options = parseProducerArgs(argv);
    // The iterator is taken at once: readline drops the lines that arrive before one is.
    const input = options.mode === 'stdin' ? createInterface({ input: process.stdin })[Symbol.asyncIterator]() : undefined;
    await runProducer(options, { write: (line) => process.stdout.write(`${line}\n`), input });
    return 0;
  },
  (err) => (err instanceof ProducerError ? ERROR_KINDS[err.kind] : 1),
);
