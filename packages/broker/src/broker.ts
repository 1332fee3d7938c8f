import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { portHolder } from '@kafka-labs/cli';
import type { Backend, NodeAction, NodeState } from './backend.ts';
import { dockerBackend } from './docker.ts';
import { BrokerError } from './errors.ts';
import { jvmBackend } from './jvm.ts';
import { withLockFile } from './lock.ts';
import { KAFKA_VERSION, labsHome, paths } from './paths.ts';
import { probeMetadata } from './probe.ts';
import { hasCommand, lastLine, shell, zx } from './process.ts';
import { type BrokerConfig, checkBrokerConfig } from './server-config.ts';
import { isKafkaTool, TOOLS, type KafkaTool, type ToolCommand, type ToolOptions, type ToolResult } from './tools.ts';
import { type Layout, LAYOUTS, layoutOf, portOf } from './topology.ts';

const BACKENDS = { jvm: jvmBackend, docker: dockerBackend } as const;
const READY_TIMEOUT_MS = 120_000;
const PROBE_INTERVAL_MS = 50;
/** How long a frozen follower's last fetch may stay unanswered: the leader answers a parked fetch within replica.fetch.wait.max.ms (500 ms). */
const FETCH_ANSWER_MS = 2000;
const FREEZE_ATTEMPTS = 20;
/** How long a SIGSTOP or SIGCONT may take to show in the node's state. */
const SETTLE_MS = 5000;
/** Metadata's error for a topic or partition the broker does not know (yet). */
const UNKNOWN_TOPIC_OR_PARTITION = 3;

export interface BrokerOptions {
  /** 1 (default) for the single node with the articles' listeners, 3 for the replication cluster. */
  nodes?: 1 | 3;
  /** Wipe the data first (the start then includes formatting the storage). */
  fresh?: boolean;
  /** Progress lines (jar download, format, start); default: stderr. */
  log?: (line: string) => void;
  /**
   * Extra server properties for every node start (restarts included); a running broker with other
   * overrides is restarted, and one started with overrides is restarted with the defaults when none are given.
   */
  config?: BrokerConfig;
}

/** Leader and replicas of a partition, as a broker's metadata cache has them; leader -1 while it has none. */
export interface PartitionState {
  leader: number;
  replicas: number[];
  isr: number[];
}

/**
 * A running broker layout, and what a lab or `pnpm broker` does to one node of it: freeze, thaw, kill, stop and restart
 * refuse with a one-line BrokerError when the node is not in a state they act on.
 */
export interface Broker {
  backend: Backend['name'];
  layout: Layout;
  nodes: number;
  /** The data directory of a node, as Kafka's tools on this backend see it. */
  logDir(nodeId?: number): string;
  /** A node's PLAINTEXT address, `localhost:<port>`, for a client that bootstraps from that node only. */
  address(nodeId: number): string;
  /** A node's server.log on the host, or null where the backend keeps none (docker: `docker compose logs`). */
  serverLog(nodeId: number): string | null;
  /** The first segment file of a partition, for kafka-dump-log --files. */
  segmentPath(topic: string, partition: number, nodeId?: number): string;
  /** SIGSTOP to a running node (it keeps its sockets but answers nothing until thawed); resolves once it shows frozen. */
  freeze(nodeId: number): Promise<void>;
  /** SIGCONT to a frozen node; resolves once it runs on. */
  thaw(nodeId: number): Promise<void>;
  /** SIGKILL to a running or frozen node; resolves once its process is gone. */
  kill(nodeId: number): Promise<void>;
  /**
   * SIGSTOP a follower at a moment when no fetch of it is parked at `leaderId`: once frozen, the answer to its last
   * fetch must arrive (unread bytes on its connection to the leader), else it is thawed and frozen again. So the leader
   * has no open fetch to answer, and nothing written to it later reaches the follower. Resolves with the attempts taken.
   */
  freezeFollower(nodeId: number, leaderId: number): Promise<number>;
  /** SIGTERM to a running node: a controlled shutdown (the controller moves leadership away and shrinks the ISR); resolves once it is gone. */
  stop(nodeId: number): Promise<void>;
  /**
   * Starts a killed or stopped node with the command line and overrides of its last start. Resolves `ready` once it
   * answers a Metadata request; or `awaiting-quorum` at once when fewer than a majority of the layout's nodes run with it:
   * each node is also a KRaft controller, and a broker opens its listeners only after catching up with an elected
   * quorum, so a lone node of three waits until another one is restarted.
   */
  restart(nodeId: number): Promise<RestartOutcome>;
  /** Whether a node runs, is frozen or is stopped (killed or shut down). */
  nodeState(nodeId: number): Promise<NodeState>;
  /** The id of the active KRaft controller (LeaderId of kafka-metadata-quorum describe --status); needs a quorum. */
  activeController(): Promise<number>;
  /** Leader, replicas and ISR of a partition from a Metadata request to the first running node that answers (no quorum needed). */
  partition(topic: string, partition?: number): Promise<PartitionState>;
}

