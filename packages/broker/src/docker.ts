import type { Backend } from './backend.ts';
import { BrokerError } from './errors.ts';
import { paths } from './paths.ts';
import { lastLine, shell } from './process.ts';
import type { KafkaTool, ToolOptions } from './tools.ts';
import { type Layout, LAYOUTS } from './topology.ts';

/** Services of compose.yaml per layout; the cluster's services are in the `cluster` profile. */
const SERVICES: Record<Layout, string[]> = {
  single: ['kafka'],
  cluster: LAYOUTS.cluster.map((n) => `kafka-${n.id}`),
};

function composeArgv(layout: Layout, args: string[]): string[] {
  const profile = layout === 'cluster' ? ['--profile', 'cluster'] : [];
  return ['docker', 'compose', '-f', paths.composeFile(), ...profile, ...args];
}

async function compose(layout: Layout, args: string[], options: ToolOptions = {}) {
  const $ = await shell(options.interactive ? { stdio: 'inherit' } : { input: options.input ?? '' });
  const result = await $`${composeArgv(layout, args)}`;
  return { exitCode: result.exitCode ?? 1, stdout: result.stdout, stderr: result.stderr };
}

const toolArgv = (layout: Layout, tool: KafkaTool, args: string[]) =>
  ['exec', '-T', SERVICES[layout][0]!, `/opt/kafka/bin/${tool}.sh`, ...args];

/** Runs the apache/kafka image through the repo's compose.yaml; tools run inside the first node's container. */
export const dockerBackend: Backend = {
  name: 'docker',

  async start(layout: Layout, { log, fresh }) {
    if (fresh) await compose(layout, ['down', '--volumes']);
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

  runTool(layout: Layout, tool: KafkaTool, args: string[], options: ToolOptions) {
    return compose(layout, toolArgv(layout, tool, args), options);
  },

  async toolCommand(layout: Layout, tool: KafkaTool, args: string[]) {
    return { argv: composeArgv(layout, toolArgv(layout, tool, args)), env: {} };
  },
};
