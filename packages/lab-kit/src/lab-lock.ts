import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { labsHome } from '@kafka-labs/broker';

const WAIT_LIMIT_MS = 30 * 60_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Takes the machine-wide lab lock: labs share the broker's fixed ports and the proxy's port 9532,
 * so one lab runs at a time. Waits for a live holder, takes over a dead one's; returns the release.
 */
export async function acquireLabLock(owner: string, log: (line: string) => void): Promise<() => void> {
  const dir = labsHome();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'lab.lock');
  const deadline = Date.now() + WAIT_LIMIT_MS;
  let told = false;
  for (;;) {
    try {
      writeFileSync(file, `${process.pid} ${owner}\n`, { flag: 'wx' });
      const release = () => {
        if (readFileSync(file, 'utf8').startsWith(`${process.pid} `)) rmSync(file, { force: true });
      };
      process.once('exit', () => {
        try {
          release();
        } catch {
          // already gone
        }
      });
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const [pid, holder] = readFileSync(file, 'utf8').trim().split(' ');
    if (!isAlive(Number(pid))) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`lab ${holder} (pid ${pid}) still holds ${file}`);
    if (!told) log(`waiting for lab ${holder} (pid ${pid}) to finish: labs share the broker's ports`);
    told = true;
    await new Promise((r) => setTimeout(r, 500));
  }
}
