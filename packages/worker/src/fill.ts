import { flagsHelp, parseFlags, runMain, UsageError } from '@kafka-labs/cli';
import { DEFAULT_BOOTSTRAP, formatSpreadResult, produceSpread, WorkerError } from '@kafka-labs/kafka-client';

const fillFlags = {
  topic: { kind: 'string', required: true, help: 'topic to send to (must exist)' },
  count: { kind: 'number', required: true, min: 0, integer: true, help: 'number of messages; message i has value m-<i>' },
  partitions: { kind: 'number', required: true, min: 1, integer: true, help: 'message i goes to partition i % partitions' },
  bootstrap: { kind: 'string', default: DEFAULT_BOOTSTRAP, help: 'bootstrap.servers' },
  interval: { kind: 'number', min: 0, default: 0, help: 'seconds between two sends' },
} as const;

await runMain(
  'fill',
  flagsHelp('fill --topic TOPIC --count N --partitions P [flags]', fillFlags),
  async (argv) => {
    const f = parseFlags(fillFlags, argv);
    const result = await produceSpread({ ...f, intervalSec: f.interval });
    console.log(formatSpreadResult(result));
    return 0;
  },
  (error) => (error instanceof UsageError || error instanceof WorkerError ? 2 : 1),
);
