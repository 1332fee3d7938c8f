import { runMain } from '@kafka-labs/cli';
import { ERROR_KINDS, ProducerError } from '@kafka-labs/kafka-client/producer-log';
import { parseProducerArgs, producerHelp } from './options.ts';
import { modeInput } from './plan.ts';
import { runProducer } from './producer.ts';

await runMain(
  'producer',
  producerHelp(),
  async (argv) => {
    const options = parseProducerArgs(argv);
    await runProducer(options, { write: (line) => process.stdout.write(`${line}\n`), input: modeInput(options.mode) });
    return 0;
  },
  (err) => (err instanceof ProducerError ? ERROR_KINDS[err.kind] : 1),
);
