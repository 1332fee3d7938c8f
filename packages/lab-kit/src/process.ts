import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** A child process of a lab: its output lines are kept, written to a log file, and can be awaited. */
export interface Child {
  name: string;
  pid: number;
  /** Every stdout and stderr line so far. */
  lines: string[];
  /** Resolves with the first line (already seen or still to come) matching `pattern`; rejects on exit or timeout. */
  waitForLine(pattern: RegExp, options?: { timeoutMs?: number; after?: number }): Promise<string>;
  /** Resolves with the exit code once the process has ended (signal-terminated: 128 + n is not computed; null → -1). */
  exited: Promise<number>;
  /** Sends `signal` (default SIGTERM) and waits for the exit, escalating to SIGKILL after `graceMs`. */
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<number>;
}

const running = new Set<Child>();
let hooked = false;

/** Stops every child still running: called on normal exit paths and on SIGINT/SIGTERM. */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop({ graceMs: 5000 })));
}

function hookSignals() {
  if (hooked) return;
  hooked = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping ${running.size} child process(es)\n`);
      void stopAllChildren().finally(() => process.exit(130));
    });
  }
  process.once('exit', () => {
    for (const child of running) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  });
}

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  options: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string; onLine?: (line: string) => void },
): Child {
  hookSignals();
  const proc: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (proc.pid === undefined) throw new Error(`could not start ${name} (${command})`);
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; from: number; resolve: (line: string) => void }>();
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
  const exited = new Promise<number>((resolve) => {
    proc.on('close', (code) => {
      exitCode = code ?? -1;
      running.delete(child);
      log.end();
      resolve(exitCode);
    });
  });
  const child: Child = {
    name,
    pid: proc.pid,
    lines,
    exited,
    waitForLine(pattern, { timeoutMs = 60_000, after = 0 } = {}) {
      const seen = lines.slice(after).find((l) => pattern.test(l));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { pattern, from: after, resolve: (line: string) => (clearTimeout(timer), resolve(line)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${name}: no line matching ${pattern} within ${timeoutMs / 1000}s`));
        }, timeoutMs);
        waiters.add(waiter);
        void exited.then((code) => {
          if (!waiters.has(waiter)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          reject(new Error(`${name} exited with code ${code} before printing a line matching ${pattern}`));
        });
      });
    },
    async stop({ signal = 'SIGTERM', graceMs = 10_000 } = {}) {
      if (exitCode !== undefined) return exitCode;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  running.add(child);
  return child;
}
