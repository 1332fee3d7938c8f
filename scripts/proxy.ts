// pnpm proxy [flags]: runs the Kafka fault proxy until Ctrl-C; see `pnpm proxy --help`.
import { oneLine } from '@kafka-labs/cli';
import { describeFaults, parseProxyArgs, PROXY_HELP, startProxy, type Proxy } from '@kafka-labs/proxy';

let args: ReturnType<typeof parseProxyArgs>;
try {
  args = parseProxyArgs(process.argv.slice(2));
} catch (err) {
  console.error(`proxy: ${oneLine(err)} (see pnpm proxy --help)`);
  process.exit(2);
}
if (args.help) {
  console.log(PROXY_HELP);
  process.exit(0);
}

let proxy: Proxy;
try {
  proxy = await startProxy(args.options);
} catch (err) {
  console.error(`proxy: ${oneLine(err)}`);
  process.exit(2);
}
const status = proxy.status();
console.log(
  `proxy: listening on ${status.listen.join(', ')}, forwarding to ${status.upstream}; ` +
    `control API http://127.0.0.1:${status.controlPort}; faults: ${describeFaults(status.faults)}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void proxy.stop().then(() => {
      const { counters } = proxy.status();
      console.log(
        `proxy: stopped after ${counters.connections} connections, ${counters.produce} Produce requests, ` +
          `${counters.dropped} responses dropped, ${counters.delayed} requests delayed, ${counters.closed} connections closed`,
      );
      process.exit(0);
    });
  });
}
