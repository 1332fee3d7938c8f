import { compactView } from '@kafka-labs/dumplog';
import { Checks } from '@kafka-labs/grader';
import { formatPid, parseClientEvent, type Pid, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { batchAt, expectDropped, expectResults, expectStored, readEvidence } from '@kafka-labs/kafka-idempotent-producer/evidence';

const PRODUCERS = { killed: 'producer-killed', restarted: 'producer-restarted' } as const;

/** The producer id a process was given, from its `Acquired PID{...}` line. */
const acquiredPid = (log: ProducerLog): Pid | null => {
  for (const line of log.client) {
    const event = parseClientEvent(line);
    if (event?.kind === 'pid-acquired') return event.pid;
  }
  return null;
};

/** A process restarted after a crash is a new idempotent producer: its re-send of E-42 is stored beside the first copy. */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const ev = await readEvidence(runDir, Object.values(PRODUCERS));
  const killed = ev.producers[PRODUCERS.killed]!;
  const restarted = ev.producers[PRODUCERS.restarted]!;

  expectDropped(checks, 'response-1-dropped', ev, [1], 'the answer to the first E-42, so its process died without one');
  checks.law({
    id: 'killed-without-answer',
    ok: killed.results.length === 0 && !killed.done,
    expected: 'the first process was killed before any delivery report',
    found: `results: ${killed.results.length}, finished: ${killed.done}`,
    hint: 'producer-killed.log must end without a result line: the process is killed while the answer is held back',
  });
  expectResults(checks, 'restart-stored-at-1', restarted, [{ event: 'E-42', offset: 1 }], 'the restarted process seeing one success');
  expectStored(checks, 'e42-stored-twice', ev, ['E-42', 'E-42'], 'the restarted process having no way to know E-42 was stored');

  const [first, second] = ev.batches;
  checks.law({
    id: 'two-producer-ids',
    ok:
      ev.batches.length === 2 &&
      first!.producerId !== -1 &&
      second!.producerId !== -1 &&
      first!.producerId !== second!.producerId &&
      first!.baseSequence === 0 &&
      second!.baseSequence === 0,
    expected: 'the two E-42 batches have different producerIds and baseSequence 0 each',
    found: `batches: ${ev.batches.map((b) => `producerId ${b.producerId} seq ${b.baseSequence}`).join('; ') || 'none'}`,
    hint: 'a restarted process gets a new producer id: the broker cannot tie its batch to the first one',
    evidence: compactView(ev.batches),
  });

  const pids = { killed: acquiredPid(killed), restarted: acquiredPid(restarted) };
  const at0 = batchAt(ev, 0);
  const at1 = batchAt(ev, 1);
  checks.law({
    id: 'one-pid-per-process',
    ok: pids.killed !== null && pids.restarted !== null && at0?.producerId === pids.killed.id && at1?.producerId === pids.restarted.id,
    expected: 'offset 0 carries the producer id of the killed process and offset 1 that of the restarted one',
    found:
      `killed: ${formatPid(pids.killed)}, restarted: ${formatPid(pids.restarted)}; ` +
      `dump: ${at0?.producerId ?? '?'} at 0, ${at1?.producerId ?? '?'} at 1`,
    hint: "each producer log's NEWPID line names its producer id; dump.txt shows which batch carries which",
    evidence: compactView(ev.batches),
  });

  checks.figure('storedRecords', ev.endOffset);
  return checks.grade();
}
