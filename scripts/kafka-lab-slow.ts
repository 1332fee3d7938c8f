// pnpm kafka-lab-slow on|off|status|stop: the slow network path of the kafka-retry-duplicates exercise.
import { join } from 'node:path';
import { BOOTSTRAP, labsHome } from '@kafka-labs/broker';
import { controlClient, describeFaults, PROXY_DEFAULTS, proxyDaemon, type Faults, type ProxyStatus } from '@kafka-labs/proxy';
import { parseCommand, runMain, UsageError } from '@kafka-labs/cli';

/** While on, a request of 4096 bytes or more waits 600 ms, twice the exercise's request.timeout.ms=300. */
const SLOW: Faults = { delayMinBytes: 4096, delayMs: 600 };

const daemon = proxyDaemon({ dir: join(labsHome(), 'kafka-lab-slow') });
const CONTROL = `127.0.0.1:${PROXY_DEFAULTS.controlPort}`;
const control = controlClient(PROXY_DEFAULTS.controlPort);

const USAGE = `usage: pnpm kafka-lab-slow <on|off|status|stop>

The exercise's path to the broker is ${BOOTSTRAP.proxy}: the fault proxy, forwarding to the broker's FAULT listener.
  on      start the proxy in the background if none runs, then delay requests of ${SLOW.delayMinBytes} bytes or more by ${SLOW.delayMs} ms
  off     start the proxy in the background if none runs, then forward without delay
  status  whether the delay is on, the proxy's pid and counters (exit 1 when no proxy runs)
  stop    stop the proxy started by on/off (${BOOTSTRAP.proxy} closes)
The proxy's control API is http://${CONTROL}; its output goes to ${daemon.logFile}.`;

await runMain('error', USAGE, async (argv) => {
  const [command] = parseCommand({}, argv).positionals;
  switch (command) {
    case 'on':
    case 'off': {
      const started = await daemon.ensure();
      const patch = command === 'on' ? SLOW : { delayMinBytes: null, delayMs: null };
      const faults = await control.patchFaults(patch);
      console.log(`slow: ${command} (${describeFaults(faults)}) on ${BOOTSTRAP.proxy}${started ? `; proxy started, pid ${started}` : ''}`);
      return 0;
    }
    case 'status': {
      const status = await control.status().catch(() => null);
      if (!status) {
        console.log(`slow: off; no proxy answers on ${CONTROL} (pnpm kafka-lab-slow off starts one on ${BOOTSTRAP.proxy})`);
        return 1;
      }
      console.log(formatStatus(status));
      return 0;
    }
    case 'stop': {
      const result = await daemon.stop();
      if ('stopped' in result) {
        console.log(`slow: proxy stopped (pid ${result.stopped}); ${BOOTSTRAP.proxy} is closed`);
        return 0;
      }
      const foreign = result.notStarted === 'another process runs it';
      console.log(foreign ? `slow: the proxy on ${CONTROL} was not started by kafka-lab-slow; left running` : 'slow: no proxy running');
      return foreign ? 1 : 0;
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  }
});

function formatStatus(status: ProxyStatus): string {
  const pid = daemon.pid();
  const { counters } = status;
  return [
    `slow: ${status.faults.delayMinBytes !== undefined ? 'on' : 'off'} (${describeFaults(status.faults)})`,
    `proxy: ${status.listen.join(', ')} -> ${status.upstream}, control ${CONTROL}, ${pid ? `pid ${pid}` : 'not started by kafka-lab-slow'}`,
    `counters: ${counters.connections} connections, ${counters.produce} Produce requests, ${counters.delayed} delayed`,
  ].join('\n');
}
