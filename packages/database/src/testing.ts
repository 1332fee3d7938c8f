import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PostgreSQL server of a test's own, on a free loopback port; `stop()` (or `await using`) stops it and removes its files. */
export interface PostgresServer extends AsyncDisposable {
  url: string;
  stop(): Promise<void>;
}

/** The folder of Debian's PostgreSQL server programs (the newest installed), or of pg_ctl on PATH. */
export function postgresBinDir(): string {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => existsSync(join(debian, v, 'bin', 'pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest) return join(debian, newest, 'bin');
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return join(onPath, '..');
  throw new Error('no PostgreSQL server programs (pg_ctl, initdb): bash scripts/setup.sh installs Debian\'s postgresql');
}

/**
 * Starts a real PostgreSQL server: initdb into a temp folder, pg_ctl on a free loopback port, as the
 * postgres user when this process is root (PostgreSQL refuses to run as root). A process exit stops it too.
 * With `password`, the postgres user needs it (scram-sha-256) and the URL carries it; without, any login is trusted.
 */
export async function startPostgres(options: { password?: string } = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'kafka-labs-pg-'));
  const data = join(dir, 'data');
  const asUser: { uid?: number; gid?: number } = process.getuid?.() === 0 ? postgresUser() : {};
  if (asUser.uid !== undefined && asUser.gid !== undefined) chownSync(dir, asUser.uid, asUser.gid);
  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(join(bin, program), args, { ...asUser, cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited ${code}: ${stderr.trim().split('\n').at(-1)}`))));
    });
  const stopNow = () => {
    spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { ...asUser, cwd: dir, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);
  try {
    const auth = ['-A', 'trust'];
    if (options.password !== undefined) {
      const pwfile = join(dir, 'pwfile');
      writeFileSync(pwfile, `${options.password}\n`, { mode: 0o644 });
      auth.splice(0, 2, '-A', 'scram-sha-256', `--pwfile=${pwfile}`);
    }
    await run('initdb', ['-D', data, ...auth, '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
      try {
        await run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
        break;
      } catch (err) {
        // Another process can take the free port between the probe and the server's bind.
        const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
        if (attempt === 3 || !log.includes('could not bind')) throw new Error(`${(err as Error).message}; server log: ${log.trim().split('\n').at(-1)}`);
      }
    }
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).finally(() => {
        process.off('exit', stopNow);
        rmSync(dir, { recursive: true, force: true });
      }));
    const login = options.password === undefined ? 'postgres' : `postgres:${encodeURIComponent(options.password)}`;
    return { url: `postgresql://${login}@127.0.0.1:${port}/postgres`, stop, [Symbol.asyncDispose]: stop };
  } catch (err) {
    process.off('exit', stopNow);
    stopNow();
    throw err;
  }
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('running as root, and there is no postgres user to run the server as: install Debian\'s postgresql');
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
