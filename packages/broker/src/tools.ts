/**
 * Kafka's own command-line tools, by the names of their bin/*.sh scripts, with the main class
 * each script runs through kafka-run-class.sh in Kafka 4.3.
 */
export const TOOLS = {
  'kafka-topics': 'org.apache.kafka.tools.TopicCommand',
  'kafka-dump-log': 'org.apache.kafka.tools.DumpLogSegments',
  'kafka-get-offsets': 'org.apache.kafka.tools.GetOffsetShell',
  'kafka-console-producer': 'org.apache.kafka.tools.ConsoleProducer',
  'kafka-console-consumer': 'org.apache.kafka.tools.consumer.ConsoleConsumer',
  'kafka-consumer-groups': 'org.apache.kafka.tools.consumer.group.ConsumerGroupCommand',
  'kafka-transactions': 'org.apache.kafka.tools.TransactionsCommand',
  'kafka-metadata-quorum': 'org.apache.kafka.tools.MetadataQuorumCommand',
  'kafka-configs': 'kafka.admin.ConfigCommand',
  'kafka-leader-election': 'org.apache.kafka.tools.LeaderElectionCommand',
  'kafka-features': 'org.apache.kafka.tools.FeatureCommand',
} as const;

export type KafkaTool = keyof typeof TOOLS;

export function isKafkaTool(name: string): name is KafkaTool {
  return Object.hasOwn(TOOLS, name);
}

export interface ToolResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface ToolOptions {
  /** Text written to the tool's stdin (e.g. lines for kafka-console-producer); stdin is closed after it. */
  input?: string;
  /** Inherit the terminal instead of capturing output (interactive use from `pnpm kafka`). */
  interactive?: boolean;
}

/** A tool's command line on the active backend, for running it as a process (e.g. with zx's `$`). */
export interface ToolCommand {
  /** The program and its arguments: `node tool-client.mjs` (warm runner), `java ...` or `docker compose exec ...`. */
  argv: string[];
  /** Variables to add to the environment of the process. */
  env: Record<string, string>;
}
