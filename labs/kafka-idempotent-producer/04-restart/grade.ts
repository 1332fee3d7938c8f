import { compactView } from '@kafka-labs/dumplog';
import { Checks } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { formatPid, parseClientEvent, type Pid, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { batchAt, expectDropped, expectResults, expectStored, readEvidence, sequenceView, type Evidence } from '@kafka-labs/kafka-idempotent-producer/evidence';
import { MESSAGES } from './messages.ts';

const PRODUCERS = { killed: 'producer-killed', restarted: 'producer-restarted' } as const;

/** The producer id a process was given, from its `Acquired PID{...}` line. */
const acquiredPid = (log: ProducerLog): Pid | null => {
  for (const line of log.client) {
    const event = parseClientEvent(line);
    if (event?.kind === 'pid-acquired') return event.pid;
  }
  return null;
};

/**
 * The producer id of the Produce request whose answer the proxy dropped: the killed process's, from the proxy's log,
 * which outlives it (the killed process's own log may end before its PID line).
 */
const droppedProducerId = (ev: Evidence): number | null =>
  ev.proxyEvents.find((e) => e.action === 'response-dropped' && e.apiName === 'Produce')?.produce?.partitions[0]?.producerId ?? null;

/** A process restarted after a crash is a new idempotent producer: its re-send of E-42 is stored beside the first copy. */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const ev = await readEvidence(runDir, Object.values(PRODUCERS));
  const killed = ev.producers[PRODUCERS.killed]!;
  const restarted = ev.producers[PRODUCERS.restarted]!;

  expectDropped(checks, 'response-1-dropped', ev, [1], t.droppedWhy());
  checks.law({
    id: 'killed-without-answer',
    ok: killed.results.length === 0 && !killed.done,
    expected: t.killedExpected(),
    found: t.killedFound({ results: killed.results.length, done: killed.done }),
    hint: t.killedHint(),
  });
  expectResults(checks, 'restart-stored-at-1', restarted, [{ event: 'E-42', offset: 1 }], t.resultsWhy());
  expectStored(checks, 'e42-stored-twice', ev, ['E-42', 'E-42'], t.storedWhy());

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
    expected: t.twoPidsExpected(),
    found: t.batchesFound({ batches: ev.batches.map((b) => `producerId ${b.producerId} seq ${b.baseSequence}`).join('; ') || t.none() }),
    hint: t.twoPidsHint(),
    evidence: compactView(ev.batches),
  });

  const pids = { killed: droppedProducerId(ev), restarted: acquiredPid(restarted) };
  const at0 = batchAt(ev, 0);
  const at1 = batchAt(ev, 1);
  checks.law({
    id: 'one-pid-per-process',
    ok: pids.killed !== null && pids.restarted !== null && at0?.producerId === pids.killed && at1?.producerId === pids.restarted.id,
    expected: t.onePidExpected(),
    found: t.onePidFound({
      killed: pids.killed === null ? t.noDroppedProduce() : String(pids.killed),
      restarted: formatPid(pids.restarted),
      at0: String(at0?.producerId ?? '?'),
      at1: String(at1?.producerId ?? '?'),
    }),
    hint: t.onePidHint(),
    evidence: compactView(ev.batches),
  });

  checks.figure('storedRecords', ev.endOffset);
  checks.view(sequenceView(ev));
  return checks.grade();
}
