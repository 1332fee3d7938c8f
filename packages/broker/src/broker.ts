import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Backend } from './backend.ts';
import { dockerBackend } from './docker.ts';
import { BrokerError } from './errors.ts';
import { jvmBackend } from './jvm.ts';
import { KAFKA_VERSION, paths } from './paths.ts';
import { probeMetadata } from './probe.ts';
import { hasCommand, shell } from './process.ts';
import { isKafkaTool, TOOLS, type KafkaTool, type ToolCommand, type ToolOptions, type ToolResult } from './tools.ts';
import { type Layout, LAYOUTS, layoutOf, portOf } from './topology.ts';

const BACKENDS = { jvm: jvmBackend, docker: dockerBackend } as const;
const READY_TIMEOUT_MS = 120_000;

export interface BrokerOptions {
  /** 1 (default) for the single node with the articles' listeners, 3 for the replication cluster. */
  nodes?: 1 | 3;
  /** Wipe the data first (the start then includes formatting the storage). */
  fresh?: boolean;
  /** Progress lines (jar download, format, start); default: stderr. */
  log?: (line: string) => void;
}

/** A running, healthy broker layout. */
export interface Broker {
  backend: Backend['name'];
  layout: Layout;
  nodes: number;
  /** The data directory of a node, as Kafka's tools on this backend see it. */
  logDir(nodeId?: number): string;
  /** The first segment file of a partition, for kafka-dump-log --files. */
  segmentPath(topic: string, partition: number, nodeId?: number): string;
}

const stderrLog = (line: string) => process.stderr.write(`${line}\n`);

/**
 * Chooses the backend: KAFKA_LABS_BACKEND if set, else jvm where a jvm broker runs or java is found,
 * else docker where an engine answers.
 */
export async function selectBackend(): Promise<Backend> {
  const wanted = process.env.KAFKA_LABS_BACKEND;
  if (wanted) {
    if (wanted === 'jvm' || wanted === 'docker') return BACKENDS[wanted];
    throw new BrokerError(`KAFKA_LABS_BACKEND must be jvm or docker, got "${wanted}"`);
  }
  if ((await activeLayout(jvmBackend)) !== null || (await hasCommand('java'))) return jvmBackend;
  const $ = await shell();
  if ((await $`docker info`).exitCode === 0) return dockerBackend;
  throw new BrokerError('no broker backend: install Java 17+ and Maven (jvm backend) or start a Docker engine (docker backend)');
}

/** Returns the running layout of the backend, if any. */
async function activeLayout(backend: Backend): Promise<Layout | null> {
  for (const layout of Object.keys(LAYOUTS) as Layout[]) {
    if ((await backend.processes(layout)).length > 0) return layout;
  }
  return null;
}

function handle(backend: Backend, layout: Layout): Broker {
  const logDir = (nodeId = 1) => backend.logDir(layout, nodeId);
  return {
    backend: backend.name,
    layout,
    nodes: LAYOUTS[layout].length,
    logDir,
    segmentPath: (topic, partition, nodeId = 1) =>
      join(logDir(nodeId), `${topic}-${partition}`, '00000000000000000000.log'),
  };
}

/** True when every node of the layout answers a metadata request that lists all nodes and a controller. */
async function isHealthy(layout: Layout): Promise<boolean> {
  const nodes = LAYOUTS[layout];
  const views = await Promise.all(
    nodes.map((node) => probeMetadata('127.0.0.1', portOf(node, 'PLAINTEXT')).catch(() => null)),
  );
  return views.every((view) => view !== null && view.brokers.length === nodes.length && view.controllerId >= 0);
}

/**
 * Returns a healthy broker of the wanted layout: reuses one that is already running and healthy,
 * otherwise stops whatever layout runs and starts the wanted one, waiting for a metadata round trip.
 */
