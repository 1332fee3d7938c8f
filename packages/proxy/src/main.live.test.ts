import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { READY_LINE } from './cli.ts';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `pnpm -s proxy ARGS` from the repository root, as a user runs it; resolves once it printed its ready line. */
async function pnpmProxy(args: string[]) {
  const pnpm = spawn('pnpm', ['-s', 'proxy', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  // 'close', not 'exit': the last lines are read only once the output pipes are closed.
  const exited = once(pnpm, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  const ready = new Promise<string>((resolve, reject) => {
    createInterface({ input: pnpm.stdout }).on('line', (line) => {
      lines.push(line);
      if (READY_LINE.test(line)) resolve(line);
    });
    void exited.then(() => reject(new Error(`pnpm proxy exited before its ready line: ${lines.join(' | ')}`)));
  });
  ready.catch(() => {});
  let stderr = '';
  pnpm.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return { pnpm, lines, exited, ready, stderr: () => stderr };
}

const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

describe('pnpm proxy', { timeout: 60_000 }, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('stops its node program when the pnpm process gets %s', async (signal) => {
    const run = await pnpmProxy(['--listen', '127.0.0.1:0', '--control', '0']);
    const port = Number(READY_LINE.exec(await run.ready)![1]!.split(':')[1]);
    expect(await refuses(port)).toBe(false);
    run.pnpm.kill(signal);
    await run.exited;
    expect(run.lines.at(-1)).toMatch(/^proxy: stopped after 1 connections, 0 Produce requests/);
    expect(await refuses(port)).toBe(true);
  });

  it('stops when the pnpm process gets SIGHUP (the terminal closed), which pnpm does not pass on', async () => {
    const run = await pnpmProxy(['--listen', '127.0.0.1:0', '--control', '0']);
    const ready = await run.ready;
    const port = Number(READY_LINE.exec(ready)![1]!.split(':')[1]);
    const controlPort = Number(/control API http:\/\/127\.0\.0\.1:(\d+)/.exec(ready)![1]);
    run.pnpm.kill('SIGHUP');
    await run.exited;
    expect(run.lines.at(-1)).toMatch(/^proxy: stopped after 0 connections/);
    expect([await refuses(port), await refuses(controlPort)]).toEqual([true, true]);
  });

  it('answers a bad flag with one line on stderr and exit code 2', async () => {
    const run = await pnpmProxy(['--drop-produce', 'two']);
    const [code] = await run.exited;
    expect({ code, stderr: run.stderr() }).toEqual({ code: 2, stderr: 'error: --drop-produce must be an integer >= 1, got "two"\n' });
  });
});
