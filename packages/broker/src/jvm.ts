import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, openSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Backend, NodeAction, StartOptions } from './backend.ts';
import { adoptRecording, classData, fingerprint, restartArgv } from './class-data.ts';
import { BrokerError } from './errors.ts';
import { ensureJars } from './jars.ts';
import { paths } from './paths.ts';
import { isAlive, lastLine, shell, zx } from './process.ts';
import { serverProperties } from './server-config.ts';
import { connectionsOf } from './sockets.ts';
import { ROUTE_VARIABLE, runRoute, type Route } from './tool-client.mjs';
import { runnerJar, runnerSockets, stopRunners } from './tool-runner.ts';
import { withoutStackTraces } from './stack-trace-filter.ts';
import { TOOLS, type KafkaTool, type ToolCommand, type ToolOptions, type ToolResult } from './tools.ts';
import { type Layout, LAYOUTS, type NodeSpec } from './topology.ts';

const BROKER_HEAP: Record<Layout, string> = { single: '-Xmx1g', cluster: '-Xmx512m' };
/** C1 only: the C2 compiler's start-up work was half the broker's CPU until ready, and a lab broker never needs its peak speed. */
const BROKER_JVM_FLAGS = ['-XX:+UseG1GC', '-XX:TieredStopAtLevel=1', '-Djava.awt.headless=true'];
const TOOL_JVM_FLAGS = ['-Xmx512m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];
const STOP_TIMEOUT_MS = 30_000;

/** How tools run on the jvm backend: `warm` (default) a warm runner, `archive` a JVM per call with the class-data archive, `plain` a bare JVM per call. */
const TOOL_JVM_MODES = ['warm', 'archive', 'plain'] as const;
type ToolJvmMode = (typeof TOOL_JVM_MODES)[number];

const nodeDir = (layout: Layout, node: NodeSpec) => join(paths.layout(layout), `node-${node.id}`);
const pidFile = (layout: Layout, node: NodeSpec) => join(nodeDir(layout, node), 'broker.pid');
const commandFile = (layout: Layout, node: NodeSpec) => join(nodeDir(layout, node), 'command.json');

function log4j(file: string): string {
  return `-Dlog4j2.configurationFile=${join(paths.configDir(), file)}`;
}

function toolJvmMode(): ToolJvmMode {
  const mode = process.env.KAFKA_LABS_TOOL_JVM ?? 'warm';
  if (!(TOOL_JVM_MODES as readonly string[]).includes(mode)) {
    throw new BrokerError(`KAFKA_LABS_TOOL_JVM must be one of ${TOOL_JVM_MODES.join(', ')}, got "${mode}"`);
  }
  return mode as ToolJvmMode;
}

let javaFiles: Promise<string[]> | undefined;

/** The java binary and Kafka's jars: what a class-data archive depends on besides flags. */
function jvmInputs(jars: string): Promise<string[]> {
  return (javaFiles ??= (async () => {
    const { which } = await zx();
    const java = realpathSync(await which('java'));
    const libs = readdirSync(jars)
      .filter((f) => f.endsWith('.jar'))
      .sort()
      .map((f) => join(jars, f));
    return [java, ...libs];
  })());
}

/**
 * The tool JVM's command line up to the main class. The runner's jar is on the classpath wherever it
 * exists, so runners and JVMs of their own share one class-data archive; `sharing: false` leaves the
 * archive out (a bare JVM, or the rare fallback of a call that finds its idle runner taken).
 */
async function toolJvm(jars: string, jar: string | null, sharing: { record: boolean } | false) {
  const classpath = jar ? `${jar}:${jars}/*` : `${jars}/*`;
  const key = sharing && fingerprint([...(await jvmInputs(jars)), ...(jar ? [jar] : [])], TOOL_JVM_FLAGS);
  const archive = sharing && key ? classData('tools', key, sharing.record) : { flags: [], started: () => {} };
  return { jvm: ['java', ...TOOL_JVM_FLAGS, ...archive.flags, log4j('tools-log4j2.properties'), '-cp', classpath], archive };
}

/**
 * Where a call of `tool` goes: the live warm runners, an idle one first (one is started when none is
 * idle), then a JVM of its own. A call that finds an idle runner loads no zx and computes no archive key.
 */
async function toolRoute(tool: KafkaTool): Promise<Route> {
  const jars = await ensureJars();
  const mode = toolJvmMode();
  const mainClass = TOOLS[tool];
  const jar = await runnerJar(jars);
  const base = { mainClass, runnerCwd: paths.toolRunner() };
  if (mode !== 'warm' || !jar) {
    const { jvm } = await toolJvm(jars, jar, mode === 'plain' ? false : { record: false });
    return { ...base, runners: [], java: [...jvm, mainClass] };
  }
  const runners = await runnerSockets(async () => {
    const { jvm, archive } = await toolJvm(jars, jar, { record: true });
    return { jvm, started: archive.started, mainClasses: Object.values(TOOLS) };
  });
  const { jvm } = await toolJvm(jars, jar, runners.length > 0 ? false : { record: false });
  return { ...base, runners, java: [...jvm, mainClass] };
}

/** Runs Kafka from Maven Central jars on this host's JVM; data, logs and pid files live under the cache folder. */
export const jvmBackend: Backend = {
  name: 'jvm',

  async start(layout: Layout, { log, fresh, config }: StartOptions) {
    const jars = await ensureJars(log);
    if (fresh) await rm(paths.layout(layout), { recursive: true, force: true });
    const nodes = LAYOUTS[layout];
    const clusterId = await readOrCreateClusterId(layout);
    // The nodes' storage is formatted in parallel: one short JVM each, on a new data dir only.
    await Promise.all(
      nodes.map(async (node) => {
        const dir = nodeDir(layout, node);
        const dataDir = join(dir, 'data');
        await mkdir(dir, { recursive: true });
        const properties = join(dir, 'server.properties');
        await writeFile(properties, serverProperties(layout, node, dataDir, config));
        if (existsSync(join(dataDir, 'meta.properties'))) return;
        log(`broker: formatting storage of node ${node.id}`);
        const args = ['format', '-t', clusterId, '-c', properties, ...(layout === 'single' ? ['--standalone'] : [])];
        const result = await storageTool(jars, args);
        if (result.exitCode !== 0) {
          throw new BrokerError(`formatting node ${node.id} failed: ${lastLine(result.stderr || result.stdout)}`);
        }
      }),
    );
    const flags = [BROKER_HEAP[layout], ...BROKER_JVM_FLAGS];
    for (const node of nodes) {
      const sharing = classData(`broker-${layout}`, fingerprint(await jvmInputs(jars), flags), true);
      const argv = [
        'java', ...flags, ...sharing.flags, log4j('broker-log4j2.properties'),
        '-cp', `${jars}/*`, 'kafka.Kafka', join(nodeDir(layout, node), 'server.properties'),
      ];
      await writeFile(commandFile(layout, node), `${JSON.stringify(argv)}\n`);
      sharing.started(await launchNode(layout, node, argv, 'w'));
    }
  },

  async signalNode(layout: Layout, nodeId: number, action: NodeAction) {
    const node = nodeSpec(layout, nodeId);
    const pid = livePid(layout, node);
    if (pid === null) throw new BrokerError(`node ${nodeId} is not running`);
    signal(pid, ({ freeze: 'SIGSTOP', thaw: 'SIGCONT', kill: 'SIGKILL', stop: 'SIGTERM' } as const)[action]);
    if (action !== 'kill' && action !== 'stop') return;
    const { retry } = await zx();
    await retry(STOP_TIMEOUT_MS / 50, 50, () => {
      if (isAlive(pid)) throw new Error('still running');
    });
    await rm(pidFile(layout, node), { force: true });
  },

  async restartNode(layout: Layout, nodeId: number) {
    const node = nodeSpec(layout, nodeId);
    if (livePid(layout, node) !== null) throw new BrokerError(`node ${nodeId} is still running; kill it first`);
    const argv = restartArgv(JSON.parse(await readFile(commandFile(layout, node), 'utf8')) as string[]);
    adoptRecording(argv, await launchNode(layout, node, argv, 'a'));
  },

  async nodeState(layout: Layout, nodeId: number) {
    const pid = livePid(layout, nodeSpec(layout, nodeId));
    if (pid === null) return 'stopped';
    return /^\d+ \(.*\) T/.test(readFileSync(`/proc/${pid}/stat`, 'utf8')) ? 'frozen' : 'running';
  },

  async unreadBytes(layout: Layout, nodeId: number, remotePort: number) {
    const pid = livePid(layout, nodeSpec(layout, nodeId));
    if (pid === null) throw new BrokerError(`node ${nodeId} is not running`);
    return connectionsOf(pid, remotePort).map((c) => c.unread);
  },

  async stop(layout: Layout) {
    await stopRunners();
    const pids = new Set([...readPids(layout), ...strayBrokerPids(layout)]);
    for (const pid of pids) {
      signal(pid, 'SIGTERM');
      signal(pid, 'SIGCONT'); // a frozen node (SIGSTOP) acts on its SIGTERM only once it runs again
    }
    const { retry } = await zx();
    const gone = () => {
      const left = [...pids].filter(isAlive);
      if (left.length) throw new BrokerError(`broker process(es) ${left.join(', ')} still running after SIGKILL`);
    };
    await retry(STOP_TIMEOUT_MS / 100, 100, gone).catch(() => [...pids].forEach((pid) => signal(pid, 'SIGKILL')));
    // A killed JVM of a GB takes seconds to exit on a loaded machine.
    await retry(STOP_TIMEOUT_MS / 100, 100, gone);
    for (const node of LAYOUTS[layout]) await rm(pidFile(layout, node), { force: true });
  },

  processes(layout: Layout) {
    return LAYOUTS[layout].map((node) => livePid(layout, node)).filter((pid) => pid !== null);
  },

  logFiles(layout: Layout) {
    return LAYOUTS[layout].map((node) => join(nodeDir(layout, node), 'server.log'));
  },

  logDir(layout: Layout, nodeId: number) {
    return join(paths.layout(layout), `node-${nodeId}`, 'data');
  },

  async runTool(_layout: Layout, tool: KafkaTool, args: string[], options: ToolOptions): Promise<ToolResult> {
    const route = await toolRoute(tool);
    if (options.interactive) {
      // A tool that fails prints its one-line error, then the exception's Java stack trace: a learner needs the first.
      const stderr = withoutStackTraces(process.stderr);
      const exitCode = await runRoute(route, args, { input: process.stdin, stdout: process.stdout, stderr, terminal: true });
      if (stderr.end()) process.stderr.write(`(the Java stack trace is left out; pnpm kafka ${tool} --help lists the tool's options)\n`);
      return { exitCode, stdout: '', stderr: '' };
    }
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const exitCode = await runRoute(route, args, {
      input: options.input ?? '',
      stdout: { write: (chunk: Buffer) => stdout.push(Buffer.from(chunk)) },
      stderr: { write: (chunk: Buffer) => stderr.push(Buffer.from(chunk)) },
    });
    return { exitCode, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
  },

  async toolCommand(_layout: Layout, tool: KafkaTool, args: string[]): Promise<ToolCommand> {
    const route = await toolRoute(tool);
    if (route.runners.length === 0) return { argv: [...route.java, ...args], env: {} };
    return { argv: [process.execPath, paths.toolClient(), ...args], env: { [ROUTE_VARIABLE]: JSON.stringify(route) } };
  },
};

/** Starts a node's JVM detached, its output into server.log (`w` a new log, `a` appended after a restart); returns its pid. */
async function launchNode(layout: Layout, node: NodeSpec, argv: string[], logMode: 'w' | 'a'): Promise<number> {
  const out = openSync(join(nodeDir(layout, node), 'server.log'), logMode);
  // A node outlives the lab run that (re)starts it: lab-kit stops whatever carries its run's KAFKA_LABS_RUN mark.
  const { KAFKA_LABS_RUN: _run, ...env } = process.env;
  const child = spawn(argv[0]!, argv.slice(1), { detached: true, stdio: ['ignore', out, out], env });
  child.unref();
  if (child.pid === undefined) throw new BrokerError(`could not start node ${node.id} (${argv[0]})`);
  await writeFile(pidFile(layout, node), `${child.pid}\n`);
  return child.pid;
}

function nodeSpec(layout: Layout, nodeId: number): NodeSpec {
  const node = LAYOUTS[layout].find((n) => n.id === nodeId);
  if (!node) throw new BrokerError(`the ${layout} layout has no node ${nodeId} (nodes: ${LAYOUTS[layout].map((n) => n.id).join(', ')})`);
  return node;
}

/** The node's JVM: the pid in its pid file, else one found in /proc with its server.properties (started by another home's tool or by hand). */
function livePid(layout: Layout, node: NodeSpec): number | null {
  const recorded = existsSync(pidFile(layout, node)) ? Number(readFileSync(pidFile(layout, node), 'utf8').trim()) : NaN;
  if (Number.isInteger(recorded) && recorded > 0 && isAlive(recorded)) return recorded;
  return brokerPidsWith(join(nodeDir(layout, node), 'server.properties'))[0] ?? null;
}

/** Runs kafka-storage format in a JVM of its own (once per new data dir), with a class-data archive of its own. */
async function storageTool(jars: string, args: string[]) {
  const sharing = classData('format', fingerprint(await jvmInputs(jars), TOOL_JVM_FLAGS), true);
  const $ = await shell();
  const format = $`java ${TOOL_JVM_FLAGS} ${sharing.flags} ${log4j('tools-log4j2.properties')} -cp ${`${jars}/*`} kafka.tools.StorageTool ${args}`;
  // The shell's pid stands for the JVM's: the shell exits after it.
  if (format.pid !== undefined) sharing.started(format.pid);
  return format;
}

/**
 * The layout's cluster id, made once as kafka-storage random-uuid makes it (16 random bytes in
 * URL-safe base64 without padding, never starting with "-"), without a JVM start.
 */
async function readOrCreateClusterId(layout: Layout): Promise<string> {
  const file = join(paths.layout(layout), 'cluster.id');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  let id: string;
  do id = Buffer.from(randomUUID().replace(/-/g, ''), 'hex').toString('base64url');
  while (id.startsWith('-'));
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
  return brokerPidsWith(paths.layout(layout));
}

/** Live kafka.Kafka JVMs whose command line contains `marker` (Linux only: reads /proc). */
function brokerPidsWith(marker: string): number[] {
  if (!existsSync('/proc')) return [];
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
