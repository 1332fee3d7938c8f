// pnpm proxy [flags]: runs the Kafka fault proxy until SIGINT, SIGTERM or SIGHUP; see `pnpm proxy --help`.
import { runMain } from '@kafka-labs/cli';
import { parseProxyArgs, PROXY_HELP, readyLine } from './cli.ts';
import { startProxy } from './proxy.ts';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

await runMain('error', PROXY_HELP, async (argv) => {
  const args = parseProxyArgs(argv);
  if (args.help) return 0;
  // Listening for the stop signals before starting: a signal that comes while the proxy starts still stops it cleanly.
  let stopping = false;
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    for (const signal of STOP_SIGNALS) {
      process.on(signal, () => {
        if (stopping) process.exit(130);
        stopping = true;
        resolve(signal);
      });
    }
  });
  const proxy = await startProxy(args.options);
  if (!stopping) console.log(readyLine(proxy.status()));
  await stopped;
  await proxy.stop();
  const { counters } = proxy.status();
  console.log(
    `proxy: stopped after ${counters.connections} connections, ${counters.produce} Produce requests, ` +
      `${counters.dropped} responses dropped, ${counters.delayed} requests delayed, ${counters.swallowed} swallowed, ` +
      `${counters.answered} answered by the proxy, ${counters.closed} connections closed`,
  );
  return 0;
});
