// pnpm kafka-lab-slow on|off|status|stop: the slow network path of the kafka-retry-duplicates exercise.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOOTSTRAP, labsHome } from '@kafka-labs/broker';
import { controlClient, describeFaults, PROXY_DEFAULTS, type Faults, type ProxyStatus } from '@kafka-labs/proxy';
import { parseCommand, runMain, UsageError } from '@kafka-labs/cli';

/** While on, a request of 4096 bytes or more waits 600 ms, twice the exercise's request.timeout.ms=300. */
const SLOW: Faults = { delayMinBytes: 4096, delayMs: 600 };
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;

const HOME = join(labsHome(), 'kafka-lab-slow');
/** The pid of the proxy this script started in the background; absent when it started none. */
const PID_FILE = join(HOME, 'proxy.pid');
const LOG_FILE = join(HOME, 'proxy.log');
const PROXY_CLI = fileURLToPath(new URL('./proxy.ts', import.meta.url));
const TSX = fileURLToPath(import.meta.resolve('tsx'));
const CONTROL = `127.0.0.1:${PROXY_DEFAULTS.controlPort}`;
const control = controlClient(PROXY_DEFAULTS.controlPort);

const USAGE = `usage: pnpm kafka-lab-slow <on|off|status|stop>

The exercise's path to the broker is ${BOOTSTRAP.proxy}: the fault proxy, forwarding to the broker's FAULT listener.
  on      start the proxy in the background if none runs, then delay requests of ${SLOW.delayMinBytes} bytes or more by ${SLOW.delayMs} ms
  off     start the proxy in the background if none runs, then forward without delay
  status  whether the delay is on, the proxy's pid and counters (exit 1 when no proxy runs)
  stop    stop the proxy started by on/off (${BOOTSTRAP.proxy} closes)
The proxy's control API is http://${CONTROL}; its output goes to ${LOG_FILE}.`;

await runMain('error', USAGE, async (argv) => {
  const [command] = parseCommand({}, argv).positionals;
  switch (command) {
    case 'on':
    case 'off': {
      const started = await ensureProxy();
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
    case 'stop':
      return stopProxy();
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  }
});

function isSlow(faults: Faults): boolean {
  return faults.delayMinBytes !== undefined;
}

function formatStatus(status: ProxyStatus): string {
  const pid = ownPid();
  const { counters } = status;
  return [
    `slow: ${isSlow(status.faults) ? 'on' : 'off'} (${describeFaults(status.faults)})`,
    `proxy: ${status.listen.join(', ')} -> ${status.upstream}, control ${CONTROL}, ${pid ? `pid ${pid}` : 'not started by kafka-lab-slow'}`,
    `counters: ${counters.connections} connections, ${counters.produce} Produce requests, ${counters.delayed} delayed`,
  ].join('\n');
}

/** The pid of the background proxy this script started, if it still runs. */
function ownPid(): number | null {
  if (!existsSync(PID_FILE)) return null;
  const pid = Number(readFileSync(PID_FILE, 'utf8').trim());
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return pid;
  rmSync(PID_FILE, { force: true });
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure a proxy answers on the control port: leaves a running one alone (returns null), else starts
 * `pnpm proxy` detached with its output in LOG_FILE and returns its pid once its control API answers.
 */
async function ensureProxy(): Promise<number | null> {
  if (await control.status().then(() => true, () => false)) return null;
  mkdirSync(HOME, { recursive: true });
  const log = openSync(LOG_FILE, 'a');
  const child = spawn(process.execPath, ['--import', TSX, PROXY_CLI], { detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  let exitCode: number | null = null;
  child.once('exit', (code) => (exitCode = code ?? -1));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await control.status().then(() => true, () => false))) {
    if (exitCode !== null) throw new Error(`the proxy exited with code ${exitCode}: ${lastLogLine()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the proxy did not answer on ${CONTROL} within ${START_TIMEOUT_MS / 1000}s; see ${LOG_FILE}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  writeFileSync(PID_FILE, `${child.pid}\n`);
  child.unref();
  return child.pid!;
}

function lastLogLine(): string {
  return readFileSync(LOG_FILE, 'utf8').trim().split('\n').at(-1) ?? '(no output)';
}

/** Stops the proxy this script started; a proxy someone else started is left running (exit 1). */
async function stopProxy(): Promise<number> {
  const pid = ownPid();
  if (!pid) {
    const foreign = await control.status().then(() => true, () => false);
    console.log(foreign ? `slow: the proxy on ${CONTROL} was not started by kafka-lab-slow; left running` : 'slow: no proxy running');
    return foreign ? 1 : 0;
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  let signal: NodeJS.Signals = 'SIGTERM';
  while (isAlive(pid)) {
    if (signal === 'SIGTERM' && Date.now() > deadline) process.kill(pid, (signal = 'SIGKILL'));
    await new Promise((r) => setTimeout(r, 100));
  }
  rmSync(PID_FILE, { force: true });
  console.log(`slow: proxy stopped (pid ${pid}); ${BOOTSTRAP.proxy} is closed`);
  return 0;
}
