// pnpm proxy [flags]: runs the Kafka fault proxy until SIGINT, SIGTERM, SIGHUP or the exit of its pnpm process; see `pnpm proxy --help`.
import { runMain } from '@kafka-labs/cli';
import { parseProxyArgs, PROXY_HELP, readyLine } from './cli.ts';
import { startProxy } from './proxy.ts';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How often the proxy checks that its pnpm process still runs. */
const PARENT_POLL_MS = 200;

await runMain('error', PROXY_HELP, async (argv) => {
  const args = parseProxyArgs(argv);
  if (args.help) return 0;
  // Listening for the stop signals before starting: a signal that comes while the proxy starts still stops it cleanly.
  let stopping = false;
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      if (stopping) process.exit(130);
      stopping = true;
      resolve();
    };
    for (const signal of STOP_SIGNALS) process.on(signal, stop);
    whenPnpmExits(stop);
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

/**
 * Calls `stop` once the pnpm process that runs this as its `proxy` script exits: pnpm passes SIGINT and SIGTERM on to
 * the script but not SIGHUP (the terminal closed), which ends pnpm alone. A proxy started otherwise (the daemon) is
 * not watched.
 */
function whenPnpmExits(stop: () => void): void {
  if (process.env.npm_lifecycle_event !== 'proxy') return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop();
  }, PARENT_POLL_MS);
  watch.unref();
}
