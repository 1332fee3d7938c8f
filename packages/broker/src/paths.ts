import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const KAFKA_VERSION = '4.3.1';

/** Root of everything the broker keeps outside the repo: jars, data dirs, pid and log files. */
export function labsHome(): string {
  if (process.env.KAFKA_LABS_HOME) return process.env.KAFKA_LABS_HOME;
  const cache = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  return join(cache, 'kafka-labs');
}

export const paths = {
  jars: () => join(labsHome(), `kafka-${KAFKA_VERSION}`, 'libs'),
  /** State of one cluster layout (single or cluster): node data dirs, configs, logs, pid files. */
  layout: (layout: string) => join(labsHome(), 'broker', layout),
  /** The warm tool runners: their jar, sockets, pid files and logs. */
  toolRunner: () => join(labsHome(), 'tool-runner'),
  /** Class-data-sharing archives of the broker and tool JVMs. */
  classData: () => join(labsHome(), 'class-data'),
  pom: () => fileURLToPath(new URL('../maven/pom.xml', import.meta.url)),
  configDir: () => fileURLToPath(new URL('../config/', import.meta.url)),
  runnerSource: () => fileURLToPath(new URL('../java/ToolRunner.java', import.meta.url)),
  toolClient: () => fileURLToPath(new URL('./tool-client.mjs', import.meta.url)),
  composeFile: () => fileURLToPath(new URL('../../../compose.yaml', import.meta.url)),
};
