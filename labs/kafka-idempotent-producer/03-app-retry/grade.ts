import { compactView } from '@kafka-labs/dumplog';
import { Checks } from '@kafka-labs/grader';
import { formatPid, parseClientEvent, type ClientEvent } from '@kafka-labs/kafka-client/producer-log';
import { expectDropped, expectResults, expectStored, readEvidence } from '@kafka-labs/kafka-idempotent-producer/evidence';

/** An idempotent producer still stores an event twice when the application re-sends it after a timed-out delivery. */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const ev = await readEvidence(runDir, ['producer']);
  const log = ev.producers.producer!;
  const events = log.client.map(parseClientEvent).filter((e): e is ClientEvent => e !== undefined);

  expectDropped(checks, 'responses-1-2-dropped', ev, [1, 2], "the answers to E-42 and to the client's retry of it");
  expectResults(
    checks,
    'timed-out-then-stored',
    log,
    [
      { event: 'E-42', error: '_MSG_TIMED_OUT' },
      { event: 'E-42', offset: 1 },
    ],
    'the first E-42 reported as failed although stored, the application\'s re-send stored at offset 1',
  );
  expectStored(checks, 'e42-stored-twice', ev, ['E-42', 'E-42'], 'the re-sent E-42 being a new message');

  const bumps = events.filter((e) => e.kind === 'pid-changed' && e.from !== null);
  const bump = bumps[0]?.kind === 'pid-changed' ? bumps[0] : undefined;
  checks.law({
    id: 'epoch-bumped',
    ok: bumps.length === 1 && bump!.to !== null && bump!.from!.id === bump!.to.id && bump!.from!.epoch === 0 && bump!.to.epoch === 1,
    expected: 'after the timeout the client kept its producer id and bumped the epoch from 0 to 1',
    found: `PID changes: ${bumps.map((b) => (b.kind === 'pid-changed' ? `${formatPid(b.from)} -> ${formatPid(b.to)}` : '')).join(', ') || 'none'}`,
    hint: "producer.log's NEWPID lines (debug=eos) show each producer id and epoch the client took",
    evidence: log.client.filter((l) => l.facility === 'NEWPID').map((l) => l.text),
  });

  const [first, second] = ev.batches;
  checks.law({
    id: 'dump-same-pid-new-epoch',
    ok:
      ev.batches.length === 2 &&
      first!.producerId !== -1 &&
      first!.producerId === second!.producerId &&
      first!.producerEpoch === 0 &&
      second!.producerEpoch === 1 &&
      first!.baseSequence === 0 &&
      second!.baseSequence === 0,
    expected:
      'the two E-42 batches have the same producerId, epochs 0 then 1, and baseSequence 0 each, so the broker took them for different batches',
    found: `batches: ${ev.batches.map((b) => `producerId ${b.producerId} epoch ${b.producerEpoch} seq ${b.baseSequence}`).join('; ') || 'none'}`,
    hint: 'a second send() of E-42 is a new message: the bumped epoch starts its sequence at 0 again',
    evidence: compactView(ev.batches),
  });

  checks.figure('storedRecords', ev.endOffset);
  return checks.grade();
}
