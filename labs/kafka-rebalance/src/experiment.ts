// What the run scripts of this track share: workers as child processes whose log lines are parsed as they
// arrive, waits on what those logs say, and the files a grader reads (see evidence.ts for their names).
import { BOOTSTRAP } from '@kafka-labs/broker';
import { countDuplicates, formatReport, type DuplicateReport } from '@kafka-labs/dups';
import { ChildError, spinWhile, watchLog, type Child, type Lab, type LogWatch } from '@kafka-labs/lab-kit';
import { FILL_CLI, JOIN_SIGNAL, WORKER_CLI } from '@kafka-labs/worker';
import { parseWorkerLine, type WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { FILES, first, ownedBy, partitionsOf, workerName, type EventOf } from './evidence.ts';

/** How long a wait on a worker's log may take before the run fails (a rebalance takes well under a second). */
const WAIT_MS = 90_000;

/** A worker process of a lab and its log, parsed line by line (lab-kit's `watchLog` with the worker's parser). */
export interface Worker extends LogWatch<WorkerEvent> {
  name: string;
  child: Child;
  /** Sends the join signal to a worker started with --join-on-signal. */
  join(): void;
}

/**
 * Starts `<base>-<member>` (its log: `<base>-<member>.log`) in `group` on `topic` with the given worker flags (the
 * client's defaults otherwise, heartbeat.interval.ms 3 s on the classic protocol, as in the article).
 */
export function spawnWorker(lab: Lab, names: { group: string; base: string; topic: string }, member: string, flags: string[]): Worker {
  const name = workerName(names.base, member);
  const child = lab.spawnTs(name, WORKER_CLI, [
    '--name', name, '--group', names.group, '--topic', names.topic, '--bootstrap', BOOTSTRAP.host, ...flags,
  ]);
  return {
    ...watchLog(child, parseWorkerLine),
    name,
    child,
    join() {
      process.kill(child.pid, JOIN_SIGNAL);
    },
  };
}

/**
 * Waits until, for every partition of the topic, some worker processed its last offset (`perPartition` - 1): each
 * partition is processed in offset order by its owner, so that means all of it. Follows a partition that changes owner.
 */
export function allProcessed(workers: Worker[], s: { partitions: number; messages: number }): Promise<void> {
  return spinWhile(`waiting until every message of the ${s.partitions} partition(s) is processed`, () => processedToTheEnd(workers, s));
}

async function processedToTheEnd(workers: Worker[], s: { partitions: number; messages: number }): Promise<void> {
  const end = s.messages / s.partitions;
  for (const partition of partitionsOf(s.partitions)) {
    const what = `processed p${partition} offset ${end - 1}`;
    const last = (e: EventOf<'processed'>) => e.partition === partition && e.offset === end - 1;
    const done = () => workers.some((w) => first(w.events(), 'processed', last));
    const deadline = Date.now() + WAIT_MS;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`no worker ${what} within ${WAIT_MS / 1000} s`);
      const owner = workers.find((w) => ownedBy(w.events()).has(partition));
      if (owner) await owner.until(what, () => done() || !ownedBy(owner.events()).has(partition), deadline - Date.now());
      // Between a revoke and the next assignment nobody owns it: wait for the next line of any worker (briefly each
      // time). A worker that exits, or Ctrl-C, ends the wait with its error: only the brief timeout is expected.
      else {
        await Promise.race(
          workers.map((w) =>
            w.child.waitForLine(/^/, { after: w.child.lines.length, timeoutMs: 1000 }).catch((error: unknown) => {
              if (!(error instanceof ChildError && error.timedOut)) throw error;
            }),
          ),
        );
      }
    }
  }
}

/** Stops the workers together (SIGTERM: each finishes its message in hand, leaves the group, exits 0). */
export async function stopWorkers(workers: Worker[]): Promise<void> {
  const codes = await Promise.all(workers.map((w) => w.child.stop()));
  const failed = workers.filter((_, i) => codes[i] !== 0);
  if (failed.length) throw new Error(`worker ${failed.map((w) => w.name).join(', ')} exited with code ${codes.filter((c) => c !== 0).join(', ')}`);
}

/** Starts the round-robin producer as `<base>-fill` (its log: `<base>-fill.log`): `messages` to `partitions`, one every `intervalSec`. */
export function startStream(lab: Lab, base: string, topic: string, s: { messages: number; partitions: number; intervalSec: number }): Child {
  return lab.spawnTs(`${base}-fill`, FILL_CLI, [
    '--bootstrap', BOOTSTRAP.host, '--topic', topic, '--count', String(s.messages), '--partitions', String(s.partitions),
    '--interval', String(s.intervalSec),
  ]);
}

/** Waits for the producer to exit and throws unless it exited 0 (every message delivered). */
export async function streamDone(fill: Child): Promise<void> {
  const code = await fill.exited;
  if (code !== 0) throw new Error(`the producer exited with code ${code}: ${fill.lines.at(-1)}`);
}

/** Saves `kafka-consumer-groups --describe` of the group as offsets-<base>.txt and returns committed offsets by partition. */
export async function describeGroup(lab: Lab, names: { group: string; base: string; topic: string }): Promise<Map<number, number | null>> {
  const { stdout: text } = await lab.kafka({ saveAs: FILES.offsets(names.base) })`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} \
    --describe --group ${names.group}`;
  const rows = parseGroupOffsets(text, names.group, names.topic);
  if (rows.size === 0) throw new Error(`kafka-consumer-groups shows no offsets for ${names.group}: ${text.trim().split('\n').at(-1)}`);
  return new Map([...rows].map(([p, row]) => [p, row.committed]));
}

/** Saves `kafka-consumer-groups --describe --members` of the group as members-<base>.txt and returns its table rows. */
export async function describeMembers(lab: Lab, names: { group: string; base: string }): Promise<string[]> {
  const { stdout: text } = await lab.kafka({ saveAs: FILES.members(names.base) })`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} \
    --describe --members --group ${names.group}`;
  return text.split('\n').filter((line) => line.trim() !== '');
}

/** Counts duplicates over the workers' logs, saves the report as dups-<base>.json and returns it. */
export function saveDups(lab: Lab, base: string, workers: Worker[]): DuplicateReport {
  const report = countDuplicates(workers.flatMap((w) => w.events()));
  lab.writeFile(FILES.dups(base), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

/** The dups report as transcript lines. */
export const reportLines = (report: DuplicateReport) => formatReport(report).split('\n');

/** Committed offsets as one transcript line: `p0=500 p1=500`. */
export const offsetsLine = (offsets: Map<number, number | null>) =>
  [...offsets].sort(([x], [y]) => x - y).map(([p, o]) => `p${p}=${o ?? '-'}`).join(' ');

