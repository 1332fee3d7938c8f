// What the graders of the 3-node labs share: every replica's records, leader and ISR at each moment of the run, and
// the producers' delivery reports. Everything here reads only the run folder (cluster.ts writes it).
import { dataBatches, parseDumpLog, parseLog4jLine } from '@kafka-labs/dumplog';
import { GradeError, is, readRunFile, readRunJsonLines, type ShapeOf } from '@kafka-labs/grader';
import { scanProducerLog, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import type { ClusterView, NodeAction } from '@kafka-labs/report/views';

export const NODES = [1, 2, 3] as const;
export const CLUSTER_FILE = 'cluster.jsonl';
/** librdkafka's error for a record that got no successful answer within message.timeout.ms. */
export const MSG_TIMED_OUT = '_MSG_TIMED_OUT';
/** librdkafka's text for the broker's NOT_ENOUGH_REPLICAS (error 19): the leader refused to append with too small an ISR. */
export const NOT_ENOUGH_REPLICAS = 'Broker: Not enough in-sync replicas';

/** `kafka-metadata-quorum describe --status`, saved by a run that needs the quorum's state. */
export const QUORUM_FILE = 'quorum.txt';

/** The active controller (`LeaderId`, undefined when absent) and the voters' ids of `kafka-metadata-quorum describe --status`. */
export function parseQuorum(text: string): { controller: number | undefined; voters: number[] } {
  const controller = /^LeaderId:\s+(\d+)$/m.exec(text)?.[1];
  const voters = /^CurrentVoters:\s+(.*)$/m.exec(text)?.[1] ?? '';
  return { controller: controller === undefined ? undefined : Number(controller), voters: [...voters.matchAll(/"id":\s*(\d+)/g)].map((m) => Number(m[1])) };
}

/** The `Truncating to offset` lines of a node's server.log for the lab's topics (cluster.ts writes them). */
export const TRUNCATION_FILE = 'truncation.txt';
/** The message of the broker's log4j INFO line as a replica cuts its log back, and the partition and offset it names. */
const TRUNCATION = /^\[UnifiedLog partition=(\S+), dir=[^\]]+\] Truncating to offset (\d+) /;

/** The offset `partition` was cut back to, read from lines of server.log's own shape (one log4j line each) in truncation.txt. */
export function truncatedTo(truncations: string, partition: string): number | undefined {
  for (const text of truncations.split('\n')) {
    const line = parseLog4jLine(text);
    const m = line?.level === 'INFO' ? TRUNCATION.exec(line.message) : null;
    if (m?.[1] === partition) return Number(m[2]);
  }
  return undefined;
}

/** The dump of partition 0 of a lab's topic `name` on one node. */
export const dumpFile = (name: string, node: number) => `dump-${name}-node${node}.txt`;

/** One line of cluster.jsonl: a partition's leader, replicas and ISR at a named moment of the run. */
/** A line of cluster.jsonl: a topic's partition 0 at a moment of the run. */
const partitionMoment = is.object({ moment: is.string, topic: is.string, leader: is.integer, replicas: is.array(is.integer), isr: is.array(is.integer) });
export type PartitionMoment = ShapeOf<typeof partitionMoment>;

/** A segment's records as `offset:payload` (`offset:null` for a null value), in log order; throws on a line that is not dump output. */
export function replicaRecords(dumpText: string, file: string): string[] {
  const dump = parseDumpLog(dumpText);
  const bad = dump.errors[0];
  if (bad) throw new GradeError(`${file} line ${bad.line} is not kafka-dump-log output (${bad.reason}): ${bad.text}`);
  return dataBatches(dump).flatMap((b) => b.records.map((r) => `${r.offset}:${r.payload ?? 'null'}`));
}

/** Every node's records of the lab's topic `name`, by node in NODES order. */
export function readReplicas(runDir: string, name: string): Promise<string[][]> {
  return Promise.all(
    NODES.map(async (node) => {
      const file = dumpFile(name, node);
      return replicaRecords(await readRunFile(runDir, file), file);
    }),
  );
}

/** `node N: 0:A 1:X` per replica, for messages and evidence. */
export const describeReplicas = (replicas: string[][]) =>
  replicas.map((records, i) => `node ${NODES[i]}: ${records.join(' ') || '(empty)'}`);

/** The leader and ISR snapshots of cluster.jsonl, each line shape-checked. */
export const readMoments = (runDir: string): Promise<PartitionMoment[]> => readRunJsonLines(runDir, CLUSTER_FILE, partitionMoment);

/** kafka-get-offsets output (`topic:0:1` lines) as partition 0's offset by topic. */
export function parseOffsets(text: string): Record<string, number> {
  return Object.fromEntries([...text.matchAll(/^(\S+):0:(\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]));
}

/**
 * A producer's `<name>.log`, read leniently: a line that is not the producer's is skipped (the shell that starts a child
 * can print one, e.g. a `pyenv: cannot rehash` warning from ~/.bashrc on a loaded machine).
 */
export async function readProducer(runDir: string, name: string): Promise<ProducerLog> {
  return scanProducerLog(await readRunFile(runDir, `${name}.log`));
}

/** The delivery report of `event`, if the producer printed one. */
export const resultOf = (log: ProducerLog, event: string) => log.results.find((r) => r.event === event);

/** What the producer was told about `event`: `X offset=1`, `X _MSG_TIMED_OUT` or `no report for X`. */
export function told(log: ProducerLog, event: string): string {
  const r = resultOf(log, event);
  return r ? (r.error ? `${event} ${r.error.name}` : `${event} offset=${r.offset}`) : `no report for ${event}`;
}

/** What a run did to its nodes just before each moment it recorded in cluster.jsonl, in order. */
export type Protocol = { name: string; events: { node: number; action: NodeAction }[] }[];

/** A topic's leader and ISR at each moment of `protocol` (null where the run recorded none), for a cluster picture. */
export const statesOf = (protocol: Protocol, moments: PartitionMoment[], topic: string): ClusterView['variants'][number]['states'] =>
  protocol.map(({ name }) => {
    const m = moments.find((x) => x.moment === name && x.topic === topic);
    return m ? { leader: m.leader, isr: m.isr } : null;
  });

/** One topic of a cluster picture: its producer's log, its replicas' records, and whether L cut it back. */
export interface PictureVariant {
  title: string;
  topic: string;
  event: string;
  log: ProducerLog;
  replicas: string[][];
  truncated: boolean;
}

/** The cluster picture of a run: each variant's leader and ISR at the moments of `protocol`, and where its `event` ended up. */
export function clusterView(protocol: Protocol, moments: PartitionMoment[], leader: number, variants: PictureVariant[], files: string[]): ClusterView {
  return {
    kind: 'cluster',
    files,
    nodes: [...NODES],
    moments: protocol,
    variants: variants.map((v) => {
      const r = resultOf(v.log, v.event);
      return {
        title: v.title,
        states: statesOf(protocol, moments, v.topic),
        record: {
          event: v.event,
          told: r ? (r.error ? r.error.name : `offset=${r.offset}`) : '-',
          acknowledged: r?.error === null && r.offset >= 0,
          keptOn: NODES.filter((_, i) => v.replicas[i]!.some((record) => record.slice(record.indexOf(':') + 1) === v.event)),
          truncatedOn: v.truncated ? [leader] : [],
        },
      };
    }),
  };
}