/** What a node restart left: a node that answers, or one that waits for a quorum of running nodes. */
export type RestartOutcome = 'ready' | 'awaiting-quorum';

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

function nodeOf(layout: Layout, nodeId: number) {
  const node = LAYOUTS[layout].find((n) => n.id === nodeId);
  if (!node) throw new BrokerError(`the ${layout} layout has no node ${nodeId}`);
  return node;
}

const nodeAddress = (layout: Layout, nodeId: number) => `localhost:${portOf(nodeOf(layout, nodeId), 'PLAINTEXT')}`;

function handle(backend: Backend, layout: Layout): Broker {
  const logDir = (nodeId = 1) => backend.logDir(layout, nodeId);
  /** PLAINTEXT ports of the nodes that run and are not frozen. */
  const answering = async () => {
    const states = await Promise.all(LAYOUTS[layout].map((n) => backend.nodeState(layout, n.id)));
    return LAYOUTS[layout].filter((_, i) => states[i] === 'running').map((n) => portOf(n, 'PLAINTEXT'));
  };
  /** Refuses `action` with one line unless the node is in one of the `from` states (it is already in `to`, or cannot go there). */
  const expectState = async (nodeId: number, action: NodeAction | 'restart', from: NodeState[], to: NodeState) => {
    nodeOf(layout, nodeId);
    const state = await backend.nodeState(layout, nodeId);
    if (from.includes(state)) return;
    throw new BrokerError(state === to ? `node ${nodeId} is already ${state}` : `node ${nodeId} is ${state}; ${action} needs it ${from.join(' or ')}`);
  };
  /** Waits until a signalled node's state shows the signal (SIGSTOP and SIGCONT take effect asynchronously). */
  const settle = async (nodeId: number, state: NodeState) => {
    const { retry } = await zx();
    await retry(SETTLE_MS / PROBE_INTERVAL_MS, PROBE_INTERVAL_MS, async () => {
      if ((await backend.nodeState(layout, nodeId)) !== state) throw new Error(`node ${nodeId} is not ${state} yet`);
    });
  };
  return {
    backend: backend.name,
    layout,
    nodes: LAYOUTS[layout].length,
    logDir,
    address: (nodeId) => nodeAddress(layout, nodeId),
    serverLog: (nodeId) => backend.logFiles(layout)[LAYOUTS[layout].indexOf(nodeOf(layout, nodeId))] ?? null,
    segmentPath: (topic, partition, nodeId = 1) =>
      join(logDir(nodeId), `${topic}-${partition}`, '00000000000000000000.log'),
    async freeze(nodeId) {
      await expectState(nodeId, 'freeze', ['running'], 'frozen');
      await backend.signalNode(layout, nodeId, 'freeze');
      await settle(nodeId, 'frozen');
    },
    async thaw(nodeId) {
      await expectState(nodeId, 'thaw', ['frozen'], 'running');
      await backend.signalNode(layout, nodeId, 'thaw');
      await settle(nodeId, 'running');
    },
    async kill(nodeId) {
      await expectState(nodeId, 'kill', ['running', 'frozen'], 'stopped');
      await backend.signalNode(layout, nodeId, 'kill');
    },
    async stop(nodeId) {
      await expectState(nodeId, 'stop', ['running'], 'stopped');
      await backend.signalNode(layout, nodeId, 'stop');
    },
    async freezeFollower(nodeId, leaderId) {
      const leaderPort = portOf(nodeOf(layout, leaderId), 'PLAINTEXT');
      const { retry } = await zx();
      for (let attempt = 1; attempt <= FREEZE_ATTEMPTS; attempt++) {
        await backend.signalNode(layout, nodeId, 'freeze');
        const answered = await retry(FETCH_ANSWER_MS / PROBE_INTERVAL_MS, PROBE_INTERVAL_MS, async () => {
          if (!(await backend.unreadBytes(layout, nodeId, leaderPort)).some((bytes) => bytes > 0)) throw new Error('no answer yet');
        }).then(
          () => true,
          () => false,
        );
        if (answered) return attempt;
        await backend.signalNode(layout, nodeId, 'thaw');
      }
      throw new BrokerError(`node ${nodeId} never froze with its last fetch from node ${leaderId} answered (${FREEZE_ATTEMPTS} attempts)`);
    },
    async restart(nodeId) {
      await expectState(nodeId, 'restart', ['stopped'], 'running');
      await backend.restartNode(layout, nodeId);
      const port = portOf(nodeOf(layout, nodeId), 'PLAINTEXT');
      const majority = Math.floor(LAYOUTS[layout].length / 2) + 1;
      let outcome: RestartOutcome = 'ready';
      const { retry } = await zx();
      await retry(READY_TIMEOUT_MS / PROBE_INTERVAL_MS, PROBE_INTERVAL_MS, async () => {
        if ((await backend.nodeState(layout, nodeId)) === 'stopped') return;
        if ((await answering()).length < majority) return void (outcome = 'awaiting-quorum');
        await probeMetadata('127.0.0.1', port);
      });
      if ((await backend.nodeState(layout, nodeId)) === 'stopped') {
        throw new BrokerError(`node ${nodeId} exited after its restart; see ${backend.logFiles(layout).join(', ')}`);
      }
      return outcome;
    },
    nodeState: (nodeId) => backend.nodeState(layout, nodeId),
    async activeController() {
      const servers = (await answering()).map((port) => `localhost:${port}`).join(',');
      const result = await backend.runTool(layout, 'kafka-metadata-quorum', ['--bootstrap-server', servers, 'describe', '--status'], {});
      const leader = /^LeaderId:\s+(\d+)$/m.exec(result.stdout)?.[1];
      if (result.exitCode !== 0 || leader === undefined) {
        throw new BrokerError(`kafka-metadata-quorum found no active controller: ${lastLine(result.stderr || result.stdout)}`);
      }
      return Number(leader);
    },
    async partition(topic, partition = 0) {
      for (const port of await answering()) {
        const view = await probeMetadata('127.0.0.1', port, 2000, [topic]).catch(() => null);
        const found = view?.topics.find((t) => t.name === topic)?.partitions.find((p) => p.partition === partition);
        if (found && found.errorCode !== UNKNOWN_TOPIC_OR_PARTITION) return { leader: found.leader, replicas: found.replicas, isr: found.isr };
      }
      throw new BrokerError(`no running node knows partition ${partition} of topic ${topic}`);
    },
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

const configRecord = (layout: Layout) => join(paths.layout(layout), 'broker-config.json');

/** The overrides the layout's broker was last started with ({} for the defaults). */
function recordedConfig(layout: Layout): BrokerConfig {
  return existsSync(configRecord(layout)) ? (JSON.parse(readFileSync(configRecord(layout), 'utf8')) as BrokerConfig) : {};
}

const sameConfig = (a: BrokerConfig, b: BrokerConfig) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Returns a healthy broker of the wanted layout and overrides: reuses one that is already running,
 * healthy and started with the same overrides, otherwise stops whatever layout runs and starts the
 * wanted one, waiting for a metadata round trip.
 */
export async function ensureBroker(options: BrokerOptions = {}): Promise<Broker> {
  const layout = layoutOf(options.nodes ?? 1);
  const config = options.config ?? {};
  checkBrokerConfig(config);
  // Labs that share the broker (lockBroker's `share`) call this at once: one checks or starts it at a time, the
  // others then find it running.
  await mkdir(labsHome(), { recursive: true });
  return withLockFile(join(labsHome(), 'broker-start.lock'), 'broker start', () => ensureBrokerNow(layout, config, options));
}

async function ensureBrokerNow(layout: Layout, config: BrokerConfig, options: BrokerOptions): Promise<Broker> {
  const log = options.log ?? stderrLog;
  const backend = await selectBackend();
  const running = await activeLayout(backend);
  const sameOverrides = sameConfig(recordedConfig(layout), config);
  if (running === layout && !options.fresh && sameOverrides && (await isHealthy(layout))) return handle(backend, layout);
  if (running) {
    log(`broker: stopping the running ${running} layout${running === layout && !sameOverrides ? ' (other overrides)' : ''}`);
    await backend.stop(running);
  }
  if (backend.name === 'jvm') await assertPortsFree(layout);
  const started = Date.now();
  const overrides = Object.entries(config).map(([k, v]) => `${k}=${v}`);
  log(
    `broker: starting Kafka ${KAFKA_VERSION} (${layout}, ${LAYOUTS[layout].length} node(s), ${backend.name} backend` +
      `${overrides.length ? `, overrides: ${overrides.join(' ')}` : ''})`,
  );
  await backend.start(layout, { log, fresh: options.fresh, config });
  await mkdir(paths.layout(layout), { recursive: true });
  await writeFile(configRecord(layout), `${JSON.stringify(config)}\n`);
  await waitUntilHealthy(backend, layout);
  log(`broker: ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return handle(backend, layout);
}

async function waitUntilHealthy(backend: Backend, layout: Layout): Promise<void> {
  const { retry } = await zx();
  const outcome = await retry(READY_TIMEOUT_MS / PROBE_INTERVAL_MS, PROBE_INTERVAL_MS, async () => {
    if (await isHealthy(layout)) return 'ready';
    if (backend.name === 'jvm' && (await backend.processes(layout)).length < LAYOUTS[layout].length) return 'exited';
    throw new Error('not ready yet');
  }).catch(() => 'timeout');
  if (outcome === 'ready') return;
  await backend.stop(layout);
  throw new BrokerError(
    outcome === 'exited'
      ? `the broker exited during start-up; see ${backend.logFiles(layout).join(', ')}`
      : `the broker did not become ready within ${READY_TIMEOUT_MS / 1000}s`,
  );
}

async function assertPortsFree(layout: Layout): Promise<void> {
  for (const node of LAYOUTS[layout]) {
    for (const listener of node.listeners) {
      if (!(await portIsFree(listener.port))) {
        const holder = portHolder(listener.port);
        throw new BrokerError(
          `port ${listener.port} is already in use${holder ? ` by ${holder}` : ''} (${listener.name} listener of node ${node.id}); free it and try again`,
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

/** One node of the running layout: its id, state and PLAINTEXT address. */
export interface NodeStatus {
  id: number;
  state: NodeState;
  address: string;
}

export interface BrokerStatus {
  backend: Backend['name'];
  layout: Layout | null;
  healthy: boolean;
  processes: (number | string)[];
  /** Every node of the running layout, stopped ones included; empty when none runs. */
  nodes: NodeStatus[];
  logFiles: string[];
  logDir: string | null;
}

/** What runs: the layout with at least one live node (found by pid file or, on the jvm backend, in /proc), its nodes and health. */
export async function brokerStatus(): Promise<BrokerStatus> {
  const backend = await selectBackend();
  const layout = await activeLayout(backend);
  return {
    backend: backend.name,
    layout,
    healthy: layout ? await isHealthy(layout) : false,
    processes: layout ? await backend.processes(layout) : [],
    nodes: layout
      ? await Promise.all(LAYOUTS[layout].map(async ({ id }) => ({ id, state: await backend.nodeState(layout, id), address: nodeAddress(layout, id) })))
      : [],
    logFiles: layout ? backend.logFiles(layout) : [],
    logDir: layout ? backend.logDir(layout, 1) : null,
  };
}


/**
 * The handle of the 3-node cluster while a node of it runs (started by `up --nodes 3`, a lab or a node restart), or,
 * with no broker running at all, of the cluster last started here, so that a node restart starts it again; a
 * BrokerError when another layout runs or no cluster was ever started.
 */
export async function runningCluster(): Promise<Broker> {
  const backend = await selectBackend();
  const layout = await activeLayout(backend);
  if (layout === null && existsSync(configRecord('cluster'))) return handle(backend, 'cluster');
  if (layout !== 'cluster') {
    throw new BrokerError(`no 3-node cluster is running${layout ? ` (the ${layout} layout is)` : ''}; start it with pnpm broker up --nodes 3`);
  }
  return handle(backend, layout);
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
