import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrokerError } from './errors.ts';
import { labsHome } from './paths.ts';
import { isAlive, processStartTime } from './process.ts';

const WAIT_LIMIT_MS = 30 * 60_000;

/** The live process that holds a lock file. */
export interface LockHolder {
  pid: number;
  owner: string;
}

/** A lock file's text: `<pid> start=<ticks> <owner>`; files of an older version have no `start=`. */
const LOCK_TEXT = /^([1-9]\d*) (?:start=(\d+) )?(.*)$/;

/** The live process a lock file's text names, or null when it names none: garbage, a dead pid, or a reused one. */
function liveHolder(text: string): LockHolder | null {
  const match = LOCK_TEXT.exec(text.trim());
  if (!match) return null;
  const pid = Number(match[1]);
  if (!isAlive(pid)) return null;
  const started = match[2];
  if (started !== undefined) {
    const now = processStartTime(pid);
    if (now !== null && now !== started) return null;
  }
  return { pid, owner: match[3]! };
}

/**
 * Creates `file` holding this process's pid, its start time and `owner`, taking it over when it names no live
 * holder (unreadable text, a dead pid, or a pid now used by another process); returns its release (also run at
 * process exit), or the live holder.
 */
export function tryLockFile(file: string, owner: string): { release: () => void } | { holder: LockHolder } {
  const started = processStartTime(process.pid);
  const mine = `${process.pid} ${started === null ? '' : `start=${started} `}${owner}\n`;
  for (;;) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // released between the two calls
      throw err;
    }
    const holder = liveHolder(text);
    if (holder) return { holder };
    rmSync(file, { force: true });
  }
}

/**
 * Takes the machine-wide lock on the broker's fixed ports (and the proxy's 9532): one lab, or one
 * test that restarts the broker, at a time. Waits for a live holder (telling `waiting` once, for the caller to say in
 * its own words), takes over a dead one's; returns the release.
 */
export async function lockBroker(owner: string, waiting: (holder: string, pid: number) => void): Promise<() => void> {
  const dir = labsHome();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'lab.lock');
  const deadline = Date.now() + WAIT_LIMIT_MS;
  let told = false;
  for (;;) {
    const lock = tryLockFile(file, owner);
    if ('release' in lock) return lock.release;
    const { pid, owner: holder } = lock.holder;
    if (Date.now() > deadline) throw new BrokerError(`${holder} (pid ${pid}) still holds ${file}`);
    if (!told) waiting(holder, pid);
    told = true;
    await new Promise((r) => setTimeout(r, 500));
  }
}
