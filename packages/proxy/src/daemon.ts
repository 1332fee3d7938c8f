import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledPath, programArgs } from '@kafka-labs/build';
import { READY_LINE } from './cli.ts';
import { controlClient } from './control-client.ts';
import { ProxyError } from './errors.ts';
import { PROXY_DEFAULTS } from './proxy.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

export interface DaemonOptions {
  /** The folder of `proxy.pid` (present while a proxy this daemon started may run) and `proxy.log` (its output). */
  dir: string;
  /** `pnpm proxy` flags; `--control` must name `controlPort`. */
  args?: string[];
  /** The control port by which a running proxy is recognised (default 9540). */
  controlPort?: number;
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
}

export type StopResult = { stopped: number } | { notStarted: 'none running' | 'another process runs it' };

/** A fault proxy in the background, for a lab's commands to turn on and off (`pnpm kafka-lab-slow` is one). */
export interface ProxyDaemon {
  readonly pidFile: string;
  readonly logFile: string;
  /** The pid of the proxy this daemon started, if it still runs. */
  pid(): number | null;
  /**
   * Leaves a proxy that answers on the control port alone (null), or starts `pnpm proxy` detached and resolves with its
   * pid once it printed its ready line. The pid file is written as soon as the process exists, so `stop()` stops it
   * even when the caller is killed while it starts; SIGINT, SIGTERM or SIGHUP meanwhile stops it and rethrows the signal.
   */
  ensure(): Promise<number | null>;
  /** Stops the proxy this daemon started (SIGTERM, then SIGKILL after stopTimeoutMs); another one is left running. */
  stop(): Promise<StopResult>;
}

export function proxyDaemon(options: DaemonOptions): ProxyDaemon {
  const { dir, args = [], controlPort = PROXY_DEFAULTS.controlPort, startTimeoutMs = 20_000, stopTimeoutMs = 10_000 } = options;
  const pidFile = join(dir, 'proxy.pid');
  const logFile = join(dir, 'proxy.log');
  const control = controlClient(controlPort);
  const answers = () => control.status().then(() => true, () => false);

  function pid(): number | null {
    if (!existsSync(pidFile)) return null;
    const recorded = Number(readFileSync(pidFile, 'utf8').trim());
    if (Number.isInteger(recorded) && recorded > 0 && isProxy(recorded)) return recorded;
    rmSync(pidFile, { force: true });
    return null;
  }

  async function ensure(): Promise<number | null> {
    if (await answers()) return null;
    mkdirSync(dir, { recursive: true });
    const logStart = existsSync(logFile) ? statSync(logFile).size : 0;
    // Handled from before the spawn: a signal in the start window stops the half-started proxy too.
    let child: ChildProcess | null = null;
    const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => {
      const handler = () => {
        for (const [s, h] of handlers) process.off(s, h);
        child?.kill('SIGKILL');
        rmSync(pidFile, { force: true });
        process.kill(process.pid, signal);
      };
      process.once(signal, handler);
      return [signal, handler] as const;
    });
    try {
      const log = openSync(logFile, 'a');
      child = spawn(process.execPath, [...programArgs(MAIN), ...args], { detached: true, stdio: ['ignore', log, log] });
      closeSync(log);
      writeFileSync(`${pidFile}.tmp`, `${child.pid}\n`);
      renameSync(`${pidFile}.tmp`, pidFile);
      let exitCode: number | null = null;
      child.once('exit', (code, signal) => (exitCode = code ?? (signal ? 128 : 1)));
      const ready = () => logSince(logStart).split('\n').some((line) => READY_LINE.test(line));
      const deadline = Date.now() + startTimeoutMs;
      while (!ready()) {
        if (exitCode !== null) {
          rmSync(pidFile, { force: true });
          throw new ProxyError('listen', `the proxy exited with code ${exitCode}: ${logSince(logStart).trim().split('\n').at(-1) ?? '(no output)'}`);
        }
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          rmSync(pidFile, { force: true });
          throw new ProxyError('listen', `the proxy printed no ready line within ${startTimeoutMs / 1000} s; see ${logFile}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      child.unref();
      return child.pid!;
    } finally {
      for (const [signal, handler] of handlers) process.off(signal, handler);
    }
  }

  function logSince(offset: number): string {
    return readFileSync(logFile).subarray(offset).toString('utf8');
  }

  async function stop(): Promise<StopResult> {
    const running = pid();
    if (!running) return { notStarted: (await answers()) ? 'another process runs it' : 'none running' };
    process.kill(running, 'SIGTERM');
    const deadline = Date.now() + stopTimeoutMs;
    let signal: NodeJS.Signals = 'SIGTERM';
    while (isAlive(running)) {
      if (signal === 'SIGTERM' && Date.now() > deadline) process.kill(running, (signal = 'SIGKILL'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    rmSync(pidFile, { force: true });
    return { stopped: running };
  }

  return { pidFile, logFile, pid, ensure, stop };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Alive and, where /proc tells, running this package's CLI (from source or compiled): a recycled pid is not taken for the proxy. */
function isProxy(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return command.includes(MAIN) || command.includes(compiledPath(MAIN)!);
  } catch {
    return !existsSync('/proc/self');
  }
}
