import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { BrokerError } from './errors.ts';
import { KAFKA_VERSION, paths } from './paths.ts';
import { hasCommand, isAlive, lastLine, shell, zx } from './process.ts';

/** Warm runners kept at most: one call at a time each, so a tool that runs on (a consumer) leaves another free. */
const SLOTS = 2;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
/** A Unix socket path longer than this does not fit in sockaddr_un on every platform. */
const MAX_SOCKET_PATH = 100;

interface Slot {
  socket: string;
  pidFile: string;
  log: string;
}

const slots: Slot[] = Array.from({ length: SLOTS }, (_, i) => ({
  socket: join(paths.toolRunner(), `runner-${i + 1}.sock`),
  pidFile: join(paths.toolRunner(), `runner-${i + 1}.pid`),
  log: join(paths.toolRunner(), `runner-${i + 1}.log`),
}));

let builtJar: Promise<string | null> | undefined;

/**
 * The runner's jar, compiled from java/ToolRunner.java with javac at first use and kept per source hash
 * in the cache folder; null where no JDK (javac, jar) is installed, or the socket path would be too long.
 */
export function runnerJar(jars: string): Promise<string | null> {
  return (builtJar ??= buildJar(jars));
}

async function buildJar(jars: string): Promise<string | null> {
  if (slots[0]!.socket.length > MAX_SOCKET_PATH) return null;
  const source = readFileSync(paths.runnerSource());
  const hash = createHash('sha256').update(source).update(KAFKA_VERSION).digest('hex').slice(0, 12);
  const jar = join(paths.toolRunner(), `tool-runner-${hash}.jar`);
  if (existsSync(jar)) return jar;
  if (!(await hasCommand('javac')) || !(await hasCommand('jar'))) return null;
  mkdirSync(paths.toolRunner(), { recursive: true, mode: 0o700 });
  const build = await mkdtemp(join(paths.toolRunner(), 'build-'));
  try {
    const $ = await shell();
    const classes = join(build, 'classes');
    const compiled = await $`javac -nowarn -g:none -d ${classes} -cp ${join(jars, `kafka-clients-${KAFKA_VERSION}.jar`)} ${paths.runnerSource()}`;
    if (compiled.exitCode !== 0) throw new BrokerError(`compiling the tool runner failed: ${lastLine(compiled.stderr)}`);
    const packed = await $`jar --create --file ${join(build, 'runner.jar')} -C ${classes} .`;
    if (packed.exitCode !== 0) throw new BrokerError(`packing the tool runner failed: ${lastLine(packed.stderr)}`);
    await rename(join(build, 'runner.jar'), jar);
    return jar;
  } finally {
    await rm(build, { recursive: true, force: true });
  }
}

function slotPid(slot: Slot): number | null {
  if (!existsSync(slot.pidFile)) return null;
  const pid = Number(readFileSync(slot.pidFile, 'utf8').trim().split(' ').at(-1));
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Asks the runner at `socket` whether it is idle: 'idle', 'busy', or 'absent' when nothing answers. */
function ping(socket: string): Promise<'idle' | 'busy' | 'absent'> {
  return new Promise((resolve) => {
    const conn = connect(socket);
    conn.setTimeout(5000, () => conn.destroy());
    conn.on('error', () => resolve('absent'));
    conn.on('close', () => resolve('absent'));
    conn.on('connect', () => conn.write(Buffer.from([0x50, 0, 0, 0, 0])));
    conn.on('data', (reply) => {
      resolve(reply[0] === 0x50 ? 'idle' : 'busy');
      conn.destroy();
    });
  });
}

/** The command line of a runner JVM in `slot`, given the tool JVM command line up to the main class. */
export interface RunnerLaunch {
  /** java, its flags and classpath (which must include the runner's jar). */
  jvm: string[];
  /** Tells the class-data recording which pid runs, when the JVM records an archive. */
  started(pid: number): void;
  mainClasses: string[];
}

/**
 * Sockets of the live runners, an idle one first; starts a runner in a free slot when none is idle.
 * `launch` gives the JVM command line of a new runner.
 */
export async function runnerSockets(launch: () => Promise<RunnerLaunch>): Promise<string[]> {
  const live: { socket: string; state: 'idle' | 'busy' }[] = [];
  for (const slot of slots) {
    const pid = slotPid(slot);
    if (pid === null || !isAlive(pid)) continue;
    const state = await ping(slot.socket);
    if (state !== 'absent') live.push({ socket: slot.socket, state });
  }
  if (!live.some((r) => r.state === 'idle')) {
    const started = await startRunner(launch);
    if (started) live.unshift({ socket: started, state: 'idle' });
  }
  return live.sort((a, b) => (a.state === b.state ? 0 : a.state === 'idle' ? -1 : 1)).map((r) => r.socket);
}

/** Starts a runner in the first free slot and waits until it listens; null when every slot is taken. */
async function startRunner(launch: () => Promise<RunnerLaunch>): Promise<string | null> {
  mkdirSync(paths.toolRunner(), { recursive: true, mode: 0o700 });
  for (const slot of slots) {
    const pid = slotPid(slot);
    if (pid !== null && isAlive(pid)) continue;
    rmSync(slot.pidFile, { force: true });
    try {
      writeFileSync(slot.pidFile, `starting ${process.pid}\n`, { flag: 'wx' });
    } catch {
      continue; // another process is starting a runner in this slot
    }
    rmSync(slot.socket, { force: true });
    const { jvm, started, mainClasses } = await launch();
    const out = openSync(slot.log, 'w');
    const child = spawn(jvm[0]!, [...jvm.slice(1), 'ToolRunner', slot.socket, ...mainClasses], {
      cwd: paths.toolRunner(),
      detached: true,
      stdio: ['ignore', out, out],
    });
    child.unref();
    if (child.pid === undefined) throw new BrokerError(`could not start the tool runner (${jvm[0]})`);
    writeFileSync(slot.pidFile, `${child.pid}\n`);
    started(child.pid);
    const { retry } = await zx();
    const ready = await retry(READY_TIMEOUT_MS / 25, 25, async () => {
      if (!isAlive(child.pid!)) return false;
      if ((await ping(slot.socket)) === 'absent') throw new Error('not listening yet');
      return true;
    }).catch(() => false);
    if (!ready) {
      throw new BrokerError(`the tool runner did not start: ${lastLine(readFileSync(slot.log, 'utf8'))} (see ${slot.log})`);
    }
    return slot.socket;
  }
  return null;
}

/** Stops every warm runner and waits until they have exited (they write a class-data archive as they exit). */
export async function stopRunners(): Promise<void> {
  const pids = slots.map(slotPid).filter((pid): pid is number => pid !== null && isAlive(pid));
  for (const pid of pids) process.kill(pid, 'SIGTERM');
  const { retry } = await zx();
  await retry(STOP_TIMEOUT_MS / 50, 50, () => {
    if (pids.some(isAlive)) throw new Error('still running');
  }).catch(() => pids.filter(isAlive).forEach((pid) => process.kill(pid, 'SIGKILL')));
  for (const slot of slots) {
    rmSync(slot.pidFile, { force: true });
    rmSync(slot.socket, { force: true });
  }
}
