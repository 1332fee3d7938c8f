import { oneLine, WorkerError } from './errors.ts';
import { flagsHelp, parseFlags } from './flags.ts';
import { DEFAULT_BOOTSTRAP } from './options.ts';
import { formatSpreadResult, produceSpread } from './produce-spread.ts';

const fillFlags = {
  topic: { kind: 'string', required: true, help: 'topic to send to (must exist)' },
  count: { kind: 'number', required: true, min: 0, integer: true, help: 'number of messages; message i has value m-<i>' },
  partitions: { kind: 'number', required: true, min: 1, integer: true, help: 'message i goes to partition i % partitions' },
  bootstrap: { kind: 'string', default: DEFAULT_BOOTSTRAP, help: 'bootstrap.servers' },
  interval: { kind: 'number', min: 0, default: 0, help: 'seconds between two sends' },
} as const;

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(flagsHelp('fill --topic TOPIC --count N --partitions P [flags]', fillFlags));
  process.exit(0);
}

try {
  const f = parseFlags(fillFlags, argv);
  const result = await produceSpread({ ...f, intervalSec: f.interval });
  console.log(formatSpreadResult(result));
  process.exit(0);
} catch (error) {
  console.error(`fill: ${oneLine(error)}`);
  process.exit(error instanceof WorkerError ? 2 : 1);
}
