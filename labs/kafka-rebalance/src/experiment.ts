// What the run scripts of this track share: workers as child processes whose log lines are parsed as they
// arrive, waits on what those logs say, and the files a grader reads (see evidence.ts for their names).
import { BOOTSTRAP } from '@kafka-labs/broker';
import { countDuplicates, formatReport } from '@kafka-labs/dups';
import { ChildError, until, watchLog, type Child, type Lab, type LogWatch } from '@kafka-labs/lab-kit';
import { FILL_CLI, JOIN_SIGNAL, WORKER_CLI } from '@kafka-labs/worker';
import { parseWorkerLine, type WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { textsIn } from '@kafka-labs/i18n';
import { FILES, first, partitionsOf, workerName } from './evidence.ts';
import { MESSAGES } from './messages.ts';

/** How long the workers may take to process every message before the run fails (a rebalance takes well under a second). */
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
 * partition is processed in offset order by its owner, so that means all of it, whichever workers owned it. A worker
 * that exits meanwhile fails the wait at once.
 */
export async function allProcessed(workers: Worker[], s: { partitions: number; messages: number }): Promise<void> {
  const last = s.messages / s.partitions - 1;
  const processed = (partition: number) => workers.some((w) => first(w.events(), 'processed', (e) => e.partition === partition && e.offset === last));
  await until(`every message of the ${s.partitions} partition(s) processed`, (seen) => {
    const gone = workers.find((w) => !w.child.running);
    if (gone) throw new ChildError(`${gone.name} exited before every message was processed: ${gone.child.lines.at(-1) ?? 'no output'}`);
    const left = partitionsOf(s.partitions).filter((p) => !processed(p));
    seen(`offset ${last} of ${left.map((p) => `p${p}`).join(', ')} not processed`);
    return left.length === 0;
  }, { within: WAIT_MS, every: 100 });
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

/**
 * The end of a variant, after its workers stopped: the duplicates over the workers' logs (saved as dups-<base>.json)
 * and the group's committed offsets as the broker reports them (offsets-<base>.txt), both shown in the transcript.
 */
export async function showOutcome(lab: Lab, names: { group: string; base: string; topic: string }, workers: Worker[]): Promise<void> {
  const t = textsIn(MESSAGES, lab.lang);
  const report = countDuplicates(workers.flatMap((w) => w.events()));
  lab.writeFile(FILES.dups(names.base), `${JSON.stringify(report, null, 2)}\n`);
  lab.show(t.dupsLabel(), formatReport(report).split('\n'));
  const { stdout: text } = await lab.kafka({ saveAs: FILES.offsets(names.base) })`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} \
    --describe --group ${names.group}`;
  const rows = parseGroupOffsets(text, names.group, names.topic);
  if (rows.size === 0) throw new Error(t.noOffsets({ group: names.group, last: text.trim().split('\n').at(-1) ?? '' }));
  const offsets = [...rows].sort(([x], [y]) => x - y).map(([p, row]) => `p${p}=${row.committed ?? '-'}`).join(' ');
  lab.show(t.offsetsLabel(), [offsets]);
}

/** Saves `kafka-consumer-groups --describe --members` of the group as members-<base>.txt and returns its table rows. */
export async function describeMembers(lab: Lab, names: { group: string; base: string }): Promise<string[]> {
  const { stdout: text } = await lab.kafka({ saveAs: FILES.members(names.base) })`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} \
    --describe --members --group ${names.group}`;
  return text.split('\n').filter((line) => line.trim() !== '');
}
