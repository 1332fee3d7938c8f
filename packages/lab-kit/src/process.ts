import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { createInterface } from 'node:readline';
import { $, ProcessOutput, type ProcessPromise } from 'zx';
import { progress } from './progress.ts';

/** A child process of a lab (a zx ProcessPromise underneath): its output lines are kept, logged and can be awaited. */
export interface Child {
  name: string;
  pid: number;
  /** The zx process, for what zx offers beyond this interface. */
  process: ProcessPromise;
  /** Every stdout and stderr line so far. */
  lines: string[];
  /** True until the process has exited. */
  readonly running: boolean;
  /**
   * Resolves with the first line after line `after` (already seen or still to come) that matches `pattern`; rejects
   * with a ChildError when the process exits first or `timeoutMs` passes, and when the lab is interrupted.
   */
  waitForLine(pattern: RegExp, options?: { timeoutMs?: number; after?: number }): Promise<string>;
  /** Resolves with the exit code once the process has ended (128 + n for signal n). */
  exited: Promise<number>;
  /** Sends `signal` (default SIGTERM) to the process and its group (what it started), escalating to SIGKILL after `graceMs`. */
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<number>;
}

/** A wait on a child that could not be met: it exited, the time ran out, or the lab was interrupted. */
export class ChildError extends Error {
  override name = 'ChildError';
  constructor(
    message: string,
    /** True when the wait ran out of time (the child still runs). */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** Why every pending wait was cut short: set once by `interruptChildren`. */
let interruption: Error | null = null;
/** Every process a lab started that is still running: children and Kafka tool calls. */
const running = new Set<{ pid: number; stop(options: { graceMs: number }): Promise<unknown> }>();
const interruptListeners = new Set<(error: Error) => void>();
/** What each failed tracked command was, for its one-line reason. */
const commandOf = new WeakMap<ProcessOutput, string>();

/** How many processes the lab started are still running. */
export const runningCount = (): number => running.size;

/** Makes every pending and future wait on a child reject with `error` (Ctrl-C: the script must not wait on). */
export function interruptChildren(error: Error): void {
  interruption ??= error;
  for (const listener of interruptListeners) listener(interruption);
}

/** Throws what interrupted the lab, if anything did: a wait checks it before each step. */
export function throwIfInterrupted(): void {
  if (interruption) throw interruption;
}

/** Stops every child still running (SIGTERM, SIGKILL after `graceMs`) and resolves once all have exited. */
export async function stopAllChildren(graceMs = 5000): Promise<void> {
  await Promise.all([...running].map((child) => child.stop({ graceMs })));
}

/** Sends SIGKILL to the process group of every child still running: for the `exit` event, where nothing can be awaited. */
export function killAllChildrenNow(): void {
  for (const child of running) killGroup(child.pid, 'SIGKILL');
}

/**
 * The variable every process a run starts inherits (set once the broker is up, so the broker never has it), naming
 * its run folder: how a left-over process is found.
 */
export const RUN_MARK = 'KAFKA_LABS_RUN';

/**
 * The pids of every process (other than this one) whose environment names `runDir` in RUN_MARK: whatever a run
 * started, however deep (JVM tools, a detached proxy). Reads /proc; elsewhere it finds none.
 */
export function processesOfRun(runDir: string): number[] {
  const mark = `\0${RUN_MARK}=${runDir}\0`;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return entries.map(Number).filter((pid) => {
    if (pid === process.pid) return false;
    try {
      return `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(mark);
    } catch {
      return false;
    }
  });
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Stops `zx` with the lab's children however the lab ends, and names it (`what`) in the reason when it fails:
 * for Kafka tool calls and other short commands a lab awaits.
 */
export function trackProcess(zx: ProcessPromise, what: string): ProcessPromise {
  if (interruption) {
    if (zx.pid) killGroup(zx.pid, 'SIGKILL');
    throw interruption;
  }
  const pid = zx.pid;
  if (pid === undefined) return zx;
  const entry = {
    pid,
    async stop({ graceMs }: { graceMs: number }) {
      killGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
      await zx.catch(() => {});
      clearTimeout(timer);
      killGroup(pid, 'SIGKILL');
    },
  };
  running.add(entry);
  void zx.then(
    () => running.delete(entry),
    (output: unknown) => {
      running.delete(entry);
      if (output instanceof ProcessOutput) commandOf.set(output, what);
    },
  );
  return zx;
}

/** One line for a failure: a failed command as `<what> exited with code N: <its last stderr line>`. */
export function describeFailure(err: unknown): string | null {
  if (!(err instanceof ProcessOutput)) return null;
  const last = (err.stderr.trim() || err.stdout.trim()).split('\n').at(-1);
  const status = err.signal ? `was stopped by ${err.signal}` : `exited with code ${err.exitCode}`;
  return `${commandOf.get(err) ?? 'a command'} ${status}${last ? `: ${last}` : ''}`;
}

const exitCodeOf = (code: number | null, signal: NodeJS.Signals | null) =>
  code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1);

/**
 * Starts `argv` as a lab child through zx, in its own process group (so that Ctrl-C in the terminal reaches the lab,
 * which stops its children in order, and a stop reaches the JVMs a child starts), writing every line to `logFile`.
 */
export function spawnChild(
  name: string,
  argv: string[],
  options: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string; onLine?: (line: string) => void },
): Child {
  throwIfInterrupted();
  let proc: ChildProcess | undefined;
  const zx = $({
    quiet: true,
    nothrow: true,
    detached: true,
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    // exec: the child is the program itself, not a shell waiting for it, so its pid receives the signals.
    prefix: 'exec ',
    spawn: ((...args: Parameters<typeof spawn>) => (proc = spawn(...args))) as typeof spawn,
  })`${argv}`;
  if (!proc?.pid) throw new ChildError(`could not start ${name} (${argv[0]})`);
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const onLine = (line: string) => {
    lines.push(line);
    log.write(`${line}\n`);
    options.onLine?.(line);
    for (const waiter of waiters) {
      if (waiter.pattern.test(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  };
  createInterface({ input: proc.stdout! }).on('line', onLine);
  createInterface({ input: proc.stderr! }).on('line', onLine);
  let exitCode: number | undefined;
  const exited: Promise<number> = zx.then(async (output) => {
    const code = exitCodeOf(output.exitCode, output.signal);
    await new Promise<void>((resolve) => log.end(() => resolve()));
    exitCode = code;
    running.delete(child);
    return code;
  });
  /** A child that exited before a line: its exit code and its last line, which is where a program says why (a one-line error). */
  const exitedBefore = (code: number, pattern: RegExp) =>
    new ChildError(`${name} exited with code ${code} before printing a line matching ${pattern}${lines.length ? `: ${lines.at(-1)}` : ''}`);
  const child: Child = {
    name,
    pid: proc.pid,
    process: zx,
    lines,
    exited,
    get running() {
      return exitCode === undefined;
    },
    waitForLine(pattern, { timeoutMs = 60_000, after = 0 } = {}) {
      const seen = lines.slice(after).find((l) => pattern.test(l));
      if (seen !== undefined) return Promise.resolve(seen);
      if (interruption) return Promise.reject(interruption);
      if (exitCode !== undefined) return Promise.reject(exitedBefore(exitCode, pattern));
      const wait = new Promise<string>((resolve, reject) => {
        const done = () => {
          waiters.delete(waiter);
          interruptListeners.delete(onInterrupt);
          clearTimeout(timer);
        };
        const waiter = { pattern, resolve: (line: string) => (done(), resolve(line)) };
        const onInterrupt = (error: Error) => (done(), reject(error));
        const timer = setTimeout(() => {
          done();
          reject(new ChildError(`${name}: no line matching ${pattern} within ${timeoutMs / 1000} s`, true));
        }, timeoutMs);
        waiters.add(waiter);
        interruptListeners.add(onInterrupt);
        void exited.then((code) => {
          if (!waiters.has(waiter)) return;
          done();
          reject(exitedBefore(code, pattern));
        });
      });
      return progress.track(`${name}: waiting for a line matching ${pattern}`, wait, timeoutMs);
    },
    async stop({ signal = 'SIGTERM', graceMs = 10_000 } = {}) {
      if (exitCode !== undefined) return exitCode;
      // The whole group at once, synchronously: children stopped together get the signal together.
      killGroup(child.pid, signal);
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      // Whatever the child started in its group and left behind goes with it.
      killGroup(child.pid, 'SIGKILL');
      return code;
    },
  };
  running.add(child);
  return child;
}
