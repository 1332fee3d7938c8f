import type { BrokerConfig } from './server-config.ts';
import type { KafkaTool, ToolCommand, ToolOptions, ToolResult } from './tools.ts';
import type { Layout } from './topology.ts';

export type NodeAction = 'freeze' | 'thaw' | 'kill' | 'stop';
export type NodeState = 'running' | 'frozen' | 'stopped';

export interface StartOptions {
  log: (line: string) => void;
  /** Wipe the layout's data first, so the start includes formatting the storage. */
  fresh?: boolean;
  /** Extra server properties for every node. */
  config: BrokerConfig;
}

/** How a broker layout is started, stopped and inspected, and where Kafka's tools run. */
export interface Backend {
  name: 'jvm' | 'docker';
  /** Launches the layout's nodes and returns without waiting for them to be ready. */
  start(layout: Layout, options: StartOptions): Promise<void>;
  /** Stops every node of the layout and returns once no broker process of it is left. */
  stop(layout: Layout): Promise<void>;
  /** Process ids (jvm) or container ids (docker) of the layout's running nodes. */
  processes(layout: Layout): number[] | Promise<string[]>;
  logFiles(layout: Layout): string[];
  /** The data directory of a node as Kafka's tools on this backend see it. */
  logDir(layout: Layout, nodeId: number): string;
  /** Sends one node SIGSTOP (freeze), SIGCONT (thaw), SIGKILL (kill) or SIGTERM (stop: a controlled shutdown); kill and stop return once it is gone. */
  signalNode(layout: Layout, nodeId: number, action: NodeAction): Promise<void>;
  /** Starts a killed node again with the command line, and so the overrides, of its last start. */
  restartNode(layout: Layout, nodeId: number): Promise<void>;
  nodeState(layout: Layout, nodeId: number): Promise<NodeState>;
  /** Bytes received and not yet read on each of the node's TCP connections to `remotePort`. */
  unreadBytes(layout: Layout, nodeId: number, remotePort: number): Promise<number[]>;
  runTool(layout: Layout, tool: KafkaTool, args: string[], options: ToolOptions): Promise<ToolResult>;
  /** The command line that runs the tool with `args` as a process of its own. */
  toolCommand(layout: Layout, tool: KafkaTool, args: string[]): Promise<ToolCommand>;
}
