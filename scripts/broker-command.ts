import { parseCommand, UsageError } from '@kafka-labs/cli';

export const USAGE = `usage: pnpm broker <up|down|status|logs|fetch> [--nodes 1|3] [--fresh]
       pnpm broker <stop|kill|freeze|thaw|restart> --node 1|2|3

  up       start Kafka 4.3.1 (reuses a healthy running broker); --nodes 3 for the replication cluster,
           --fresh to wipe its data first
  down     stop every broker process
  status   backend, layout, health, each node's state (running, frozen, stopped) and address, data directory
  logs     print the end of each node's server log (--lines N, default 50)
  fetch    resolve Kafka's jars from Maven Central into the cache folder (jvm backend; done once)

One node of the running 3-node cluster:
  stop     a clean shutdown (SIGTERM: the controller moves its leaderships away first)
  kill     SIGKILL: no shutdown at all
  freeze   SIGSTOP: it keeps its sockets and answers nothing (docker: pause)
  thaw     SIGCONT: a frozen node runs on (docker: unpause)
  restart  start a stopped or killed node again on its data dir, with the overrides of its last start`;

const FLAGS = {
  nodes: { kind: 'choice', choices: ['1', '3'], default: '1', help: 'broker nodes' },
  fresh: { kind: 'boolean', help: 'wipe the data first' },
  lines: { kind: 'number', min: 1, integer: true, default: 50, help: 'log lines per node' },
  node: { kind: 'choice', choices: ['1', '2', '3'], help: 'the cluster node a node command acts on' },
} as const;

export const NODE_ACTIONS = ['stop', 'kill', 'freeze', 'thaw', 'restart'] as const;
export type NodeCommand = (typeof NODE_ACTIONS)[number];
const LAYOUT_COMMANDS = ['up', 'down', 'status', 'logs', 'fetch'] as const;

/** A parsed `pnpm broker` command line. */
export type BrokerCommand =
  | { command: (typeof LAYOUT_COMMANDS)[number]; nodes: 1 | 3; fresh: boolean; lines: number }
  | { command: NodeCommand; node: number };

const isOneOf = <T extends string>(list: readonly T[], word: string | undefined): word is T => (list as readonly string[]).includes(word ?? '');

/** Parses `pnpm broker` arguments; a UsageError with one line for a missing or unknown command, or --node where it does not belong or is missing. */
export function parseBrokerCommand(argv: string[]): BrokerCommand {
  const { positionals, flags } = parseCommand(FLAGS, argv);
  const [command, extra] = positionals;
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}' (see --help)`);
  if (isOneOf(NODE_ACTIONS, command)) {
    if (flags.node === undefined) throw new UsageError(`${command} needs --node 1|2|3`);
    return { command, node: Number(flags.node) };
  }
  if (isOneOf(LAYOUT_COMMANDS, command)) {
    if (flags.node !== undefined) throw new UsageError(`--node is for ${NODE_ACTIONS.join(', ')}, not ${command}`);
    return { command, nodes: flags.nodes === '3' ? 3 : 1, fresh: flags.fresh, lines: flags.lines };
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
}
