import { spawn } from 'node:child_process';
import { existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Backend, StartOptions } from './backend.ts';
import { BrokerError } from './errors.ts';
import { ensureJars } from './jars.ts';
import { paths } from './paths.ts';
import { isAlive, runCommand } from './process.ts';
import { serverProperties } from './server-config.ts';
import { TOOLS, type KafkaTool, type ToolOptions } from './tools.ts';
import { type Layout, LAYOUTS, type NodeSpec } from './topology.ts';

const BROKER_HEAP: Record<Layout, string> = { single: '-Xmx1g', cluster: '-Xmx512m' };
const TOOL_JVM_FLAGS = ['-Xmx512m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:auto'];

const nodeDir = (layout: Layout, node: NodeSpec) => join(paths.layout(layout), `node-${node.id}`);
const pidFile = (layout: Layout, node: NodeSpec) => join(nodeDir(layout, node), 'broker.pid');

function classpath(jars: string): string {
  return `${jars}/*`;
}

function log4j(file: string): string {
  return `-Dlog4j2.configurationFile=${join(paths.configDir(), file)}`;
}

/** Runs Kafka from Maven Central jars on this host's JVM; data, logs and pid files live under the cache folder. */
export const jvmBackend: Backend = {
  name: 'jvm',

  async start(layout: Layout, { log, fresh }: StartOptions) {
    const jars = await ensureJars(log);
    if (fresh) await rm(paths.layout(layout), { recursive: true, force: true });
    const nodes = LAYOUTS[layout];
    const clusterId = await readOrCreateClusterId(layout, jars);
    for (const node of nodes) {
      const dir = nodeDir(layout, node);
      const dataDir = join(dir, 'data');
      await mkdir(dir, { recursive: true });
      const config = join(dir, 'server.properties');
      await writeFile(config, serverProperties(layout, node, dataDir));
      if (!existsSync(join(dataDir, 'meta.properties'))) {
        log(`broker: formatting storage of node ${node.id}`);
        const args = ['format', '-t', clusterId, '-c', config, ...(layout === 'single' ? ['--standalone'] : [])];
        const result = await runJava(jars, 'kafka.tools.StorageTool', args, {}, 'tools-log4j2.properties');
        if (result.exitCode !== 0) {
          throw new BrokerError(`formatting node ${node.id} failed: ${lastLine(result.stderr || result.stdout)}`);
        }
      }
    }
    for (const node of nodes) {
      const dir = nodeDir(layout, node);
      const out = openSync(join(dir, 'server.log'), 'w');
      const child = spawn(
        'java',
        [
          BROKER_HEAP[layout],
          '-XX:+UseG1GC',
          '-Djava.awt.headless=true',
          log4j('broker-log4j2.properties'),
          '-cp',
          classpath(jars),
          'kafka.Kafka',
          join(dir, 'server.properties'),
        ],
        { detached: true, stdio: ['ignore', out, out] },
      );
      child.unref();
      await writeFile(pidFile(layout, node), `${child.pid}\n`);
    }
  },

  async stop(layout: Layout) {
    const pids = new Set([...readPids(layout), ...strayBrokerPids(layout)]);
    for (const pid of pids) signal(pid, 'SIGTERM');
    const deadline = Date.now() + 30_000;
    while ([...pids].some(isAlive) && Date.now() < deadline) await sleep(100);
    for (const pid of pids) if (isAlive(pid)) signal(pid, 'SIGKILL');
    while ([...pids].some(isAlive)) await sleep(50);
    for (const node of LAYOUTS[layout]) await rm(pidFile(layout, node), { force: true });
  },

  processes(layout: Layout) {
    return readPids(layout).filter(isAlive);
  },

  logFiles(layout: Layout) {
    return LAYOUTS[layout].map((node) => join(nodeDir(layout, node), 'server.log'));
  },

  logDir(layout: Layout, nodeId: number) {
    return join(paths.layout(layout), `node-${nodeId}`, 'data');
  },

  async runTool(_layout: Layout, tool: KafkaTool, args: string[], options: ToolOptions) {
    const jars = await ensureJars();
    return runJava(jars, TOOLS[tool], args, options, 'tools-log4j2.properties');
  },
};

function runJava(jars: string, mainClass: string, args: string[], options: ToolOptions, logConfig: string) {
  return runCommand('java', [...TOOL_JVM_FLAGS, log4j(logConfig), '-cp', classpath(jars), mainClass, ...args], options);
}

async function readOrCreateClusterId(layout: Layout, jars: string): Promise<string> {
  const file = join(paths.layout(layout), 'cluster.id');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const result = await runJava(jars, 'kafka.tools.StorageTool', ['random-uuid'], {}, 'tools-log4j2.properties');
  const id = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.exitCode !== 0 || !/^[\w-]{22}$/.test(id)) {
    throw new BrokerError(`could not create a cluster id: ${lastLine(result.stderr || result.stdout)}`);
  }
  await mkdir(paths.layout(layout), { recursive: true });
  await writeFile(file, `${id}\n`);
  return id;
}

function readPids(layout: Layout): number[] {
  return LAYOUTS[layout]
    .map((node) => pidFile(layout, node))
    .filter((file) => existsSync(file))
    .map((file) => Number(readFileSync(file, 'utf8').trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 0);
}

/** Broker JVMs of this layout that lost their pid file (Linux only: reads /proc). */
function strayBrokerPids(layout: Layout): number[] {
  if (!existsSync('/proc')) return [];
  const marker = paths.layout(layout);
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmdline.includes('kafka.Kafka') && cmdline.includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
