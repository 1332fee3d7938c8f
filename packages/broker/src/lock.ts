import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrokerError } from './errors.ts';
import { labsHome } from './paths.ts';
import { isAlive } from './process.ts';

const WAIT_LIMIT_MS = 30 * 60_000;

/** The live process that holds a lock file. */
export interface LockHolder {
  pid: number;
  owner: string;
}

/**
 * Creates `file` holding this process's pid and `owner`, taking it over from a holder that is no
 * longer alive; returns its release (also run at process exit), or the live holder.
 */
export function tryLockFile(file: string, owner: string): { release: () => void } | { holder: LockHolder } {
  for (;;) {
    try {
      writeFileSync(file, `${process.pid} ${owner}\n`, { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        try {
          if (readFileSync(file, 'utf8').startsWith(`${process.pid} `)) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const [pid, ...holder] = readFileSync(file, 'utf8').trim().split(' ');
    if (isAlive(Number(pid))) return { holder: { pid: Number(pid), owner: holder.join(' ') } };
    rmSync(file, { force: true });
  }
}

/**
 * Takes the machine-wide lock on the broker's fixed ports (and the proxy's 9532): one lab, or one
 * test that restarts the broker, at a time. Waits for a live holder, takes over a dead one's; returns the release.
 */
export async function lockBroker(owner: string, log: (line: string) => void): Promise<() => void> {
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
    if (!told) log(`waiting for ${holder} (pid ${pid}) to finish: it holds the broker's ports`);
    told = true;
    await new Promise((r) => setTimeout(r, 500));
  }
}
