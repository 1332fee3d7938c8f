/**
 * How long a program a lab starts takes to reach Kafka (not a test: nothing is asserted): for each declared program,
 * the time from spawning it to the first byte of its first Kafka request, compiled (the tree) and from source
 * (tsx), N times each, alternating. The "broker" is a TCP server of this process that only notes when a connection
 * first sends: no broker is needed, and what is measured is the program's own start (node, its modules, the client).
 * --write records the medians in bench/programs.json.
 * Run: pnpm bench programs [--runs N] [--write]
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseCommand, runMain } from '@kafka-labs/cli';
import { compiledPath, REPO_ROOT, staleReason } from '../src/index.ts';

const FLAGS = {
  runs: { kind: 'number', min: 1, integer: true, default: 5, help: 'starts per program and way' },
  write: { kind: 'boolean', help: 'record the medians in bench/programs.json' },
} as const;

/** Each program with arguments that make it connect at once to the bootstrap address given. */
const PROGRAMS: Record<string, { file: string; args: (bootstrap: string) => string[] }> = {
  worker: { file: 'packages/worker/src/cli.ts', args: (b) => ['--name', 'bench', '--group', 'bench', '--topic', 'bench', '--bootstrap', b] },
  fill: { file: 'packages/worker/src/fill.ts', args: (b) => ['--topic', 'bench', '--count', '1', '--partitions', '1', '--bootstrap', b] },
  producer: { file: 'packages/producer/src/cli.ts', args: (b) => ['bench', 'true', 'once', `bootstrap.servers=${b}`] },
  'txn-worker': { file: 'packages/txn-worker/src/cli.ts', args: (b) => ['--name', 'bench', '--group', 'bench', '--input', 'bench', '--output', 'bench-out', '--transactional-id', 'bench', '--bootstrap', b] },
  orders: { file: 'packages/txn-worker/src/orders-cli.ts', args: (b) => ['--topic', 'bench', '--count', '1', '--bootstrap', b] },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const ms = (x: number) => `${Math.round(x)} ms`;

/** Milliseconds from spawning `node <args>` to the first byte it sends to the server; the process is killed then. */
async function firstRequest(nodeArgs: string[], programArgs: (bootstrap: string) => string[]): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bootstrap = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    return await new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const child = spawn(process.execPath, [...nodeArgs, ...programArgs(bootstrap)], { cwd: REPO_ROOT, stdio: 'ignore' });
      const limit = setTimeout(() => (child.kill('SIGKILL'), reject(new Error('no Kafka request within 30 s'))), 30_000);
      server.on('connection', (socket) =>
        socket.once('data', () => {
          resolve(performance.now() - started);
          clearTimeout(limit);
          child.kill('SIGKILL');
          socket.destroy();
        }),
      );
      child.on('error', reject);
      child.on('exit', (code) => (clearTimeout(limit), reject(new Error(`exited with ${code} before its first Kafka request`))));
    });
  } finally {
    server.close();
  }
}

await runMain('bench programs', `usage: pnpm bench programs [--runs N] [--write]\n\n${FLAGS.runs.help}; --write: ${FLAGS.write.help}`, async (argv) => {
  const { flags } = parseCommand(FLAGS, argv);
  const load = () => Math.round(loadavg()[0]! * 10) / 10;
  const loads = [load()];
  const rows: Record<string, { compiled: number; source: number }> = {};
  console.log('| program | compiled (median) | from source through tsx (median) |\n|---|---|---|');
  for (const [name, { file, args }] of Object.entries(PROGRAMS)) {
    const source = join(REPO_ROOT, file);
    const stale = staleReason(source);
    if (stale) throw new Error(`the compiled tree is stale (${stale}): run pnpm build first`);
    const compiled: number[] = [];
    const fromSource: number[] = [];
    for (let i = 0; i < flags.runs; i++) {
      compiled.push(await firstRequest([compiledPath(source)!], args));
      fromSource.push(await firstRequest(['--import', 'tsx', source], args));
    }
    rows[name] = { compiled: Math.round(median(compiled)), source: Math.round(median(fromSource)) };
    console.log(`| ${name} | ${ms(rows[name].compiled)} | ${ms(rows[name].source)} |`);
  }
  loads.push(load());
  console.log(`\n${flags.runs} starts each, ${cpus().length} cores, load average ${loads.join(' -> ')}`);
  if (flags.write) {
    const record = { measured: { at: new Date().toISOString(), cores: cpus().length, load: loads, runs: flags.runs }, programs: rows };
    writeFileSync(join(REPO_ROOT, 'bench', 'programs.json'), `${JSON.stringify(record, null, 2)}\n`);
    console.error('bench/programs.json written');
  }
  return 0;
});
