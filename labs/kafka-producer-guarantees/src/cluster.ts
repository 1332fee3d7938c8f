// What the run scripts of the 3-node labs share: topics placed on chosen replicas, the lab producer fed one event at a
// time, leader and ISR snapshots, and every replica's segment dumped. The graders read what these write (replicas.ts).
import { readFileSync } from 'node:fs';
import type { Broker, PartitionState } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { until, type Child, type Lab } from '@kafka-labs/lab-kit';
import { PRODUCER_CLI } from '@kafka-labs/producer';
import { CLUSTER_MESSAGES } from './cluster-messages.ts';
import { CLUSTER_FILE, describeReplicas, dumpFile, NODES, parseOffsets, replicaRecords, TRUNCATION_FILE, type PartitionMoment } from './replicas.ts';

/** A producer's start (tsx and the native client) takes seconds, and tens of them on a loaded machine. */
const START_MS = 120_000;
/** A delivery report takes at most message.timeout.ms (3 s in most of these labs) after the client has connected. */
const RESULT_MS = 60_000;
/** Failover and restart bounds: a leader moves about 3 s after its node dies; a node's restart takes up to a minute under load. */
const CLUSTER_WAIT_MS = 90_000;

/** The lab's cluster, with the run-folder records the graders read. */
export interface ClusterRun {
  broker: Broker;
  /** Every node's address, for tools that must reach whichever node runs. */
  everyNode: string;
  /**
   * A step that chooses the partition leader L, a node that is not the active KRaft controller (so a failover of L needs
   * no controller election), says so in the transcript and records it in run.json (parameter and figure `leader`).
   */
  chooseLeader(): Promise<{ leader: number; followers: number[] }>;
  /** Creates each topic on its replicas (the first one leads) with `config`, and waits until all of them are in sync. */
  createTopics(assignments: Record<string, number[]>, config: string[]): Promise<void>;
  /**
   * Retries `test` every 100 ms until it holds (a throw counts as not yet; `seen` records the state for the failure);
   * fails the run naming `what` and the last state after 90 s.
   */
  waitFor(what: string, test: (seen: (state: string) => void) => Promise<boolean>): Promise<void>;
  /** Resolves once `test` holds for the partition 0 of every topic created. */
  waitForPartitions(what: string, test: (state: PartitionState) => boolean): Promise<void>;
  /** Appends every topic's leader, replicas and ISR under `moment` to cluster.jsonl and returns the lines. */
  snapshot(moment: string): Promise<string[]>;
  /** Starts the lab producer in stdin mode on `topic`, bootstrapping from `node` only, as `<name>.log` (not idempotent unless asked). */
  spawnProducer(name: string, topic: string, node: number, config: string[], options?: { idempotent?: boolean }): Child;
  /**
   * Sends `event` through a stdin-mode producer and resolves with its delivery result line; fails the run when none came
   * within `timeoutMs` (default 60 s: a producer of these labs gives a record up after 3 s).
   */
  send(producer: Child, event: string, options?: { timeoutMs?: number }): Promise<string>;
  /** Ends a stdin-mode producer's input and waits for its `producer: done`. */
  finish(producer: Child): Promise<void>;
  /**
   * The high watermark of partition 0 of each topic (kafka-get-offsets, latest): the offset below which every in-sync
   * replica has the records; the tool's output is saved as `saveAs` when given.
   */
  highWatermarks(topics: string[], saveAs?: string): Promise<Record<string, number>>;
  /**
   * The `Truncating to offset` lines of `node`'s server.log for partition 0 of the lab's topics, saved as truncation.txt;
   * returns them without their log4j prefix.
   */
  truncations(node: number): string[];
  /** Dumps partition 0 of `topic` on every node into dump-<name>-node<N>.txt; returns `node N: offset:payload ...` lines. */
  dumpReplicas(name: string, topic: string): Promise<string[]>;
}

