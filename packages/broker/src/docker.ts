import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Backend, NodeAction } from './backend.ts';
import { BrokerError } from './errors.ts';
import { paths } from './paths.ts';
import { lastLine, shell } from './process.ts';
import type { BrokerConfig } from './server-config.ts';
import type { KafkaTool, ToolOptions } from './tools.ts';
import { type Layout, LAYOUTS } from './topology.ts';

/** Services of compose.yaml per layout; the cluster's services are in the `cluster` profile. */
const SERVICES: Record<Layout, string[]> = {
  single: ['kafka'],
  cluster: LAYOUTS.cluster.map((n) => `kafka-${n.id}`),
};

const overrideFile = (layout: Layout) => join(paths.layout(layout), 'compose.override.json');

function composeArgv(layout: Layout, args: string[]): string[] {
  const profile = layout === 'cluster' ? ['--profile', 'cluster'] : [];
  const override = existsSync(overrideFile(layout)) ? ['-f', overrideFile(layout)] : [];
  return ['docker', 'compose', '-f', paths.composeFile(), ...override, ...profile, ...args];
}

/** A property as the apache/kafka image reads it from the environment: KAFKA_ + . → _, _ → __, - → ___. */
export function imageVariable(property: string): string {
  return `KAFKA_${property.replace(/_/g, '__').replace(/-/g, '___').replace(/\./g, '_').toUpperCase()}`;
}

/** A compose file (JSON is YAML) that adds the overrides to every service of the layout. */
export function composeOverride(layout: Layout, config: BrokerConfig): string {
  const environment = Object.fromEntries(Object.entries(config).map(([k, v]) => [imageVariable(k), v]));
  return `${JSON.stringify({ services: Object.fromEntries(SERVICES[layout].map((s) => [s, { environment }])) }, null, 2)}\n`;
}

async function compose(layout: Layout, args: string[], options: ToolOptions = {}) {
  const $ = await shell(options.interactive ? { stdio: 'inherit' } : options.input === undefined ? {} : { input: options.input });
  const result = await $`${composeArgv(layout, args)}`;
  return { exitCode: result.exitCode ?? 1, stdout: result.stdout, stderr: result.stderr };
}

function service(layout: Layout, nodeId: number): string {
  const name = layout === 'single' ? 'kafka' : `kafka-${nodeId}`;
  if (!SERVICES[layout].includes(name) || (layout === 'single' && nodeId !== 1)) throw new BrokerError(`the ${layout} layout has no node ${nodeId}`);
  return name;
}

const toolArgv = (layout: Layout, tool: KafkaTool, args: string[]) =>
  ['exec', '-T', SERVICES[layout][0]!, `/opt/kafka/bin/${tool}.sh`, ...args];

/** Runs the apache/kafka image through the repo's compose.yaml; tools run inside the first node's container. */
export const dockerBackend: Backend = {
  name: 'docker',

  async start(layout: Layout, { log, fresh, config }) {
    if (fresh) await compose(layout, ['down', '--volumes']);
    await mkdir(paths.layout(layout), { recursive: true });
    await writeFile(overrideFile(layout), composeOverride(layout, config));
    log(`broker: docker compose up ${SERVICES[layout].join(' ')}`);
    const result = await compose(layout, ['up', '--detach', ...SERVICES[layout]]);
    if (result.exitCode !== 0) throw new BrokerError(`docker compose up failed: ${lastLine(result.stderr)}`);
  },

  async stop(layout: Layout) {
    const result = await compose(layout, ['down', '--volumes']);
    if (result.exitCode !== 0) throw new BrokerError(`docker compose down failed: ${lastLine(result.stderr)}`);
  },

  async processes(layout: Layout) {
    const result = await compose(layout, ['ps', '--quiet', ...SERVICES[layout]]);
    return result.stdout.split('\n').filter(Boolean);
  },

  logFiles() {
    return [];
  },

  logDir() {
    return '/var/lib/kafka/data';
  },

  async signalNode(layout: Layout, nodeId: number, action: NodeAction) {
    const verb = ({ freeze: 'pause', thaw: 'unpause', kill: 'kill', stop: 'stop' } as const)[action];
    const result = await compose(layout, [verb, service(layout, nodeId)]);
    if (result.exitCode !== 0) throw new BrokerError(`docker compose ${verb} failed: ${lastLine(result.stderr)}`);
  },

  async restartNode(layout: Layout, nodeId: number) {
    const result = await compose(layout, ['start', service(layout, nodeId)]);
    if (result.exitCode !== 0) throw new BrokerError(`docker compose start failed: ${lastLine(result.stderr)}`);
  },

  async nodeState(layout: Layout, nodeId: number) {
    const state = (await compose(layout, ['ps', '--all', '--format', '{{.State}}', service(layout, nodeId)])).stdout.trim();
    return state === 'running' ? 'running' : state === 'paused' ? 'frozen' : 'stopped';
  },

  async unreadBytes() {
    // A paused container cannot be entered to read its socket table.
    throw new BrokerError('reading a node\'s sockets needs the jvm backend');
  },

  runTool(layout: Layout, tool: KafkaTool, args: string[], options: ToolOptions) {
    return compose(layout, toolArgv(layout, tool, args), options);
  },

  async toolCommand(layout: Layout, tool: KafkaTool, args: string[]) {
    return { argv: composeArgv(layout, toolArgv(layout, tool, args)), env: {} };
  },
};
