import { readFileSync } from 'node:fs';
import type * as Zx from 'zx';

let loaded: Promise<typeof Zx> | undefined;

/**
 * zx, imported at first use: a warm tool call starts no process and should not pay for loading it.
 * Use `quietShell` from it for this package's own calls, so a caller's `$.verbose` does not echo them.
 */
export function zx(): Promise<typeof Zx> {
  return (loaded ??= import('zx'));
}

/**
 * zx's `$` with this package's defaults: no echo, output captured, a non-zero exit is a result, not a
 * throw, and no stdin unless `input` is given. zx runs commands through bash, and Debian's bash reads
 * ~/.bashrc when its stdin is a socket (as node's pipes are): here that ran pyenv's rehash, up to 60 s.
 */
export async function shell(options: Partial<Zx.Options> = {}): Promise<Zx.Shell> {
  const { $ } = await zx();
  const stdio: Zx.Options['stdio'] = options.input === undefined ? ['ignore', 'pipe', 'pipe'] : 'pipe';
  return $({ quiet: true, verbose: false, nothrow: true, stdio, ...options });
}

/** True when `command` is on PATH (zx's `which`). */
export async function hasCommand(command: string): Promise<boolean> {
  const { which } = await zx();
  return (await which(command, { nothrow: true })) !== null;
}

/**
 * When process `pid` started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or null where there is no
 * /proc entry for it: with the pid it tells a process from a later one that reuses the pid.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** The pids of this process's parent, its parent's parent, ... up to init (read from /proc; empty without it). */
export function ancestorPids(): number[] {
  const pids: number[] = [];
  for (let pid = process.ppid; pid > 1 && pids.length < 64; ) {
    pids.push(pid);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      break;
    }
  }
  return pids;
}

/**
 * True while process `pid` runs (or is stopped); a zombie, dead but not yet reaped by its parent, is not alive. A
 * leader thread shows Z as soon as it exits while its other threads are still ending (a JVM's still hold its sockets),
 * so a process counts as a zombie only once it has one thread left.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat[stat.lastIndexOf(')') + 2] !== 'Z') return true;
    return Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 1) > 1;
  } catch {
    return true; // no /proc: kill(pid, 0) is all there is
  }
}

/** The last non-empty line of a process's output, for one-line error messages. */
export function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
