import { readFile } from 'node:fs/promises';
import { brokerStatus, ensureBroker, ensureJars, selectBackend, stopBroker } from '@kafka-labs/broker';
import { parseCommand, runMain, UsageError } from '@kafka-labs/cli';

const USAGE = `usage: pnpm broker <up|down|status|logs|fetch> [--nodes 1|3] [--fresh]

  up       start Kafka 4.3.1 (reuses a healthy running broker); --nodes 3 for the replication cluster,
           --fresh to wipe its data first
  down     stop every broker process
  status   backend, layout, health, processes, data directory
  logs     print the end of each node's server log (--lines N, default 50)
  fetch    resolve Kafka's jars from Maven Central into the cache folder (jvm backend; done once)`;

const FLAGS = {
  nodes: { kind: 'choice', choices: ['1', '3'], default: '1', help: 'broker nodes' },
  fresh: { kind: 'boolean', help: 'wipe the data first' },
  lines: { kind: 'number', min: 1, integer: true, default: 50, help: 'log lines per node' },
} as const;

await runMain('error', USAGE, async (argv) => {
  const { positionals, flags } = parseCommand(FLAGS, argv);
  const [command] = positionals;
  switch (command) {
    case 'up': {
      const broker = await ensureBroker({ nodes: flags.nodes === '3' ? 3 : 1, fresh: flags.fresh });
      console.log(`broker: up (${broker.layout}, ${broker.backend} backend, data in ${broker.logDir()})`);
      return 0;
    }
    case 'down':
      await stopBroker();
      return 0;
    case 'status': {
      const status = await brokerStatus();
      console.log(
        [
          `backend:   ${status.backend}`,
          `layout:    ${status.layout ?? 'none running'}`,
          `healthy:   ${status.healthy}`,
          `processes: ${status.processes.join(' ') || '-'}`,
          `data:      ${status.logDir ?? '-'}`,
          `logs:      ${status.logFiles.join(' ') || '-'}`,
        ].join('\n'),
      );
      return status.healthy ? 0 : 1;
    }
    case 'logs': {
      const lines = flags.lines;
      const status = await brokerStatus();
      if (status.logFiles.length === 0) throw new UsageError('no broker log to show (is a jvm broker running?)');
      for (const file of status.logFiles) {
        const text = await readFile(file, 'utf8');
        console.log(`== ${file}\n${text.trimEnd().split('\n').slice(-lines).join('\n')}`);
      }
      return 0;
    }
    case 'fetch':
      if ((await selectBackend()).name === 'jvm') await ensureJars((line) => console.error(line));
      return 0;
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  }
});
