import { compactView } from '@kafka-labs/dumplog';
import { Checks } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { formatPid, parseClientEvent, type ClientEvent } from '@kafka-labs/kafka-client/producer-log';
import { expectDropped, expectResults, expectStored, readEvidence, sequenceView } from '@kafka-labs/kafka-idempotent-producer/evidence';
import { MESSAGES } from './messages.ts';

/** An idempotent producer still stores an event twice when the application re-sends it after a timed-out delivery. */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const ev = await readEvidence(runDir, ['producer']);
  const log = ev.producers.producer!;
  const events = log.client.map(parseClientEvent).filter((e): e is ClientEvent => e !== undefined);

  expectDropped(checks, 'responses-1-2-dropped', ev, [1, 2], t.droppedWhy());
  expectResults(
    checks,
    'timed-out-then-stored',
    log,
    [
      { event: 'E-42', error: '_MSG_TIMED_OUT' },
      { event: 'E-42', offset: 1 },
    ],
    t.resultsWhy(),
  );
  expectStored(checks, 'e42-stored-twice', ev, ['E-42', 'E-42'], t.storedWhy());

  const bumps = events.filter((e) => e.kind === 'pid-changed' && e.from !== null);
  const bump = bumps[0]?.kind === 'pid-changed' ? bumps[0] : undefined;
  checks.law({
    id: 'epoch-bumped',
    ok: bumps.length === 1 && bump!.to !== null && bump!.from!.id === bump!.to.id && bump!.from!.epoch === 0 && bump!.to.epoch === 1,
    expected: t.epochExpected(),
    found: t.epochFound({ changes: bumps.map((b) => (b.kind === 'pid-changed' ? `${formatPid(b.from)} -> ${formatPid(b.to)}` : '')).join(', ') || t.none() }),
    hint: t.epochHint(),
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
    expected: t.dumpExpected(),
    found: t.dumpFound({ batches: ev.batches.map((b) => `producerId ${b.producerId} epoch ${b.producerEpoch} seq ${b.baseSequence}`).join('; ') || t.none() }),
    hint: t.dumpHint(),
    evidence: compactView(ev.batches),
  });

  checks.figure('storedRecords', ev.endOffset);
  checks.view(sequenceView(ev));
  return checks.grade();
}
