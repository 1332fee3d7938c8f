import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrokerError } from './errors.ts';
import { labsHome } from './paths.ts';
import { ancestorPids, isAlive, processStartTime } from './process.ts';

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

/** The live process that holds the lock file `file` (see tryLockFile), or null when none does or there is no file. */
export function lockFileHolder(file: string): LockHolder | null {
  try {
    return liveHolder(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
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

/** How a process holds the broker: alone, or shared with the holders of the same key. */
export interface BrokerLockOptions {
  /**
   * Shares the broker with every holder of the same key (what a lab needs of the broker: its layout and config
   * overrides, see `brokerKey`); a holder with another key, or one without, waits. Without it the lock is exclusive:
   * for a lab that cannot share, and for a test or command that restarts or stops the broker.
   */
  share?: string;
}

/** The key under which labs that need the same broker share it: the layout and the overrides, in a stable order. */
export function brokerKey(nodes: number, config: Record<string, string> = {}): string {
  const overrides = Object.entries(config).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return overrides.length ? `${nodes} ${JSON.stringify(Object.fromEntries(overrides))}` : `${nodes}`;
}

/** One file of the lock folder: a holder (`.held`) or a waiter (`.wait`) with its pid, start time, key and owner. */
interface Claim {
  pid: number;
  start: string | null;
  owner: string;
  /** null: exclusive. */
  share: string | null;
  /** When it started to wait (ms since the epoch): earlier waiters go first. */
  since: number;
  state: 'held' | 'wait';
}

const CLAIM_LIMIT = 64 * 1024;
let claims = 0;

/** The claims of the lock folder whose process still runs; the files of dead ones are removed. */
function liveClaims(dir: string): (Claim & { file: string })[] {
  const live: (Claim & { file: string })[] = [];
  for (const name of readdirSync(dir)) {
    const state = name.endsWith('.held') ? 'held' : name.endsWith('.wait') ? 'wait' : null;
    if (!state) continue;
    const file = join(dir, name);
    let claim: Claim | null = null;
    try {
      const text = readFileSync(file, 'utf8');
      if (text.length < CLAIM_LIMIT) claim = { ...(JSON.parse(text) as Claim), state };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
    }
    const alive = claim !== null && Number.isInteger(claim.pid) && claim.pid > 0 && isAlive(claim.pid) &&
      (claim.start === null || processStartTime(claim.pid) === claim.start);
    if (alive) live.push({ ...claim!, file });
    else rmSync(file, { force: true });
  }
  return live;
}

/** The claim that keeps `mine` from holding the lock now, or null when it may: see lockBroker. */
export function blockingClaim<C extends Pick<Claim, 'share' | 'since' | 'state'>>(mine: Pick<Claim, 'share' | 'since'>, others: C[]): C | null {
  const compatible = (other: C) => mine.share !== null && other.share === mine.share;
  return (
    others.find((o) => o.state === 'held' && !compatible(o)) ??
    others.find((o) => o.state === 'wait' && o.since < mine.since && !compatible(o)) ??
    null
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` holding `file` (a tryLockFile), waiting while another live process holds it. */
export async function withLockFile<T>(file: string, owner: string, work: () => Promise<T> | T, limitMs = WAIT_LIMIT_MS): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const lock = tryLockFile(file, owner);
    if ('release' in lock) {
      try {
        return await work();
      } finally {
        lock.release();
      }
    }
    if (Date.now() > deadline) throw new BrokerError(`${lock.holder.owner} (pid ${lock.holder.pid}) still holds ${file}`);
    await sleep(lock.holder.pid === process.pid ? 5 : 20);
  }
}

/**
 * Takes the lock on the broker (its fixed ports, its layout and its overrides): exclusive by default, shared with
 * the holders of the same key with `{ share: key }`. The holders and waiters are files in <home>/broker-lock/,
 * changed under a short guard file; a claim whose process is gone (pid and start time) is taken over. Waiters go
 * first come, first served: a shared claim does not overtake an earlier waiter it is not compatible with, so a
 * stream of labs of one key cannot starve a lab of another. Waits for the holders (telling `waiting` once, naming
 * one, for the caller to say in its own words) at most 30 minutes; returns the release (also run at process exit).
 * A process whose parent, grandparent, ... holds the lock does not wait: it acts for that holder, when the holder's
 * claim covers its own (exclusive, or shared with the same key); otherwise it is a BrokerError at once.
 */
export async function lockBroker(owner: string, waiting: (holder: string, pid: number) => void, options: BrokerLockOptions = {}): Promise<() => void> {
  const dir = join(labsHome(), 'broker-lock');
  mkdirSync(dir, { recursive: true });
  const guard = join(dir, 'guard');
  const base = join(dir, `${process.pid}-${++claims}`);
  const started = processStartTime(process.pid);
  const claim = { pid: process.pid, start: started, owner, share: options.share ?? null, since: Date.now() };
  const deadline = claim.since + WAIT_LIMIT_MS;
  let told = false;
  const release = () => {
    process.off('exit', release);
    rmSync(`${base}.held`, { force: true });
    rmSync(`${base}.wait`, { force: true });
  };
  process.once('exit', release);
  try {
    for (;;) {
      const blocker = await withLockFile(guard, owner, () => {
        const others = liveClaims(dir).filter((c) => c.file !== `${base}.held` && c.file !== `${base}.wait`);
        // A process started by a holder acts for it (a test that holds the lock runs `pnpm broker up`; a lab's
        // solution restarts the broker): it waits for nobody, and holds nothing of its own. It may do what its
        // ancestor's claim allows: anything under an exclusive one, only what the same key needs under a shared one
        // (waiting would be waiting for itself).
        const ancestors = new Set(ancestorPids());
        const ancestor = others.find((c) => c.state === 'held' && ancestors.has(c.pid));
        if (ancestor && (ancestor.share === null || ancestor.share === claim.share)) return 'by an ancestor' as const;
        if (ancestor) {
          const needs = claim.share === null ? 'to itself' : `as "${claim.share}"`;
          throw new BrokerError(`${owner} needs the broker ${needs}, but ${ancestor.owner} (pid ${ancestor.pid}), which started it, holds it shared as "${ancestor.share}"`);
        }
        const blocking = blockingClaim(claim, others);
        if (blocking) {
          if (!existsSync(`${base}.wait`)) writeFileSync(`${base}.wait`, JSON.stringify(claim));
          return blocking;
        }
        writeFileSync(`${base}.held`, JSON.stringify(claim));
        rmSync(`${base}.wait`, { force: true });
        return null;
      });
      if (blocker === 'by an ancestor') {
        release();
        return () => {};
      }
      if (!blocker) return release;
      if (Date.now() > deadline) throw new BrokerError(`${blocker.owner} (pid ${blocker.pid}) still holds the broker (${dir})`);
      if (!told) waiting(blocker.owner, blocker.pid);
      told = true;
      await sleep(250);
    }
  } catch (err) {
    release();
    throw err;
  }
}

/** The live holders of the broker lock (for tests and status): owner, pid and key (null: exclusive). */
export function brokerLockHolders(): { owner: string; pid: number; share: string | null }[] {
  const dir = join(labsHome(), 'broker-lock');
  if (!existsSync(dir)) return [];
  return liveClaims(dir)
    .filter((c) => c.state === 'held')
    .map(({ owner, pid, share }) => ({ owner, pid, share }));
}
