import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { proxyDaemon, type ProxyDaemon } from './daemon.ts';
import { startProxy } from './proxy.ts';
import { daemonOptions } from './testing/daemon-options.ts';

const STARTER = fileURLToPath(new URL('./testing/start-daemon.ts', import.meta.url));
const TSX = fileURLToPath(import.meta.resolve('tsx'));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves once `check` holds, polling every 10 ms; rejects after `timeoutMs`. */
async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const daemons: ProxyDaemon[] = [];
// A test that fails half-way must not leave its background proxy running.
afterEach(async () => {
  await Promise.all(daemons.splice(0).map((daemon) => daemon.stop()));
});

async function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-daemon-'));
  const controlPort = await freePort();
  const daemon = proxyDaemon(daemonOptions(dir, controlPort));
  daemons.push(daemon);
  return { dir, controlPort, daemon };
}

/** Runs start-daemon.ts and resolves once the proxy it starts has written its pid file (it is not ready yet). */
async function startInterrupted(dir: string, controlPort: number) {
  const starter = spawn(process.execPath, ['--import', TSX, STARTER, dir, String(controlPort)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  starter.stdout.on('data', (chunk: Buffer) => (output += chunk));
  const exited = once(starter, 'exit');
  await until(() => existsSync(join(dir, 'proxy.pid')), 'the pid file');
  return { starter, exited, output: () => output, pid: Number(readFileSync(join(dir, 'proxy.pid'), 'utf8')) };
}

describe('proxyDaemon', { timeout: 60_000 }, () => {
  it('starts one proxy in the background, leaves it alone when it runs, and stops it', async () => {
    const { daemon } = await setUp();
    const pid = await daemon.ensure();
    expect(pid).toBeGreaterThan(0);
    expect(daemon.pid()).toBe(pid);
    expect(readFileSync(daemon.logFile, 'utf8')).toMatch(/^proxy: listening on 127\.0\.0\.1:\d+, .* control API http:\/\/127\.0\.0\.1:\d+; faults: pass-through$/m);
    expect(await daemon.ensure()).toBeNull();
    expect(await daemon.stop()).toEqual({ stopped: pid });
    expect(alive(pid!)).toBe(false);
    expect(existsSync(daemon.pidFile)).toBe(false);
    expect(await daemon.stop()).toEqual({ notStarted: 'none running' });
    expect(readFileSync(daemon.logFile, 'utf8')).toMatch(/^proxy: stopped after 0 connections/m);
  });

  it('stops what a start killed before the proxy was ready had started', async () => {
    const { dir, controlPort, daemon } = await setUp();
    const start = await startInterrupted(dir, controlPort);
    start.starter.kill('SIGKILL');
    await start.exited;
    expect(start.output()).toBe('');
    expect(alive(start.pid)).toBe(true);
    expect(await daemon.stop()).toEqual({ stopped: start.pid });
    expect(alive(start.pid)).toBe(false);
  });

  it.each(['SIGINT', 'SIGHUP'] as const)('stops the proxy it was starting when interrupted with %s, and exits by that signal', async (interrupt) => {
    const { dir, controlPort, daemon } = await setUp();
    const start = await startInterrupted(dir, controlPort);
    start.starter.kill(interrupt);
    const [code, signal] = await start.exited;
    expect({ code, signal, output: start.output() }).toEqual({ code: null, signal: interrupt, output: '' });
    await until(() => !alive(start.pid), 'the half-started proxy to stop');
    expect(existsSync(daemon.pidFile)).toBe(false);
    expect(await daemon.stop()).toEqual({ notStarted: 'none running' });
  });

  it('leaves a proxy it did not start running', async () => {
    const { daemon, controlPort } = await setUp();
    const foreign = await startProxy({ listen: '127.0.0.1:0', controlPort, print: () => {} });
    try {
      expect(await daemon.ensure()).toBeNull();
      expect(await daemon.stop()).toEqual({ notStarted: 'another process runs it' });
    } finally {
      await foreign.stop();
    }
  });

  it('reports a proxy that cannot start, with the reason it printed', async () => {
    const { daemon } = await setUp();
    const taken = await startProxy({ listen: '127.0.0.1:0', print: () => {} });
    try {
      const blocked = proxyDaemon({ dir: join(daemon.logFile, '..'), controlPort: await freePort(), args: ['--listen', `127.0.0.1:${taken.port}`, '--control', '0'] });
      await expect(blocked.ensure()).rejects.toThrow(
        new RegExp(`the proxy exited with code 2: error: cannot listen on 127\\.0\\.0\\.1:${taken.port} \\(address in use by pid ${process.pid} \\(`),
      );
      expect(existsSync(blocked.pidFile)).toBe(false);
    } finally {
      await taken.stop();
    }
  });
});