export async function ensureBroker(options: BrokerOptions = {}): Promise<Broker> {
  const layout = layoutOf(options.nodes ?? 1);
  const log = options.log ?? stderrLog;
  const backend = await selectBackend();
  const running = await activeLayout(backend);
  if (running === layout && !options.fresh && (await isHealthy(layout))) return handle(backend, layout);
  if (running) {
    log(`broker: stopping the running ${running} layout`);
    await backend.stop(running);
  }
  if (backend.name === 'jvm') await assertPortsFree(layout);
  const started = Date.now();
  log(`broker: starting Kafka ${KAFKA_VERSION} (${layout}, ${LAYOUTS[layout].length} node(s), ${backend.name} backend)`);
  await backend.start(layout, { log, fresh: options.fresh });
  await waitUntilHealthy(backend, layout);
  log(`broker: ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return handle(backend, layout);
}

async function waitUntilHealthy(backend: Backend, layout: Layout): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await isHealthy(layout)) return;
    const alive = (await backend.processes(layout)).length;
    if (backend.name === 'jvm' && alive < LAYOUTS[layout].length) {
      await backend.stop(layout);
      throw new BrokerError(`the broker exited during start-up; see ${backend.logFiles(layout).join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await backend.stop(layout);
  throw new BrokerError(`the broker did not become ready within ${READY_TIMEOUT_MS / 1000}s`);
}

async function assertPortsFree(layout: Layout): Promise<void> {
  for (const node of LAYOUTS[layout]) {
    for (const listener of node.listeners) {
      if (!(await portIsFree(listener.port))) {
        throw new BrokerError(
          `port ${listener.port} is already in use (${listener.name} listener of node ${node.id}); free it and try again`,
        );
      }
    }
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Stops every broker layout of the backend; returns once no broker process is left. */
export async function stopBroker(options: Pick<BrokerOptions, 'log'> = {}): Promise<void> {
  const log = options.log ?? stderrLog;
  const backend = await selectBackend();
  for (const layout of Object.keys(LAYOUTS) as Layout[]) {
    if (backend.name === 'docker' || (await backend.processes(layout)).length > 0 || layoutHasState(layout)) {
      await backend.stop(layout);
    }
  }
  log('broker: stopped');
}

function layoutHasState(layout: Layout): boolean {
  return existsSync(paths.layout(layout)) && readdirSync(paths.layout(layout)).length > 0;
}

export interface BrokerStatus {
  backend: Backend['name'];
  layout: Layout | null;
  healthy: boolean;
  processes: (number | string)[];
  logFiles: string[];
  logDir: string | null;
}

export async function brokerStatus(): Promise<BrokerStatus> {
  const backend = await selectBackend();
  const layout = await activeLayout(backend);
  return {
    backend: backend.name,
    layout,
    healthy: layout ? await isHealthy(layout) : false,
    processes: layout ? await backend.processes(layout) : [],
    logFiles: layout ? backend.logFiles(layout) : [],
    logDir: layout ? backend.logDir(layout, 1) : null,
  };
}

function assertTool(tool: string): asserts tool is KafkaTool {
  if (!isKafkaTool(tool)) {
    throw new BrokerError(`unknown tool "${tool}"; known tools: ${Object.keys(TOOLS).join(', ')}`);
  }
}

/** Runs one of Kafka's own CLI tools, with its own options, on the active backend. */
export async function runTool(tool: KafkaTool, args: string[], options: ToolOptions = {}): Promise<ToolResult> {
  assertTool(tool);
  const backend = await selectBackend();
  return backend.runTool((await activeLayout(backend)) ?? 'single', tool, args, options);
}

/**
 * The command line (argv and environment additions) that runs one of Kafka's tools with `args` on the
 * active backend, for running it as a process, e.g. with zx: `` $({ env: { ...process.env, ...env } })`${argv}` ``.
 */
export async function toolCommand(tool: KafkaTool, args: string[] = []): Promise<ToolCommand> {
  assertTool(tool);
  const backend = await selectBackend();
  return backend.toolCommand((await activeLayout(backend)) ?? 'single', tool, args);
}
