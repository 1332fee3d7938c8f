import { runMain } from '@kafka-labs/cli';
import { ERROR_KINDS, ProducerError } from '@kafka-labs/kafka-client/producer-log';
import { kafkajsHelp, parseKafkajsArgs, runKafkajsProducer } from './kafkajs-producer.ts';
import { modeInput } from './plan.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';

await runMain(
  'kafkajs-producer',
  kafkajsHelp(),
  async (argv) => {
    const options = parseKafkajsArgs(argv);
    await runKafkajsProducer(options, { write: (line) => process.stdout.write(`${line}\n`), input: modeInput(options.mode) });
    return 0;
  },
  (err) => (err instanceof ProducerError ? ERROR_KINDS[err.kind] : 1),
);
