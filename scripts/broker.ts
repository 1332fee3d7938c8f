import { readFile } from 'node:fs/promises';
import { brokerStatus, ensureBroker, ensureJars, lockBroker, runningCluster, selectBackend, stopBroker } from '@kafka-labs/broker';
import { runMain, UsageError } from '@kafka-labs/cli';
import { parseBrokerCommand, USAGE } from './broker-command.ts';

/** What each node command leaves the node as, for its one line of output. */
const AFTER = { stop: 'stopped', kill: 'killed', freeze: 'frozen', thaw: 'thawed', restart: 'running again' } as const;

/**
 * `up` and `down` may restart or stop the broker under running labs: they wait for them (the broker lock, taken
 * exclusively), except when started by a holder of the lock (an exercise's solution in its lab run, a test that holds
 * it), which they act for.
 */
async function lockForChange(command: string): Promise<void> {
  await lockBroker(`pnpm broker ${command}`, (holder, pid) => console.error(`broker: waiting for ${holder} (pid ${pid}) to finish`));
}

await runMain('error', USAGE, async (argv) => {
  const parsed = parseBrokerCommand(argv);
  if (parsed.command === 'up' || parsed.command === 'down') await lockForChange(parsed.command);
  switch (parsed.command) {
    case 'up': {
      const broker = await ensureBroker({ nodes: parsed.nodes, fresh: parsed.fresh });
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
          ...status.nodes.map((n) => `node ${n.id}:    ${n.state.padEnd(8)} ${n.address}`),
          `data:      ${status.logDir ?? '-'}`,
          `logs:      ${status.logFiles.join(' ') || '-'}`,
        ].join('\n'),
      );
      return status.healthy ? 0 : 1;
    }
    case 'logs': {
      const status = await brokerStatus();
      if (status.logFiles.length === 0) throw new UsageError('no broker log to show (is a jvm broker running?)');
      for (const file of status.logFiles) {
        const text = await readFile(file, 'utf8');
        console.log(`== ${file}\n${text.trimEnd().split('\n').slice(-parsed.lines).join('\n')}`);
      }
      return 0;
    }
    case 'fetch':
      if ((await selectBackend()).name === 'jvm') await ensureJars((line) => console.error(line));
      return 0;
    default: {
      const cluster = await runningCluster();
      const outcome = await cluster[parsed.command](parsed.node);
      if (outcome === 'awaiting-quorum') {
        const states = await Promise.all([1, 2, 3].map(async (id) => ({ id, state: await cluster.nodeState(id) })));
        const next = states.find((n) => n.state === 'stopped')?.id;
        console.log(
          `broker: node ${parsed.node} started (${cluster.address(parsed.node)}); it answers once 2 of the 3 nodes run, their KRaft quorum` +
            (next === undefined ? '' : `: pnpm broker restart --node ${next}`),
        );
        return 0;
      }
      console.log(`broker: node ${parsed.node} ${AFTER[parsed.command]} (${cluster.address(parsed.node)})`);
      return 0;
    }
  }
});
