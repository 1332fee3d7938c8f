import { ERROR_KINDS, oneLine, ProducerError } from './errors.ts';
import { parseProducerArgs, producerHelp } from './options.ts';
import { runProducer } from './producer.ts';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(producerHelp());
  process.exit(0);
}

let options;
try {
  options = parseProducerArgs(argv);
} catch (error) {
  console.error(`producer: ${oneLine(error)}`);
  process.exit(2);
}

try {
  await runProducer(options, { write: (line) => process.stdout.write(`${line}\n`) });
  process.exit(0);
} catch (error) {
  console.error(`producer: ${oneLine(error)}`);
  process.exit(error instanceof ProducerError ? ERROR_KINDS[error.kind] : 1);
}