/** The cluster helpers of one lab run; no node is left frozen or stopped however the run ends (Ctrl-C included). */
export function clusterRun(lab: Lab): ClusterRun {
  // A stop or kill still under way when the run ends (Ctrl-C) is awaited before the clean-up restarts what is gone.
  const signalling = new Set<Promise<void>>();
  const tracked = (act: (nodeId: number) => Promise<void>) => (nodeId: number) => {
    const done = act(nodeId).finally(() => signalling.delete(done));
    signalling.add(done);
    return done;
  };
  const broker: Broker = { ...lab.broker, stop: tracked(lab.broker.stop), kill: tracked(lab.broker.kill) };
  const everyNode = NODES.map((n) => broker.address(n)).join(',');
  const topics: string[] = [];
  const moments: string[] = [];
  lab.defer(async () => {
    await Promise.allSettled([...signalling]);
    for (const node of NODES) if ((await broker.nodeState(node)) === 'frozen') await broker.thaw(node);
    const gone = [];
    for (const node of NODES) if ((await broker.nodeState(node)) === 'stopped') gone.push(node);
    await Promise.all(gone.map((node) => broker.restart(node)));
  });
  const run: ClusterRun = {
    broker,
    everyNode,
    async chooseLeader() {
      const t = textsIn(CLUSTER_MESSAGES, lab.lang);
      lab.step(t.pickLeader());
      const controller = await broker.activeController();
      const leader = NODES.find((n) => n !== controller)!;
      const followers = NODES.filter((n) => n !== leader);
      lab.say(t.leaderChosen({ controller, leader, followers: followers.join(', ') }));
      lab.figure('leader', leader);
      lab.parameter('leader', leader);
      return { leader, followers };
    },
    async createTopics(assignments, config) {
      for (const [topic, replicas] of Object.entries(assignments)) {
        const configs = config.flatMap((c) => ['--config', c]);
        await lab.kafka`kafka-topics --bootstrap-server ${everyNode} --create --topic ${topic} --replica-assignment ${replicas.join(':')} ${configs}`;
        topics.push(topic);
      }
      await run.waitForPartitions('three in-sync replicas', (p) => p.isr.length === 3);
    },
    async waitFor(what, test) {
      const notYet = (err: Error, seen: (state: string) => void) => (seen(err.message.split('\n')[0]!), false);
      await until(what, (seen) => test(seen).catch((err: Error) => notYet(err, seen)), { within: CLUSTER_WAIT_MS, every: 100 });
    },
    waitForPartitions: (what, test) =>
      run.waitFor(what, async (seen) => {
        const states = await Promise.all(topics.map((t) => broker.partition(t)));
        seen(states.map((p) => `leader ${p.leader} isr ${p.isr.join(',')}`).join('; '));
        return states.every(test);
      }),
    async snapshot(moment) {
      const lines: string[] = [];
      for (const topic of topics) {
        const line: PartitionMoment = { moment, topic, ...(await broker.partition(topic)) };
        lines.push(JSON.stringify(line));
      }
      moments.push(...lines);
      lab.writeFile(CLUSTER_FILE, `${moments.join('\n')}\n`);
      return lines;
    },
    spawnProducer: (name, topic, node, config, { idempotent = false } = {}) =>
      lab.spawnTs(name, PRODUCER_CLI, [topic, String(idempotent), 'stdin', `bootstrap.servers=${broker.address(node)}`, ...config]),
    async send(producer, event, { timeoutMs = RESULT_MS } = {}) {
      await producer.waitForLine(/^producer: topic /, { timeoutMs: START_MS });
      const after = producer.lines.length;
      producer.process.stdin.write(`${event}\n`);
      const result = new RegExp(`^\\s*\\d+\\.\\ds ${event} result: `);
      return (await producer.waitForLine(result, { timeoutMs, after })).trim();
    },
    async finish(producer) {
      producer.process.stdin.end();
      await producer.waitForLine(/^producer: done$/, { timeoutMs: RESULT_MS });
    },
    async highWatermarks(wanted, saveAs) {
      const pattern = `(${wanted.join('|')})`;
      const out = await lab.kafka(saveAs ? { saveAs } : {})`kafka-get-offsets --bootstrap-server ${everyNode} --topic ${pattern}`;
      return parseOffsets(out.stdout);
    },
    truncations(node) {
      const serverLog = broker.serverLog(node);
      const lines = serverLog
        ? readFileSync(serverLog, 'utf8').split('\n').filter((line) => / Truncating to offset /.test(line) && topics.some((t) => line.includes(`partition=${t}-0,`)))
        : [];
      lab.writeFile(TRUNCATION_FILE, `${lines.join('\n')}\n`);
      return lines.map((line) => line.replace(/^\[[^\]]+\] INFO /, ''));
    },
    async dumpReplicas(name, topic) {
      const lines: string[][] = [];
      for (const node of NODES) {
        const file = dumpFile(name, node);
        const out = await lab.kafka({ saveAs: file })`kafka-dump-log --files ${broker.segmentPath(topic, 0, node)} --print-data-log`;
        lines.push(replicaRecords(out.stdout, file));
      }
      return describeReplicas(lines);
    },
  };
  return run;
}
