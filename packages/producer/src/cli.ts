import { runMain } from '@kafka-labs/cli';
import { ERROR_KINDS, ProducerError } from './errors.ts';
import { parseProducerArgs, producerHelp } from './options.ts';
import { runProducer } from './producer.ts';

await runMain(
  'producer',
  producerHelp(),
  async (argv) => {
    await runProducer(parseProducerArgs(argv), { write: (line) => process.stdout.write(`${line}\n`) });
    return 0;
  },
  (err) => (err instanceof ProducerError ? ERROR_KINDS[err.kind] : 1),
);
