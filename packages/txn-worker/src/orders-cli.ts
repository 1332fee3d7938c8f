import { flagsHelp, parseFlags, runMain, UsageError } from '@kafka-labs/cli';
import { formatSpreadResult } from '@kafka-labs/kafka-client';
import { DEFAULT_BOOTSTRAP } from './options.ts';
import { produceOrders } from './produce-orders.ts';

const ordersFlags = {
  topic: { kind: 'string', required: true, help: 'topic to send to (must exist)' },
  count: { kind: 'number', required: true, min: 0, integer: true, help: 'number of order events; event i is E-<i+1> for order O-<i+1>' },
  partitions: { kind: 'number', default: 1, min: 1, integer: true, help: 'event i goes to partition i % partitions' },
  bootstrap: { kind: 'string', default: DEFAULT_BOOTSTRAP, help: 'bootstrap.servers' },
  interval: { kind: 'number', min: 0, default: 0, help: 'seconds between two sends' },
} as const;

await runMain(
  'orders',
  flagsHelp('orders --topic TOPIC --count N [flags]', ordersFlags),
  async (argv) => {
    const f = parseFlags(ordersFlags, argv);
    console.log(formatSpreadResult(await produceOrders({ ...f, intervalSec: f.interval })));
    return 0;
  },
  (error) => (error instanceof UsageError ? 2 : 1),
);
