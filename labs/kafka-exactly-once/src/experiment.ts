// What the run scripts of this track share: the txn-worker and txn-producer as children with their logs parsed as
// they arrive, reads of a topic at either isolation level, kafka-transactions waits, and the files graders read
// (see evidence.ts for their names).
import { BOOTSTRAP } from '@kafka-labs/broker';
import { compactView, parseDumpLog, parseGroupOffsets, parseTransactionStates, type TransactionState } from '@kafka-labs/dumplog';
import { ChildError, watchLog, type Child, type Lab, type LogWatch } from '@kafka-labs/lab-kit';
import { readTopic, RESUME_SIGNAL, TXN_PRODUCER_CLI, TXN_WORKER_CLI } from '@kafka-labs/txn-worker';
import { formatRead, formatTxnEvent, parseTxnLine, type IsolationLevel, type TopicRead, type TxnEvent, type TxnEventKind } from '@kafka-labs/kafka-client/txn-log';
import { eventIdOf, FILES, groupOffsetsFile } from './evidence.ts';

/** A txn-worker or txn-producer process of a lab and its log, parsed line by line. */
export interface TxnProcess extends LogWatch<TxnEvent> {
  name: string;
  child: Child;
}

const spawnTxn = (lab: Lab, cli: string, name: string, args: string[]): TxnProcess => {
  const child = lab.spawnTs(name, cli, ['--name', name, '--bootstrap', BOOTSTRAP.host, ...args]);
  return { name, child, ...watchLog(child, parseTxnLine) };
};

/** Starts a txn-worker (`--name`, `--bootstrap` are set); its log goes to `<name>.log`. */
export const spawnTxnWorker = (lab: Lab, name: string, args: string[]) => spawnTxn(lab, TXN_WORKER_CLI, name, args);

/** Starts a txn-producer (`--name`, `--bootstrap` are set); its log goes to `<name>.log`. */
export const spawnTxnProducer = (lab: Lab, name: string, args: string[]) => spawnTxn(lab, TXN_PRODUCER_CLI, name, args);

/** A process's events of `kinds` as transcript lines: `13:25:26.162 produced E-0004 to p0 offset 3`. */
export function logLines(p: TxnProcess, kinds: TxnEventKind[]): string[] {
  return p.events().filter((e) => kinds.includes(e.kind)).map((e) => `${e.time.slice(11, 23)} ${formatTxnEvent(e).slice(e.time.length + e.worker.length + 2)}`);
}

/** Waits for a process to exit and fails the run unless its exit code is `expected`. */
export async function exitedWith(p: TxnProcess, expected = 0): Promise<void> {
  const code = await p.child.exited;
  if (code !== expected) throw new ChildError(`${p.name} exited with code ${code}, not ${expected}: ${p.child.lines.at(-1) ?? 'no output'}`);
}

/** Reads `topic` at `isolation` from the beginning to its end for that level, saves it as FILES.read(isolation, scope) and returns it. */
export async function saveRead(lab: Lab, topic: string, isolation: IsolationLevel, scope?: string): Promise<TopicRead> {
  const read = await readTopic({ topic, isolation, bootstrap: BOOTSTRAP.host });
  lab.writeFile(FILES.read(isolation, scope), formatRead(read));
  return read;
}

/** A read as transcript lines: `p0 offset 6 E-0001 (by a1)` per record, then where each partition ended. */
export function readLines(read: TopicRead): string[] {
  return [
    ...read.records.map((r) => `p${r.partition} offset ${r.offset} ${eventIdOf(r.value)}`),
    ...read.ends.map((e) => `(end of p${e.partition} at ${e.offset})`),
  ];
}

const STATE_WAIT_MS = 60_000;
const STATE_POLL_MS = 200;

/**
 * Describes `transactionalId` with kafka-transactions until its state is one of `states` (bounded), saves that
 * answer as `file` and returns its row.
 */
export async function awaitTransactionState(lab: Lab, transactionalId: string, states: string[], file: string = FILES.transactions()): Promise<TransactionState> {
  const deadline = Date.now() + STATE_WAIT_MS;
  let seen = 'no answer';
  for (;;) {
    const out = await lab.kafka`kafka-transactions --bootstrap-server ${BOOTSTRAP.tools} describe --transactional-id ${transactionalId}`.nothrow();
    const row = parseTransactionStates(out.stdout).find((r) => r.transactionalId === transactionalId);
    if (row && states.includes(row.state)) {
      lab.writeFile(file, out.stdout);
      return row;
    }
    seen = row?.state ?? (out.stderr.trim().split('\n').at(-1) || 'no row');
    if (Date.now() > deadline) throw new ChildError(`${transactionalId} did not reach ${states.join(' or ')} within ${STATE_WAIT_MS / 1000} s (last: ${seen})`, true);
    await new Promise((resolve) => setTimeout(resolve, STATE_POLL_MS));
  }
}

/** Dumps partition `partition` of `topic` with --print-data-log into `file` and returns its compact view. */
export async function dumpSegment(lab: Lab, topic: string, file: string = FILES.dump(), partition = 0): Promise<string[]> {
  const out = await lab.kafka({ saveAs: file })`kafka-dump-log --files ${lab.broker.segmentPath(topic, partition)} --print-data-log`;
  return compactView(parseDumpLog(out.stdout).batches);
}

/**
 * Reads the first `count` records of `topic` p0 with the Java console consumer (no group) at its default isolation
 * level or read_committed; saves its output as FILES.console. (`--max-messages`, not `--timeout-ms`: a consumer
 * ended by its timeout leaves threads behind in the warm tool runner, which then retires.)
 */
export async function consoleRead(lab: Lab, topic: string, isolation: 'default' | 'read_committed', count: number): Promise<string> {
  const level = isolation === 'default' ? [] : ['--isolation-level', isolation];
  const out = await lab.kafka({ saveAs: FILES.console(isolation) })`kafka-console-consumer --bootstrap-server ${BOOTSTRAP.tools} --topic ${topic} --partition 0 --offset earliest --max-messages ${count} ${level} --formatter-property print.offset=true`;
  return out.stdout;
}

/** Sends a paused txn-worker RESUME_SIGNAL: it logs `resumed` and goes on from where it paused. */
export const resume = (p: TxnProcess) => process.kill(p.child.pid, RESUME_SIGNAL);

/**
 * kafka-consumer-groups --describe of `group`, saved as groupOffsetsFile(scope): the committed offset of `topic`
 * p0, null when there is none (a group that never committed does not exist for the tool).
 */
export async function saveGroupOffset(lab: Lab, group: string, topic: string, scope: string): Promise<number | null> {
  const out = await lab.kafka({ saveAs: groupOffsetsFile(scope) })`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} --describe --group ${group}`.nothrow();
  return parseGroupOffsets(out.stdout, group, topic).get(0)?.committed ?? null;
}
