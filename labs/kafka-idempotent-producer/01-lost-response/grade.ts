import { compactView } from '@kafka-labs/dumplog';
import { Checks } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { parseClientEvent } from '@kafka-labs/kafka-client/producer-log';
import { batchesOf, expectDropped, expectResults, expectStored, readEvidence, sequenceView } from '@kafka-labs/kafka-idempotent-producer/evidence';
import { MESSAGES } from './messages.ts';

/** Without idempotence, a Produce request whose response was lost is re-sent and stored a second time. */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const ev = await readEvidence(runDir, ['producer']);
  const log = ev.producers.producer!;

  expectDropped(checks, 'response-2-dropped', ev, [2], t.droppedWhy());
  const timeouts = log.client.map(parseClientEvent).filter((e) => e?.kind === 'request-timeout' && e.api === 'Produce');
  checks.law({
    id: 'request-timed-out',
    ok: timeouts.length >= 1,
    expected: t.timedOutExpected(),
    found: t.timedOutFound({ n: timeouts.length }),
    hint: t.timedOutHint(),
  });
  expectStored(checks, 'e42-stored-twice', ev, ['E-41', 'E-42', 'E-42', 'E-43'], t.storedWhy());
  expectResults(
    checks,
    'one-success-per-event',
    log,
    [
      { event: 'E-41', offset: 0 },
      { event: 'E-42', offset: 2 },
      { event: 'E-43', offset: 3 },
    ],
    t.resultsWhy(),
  );

  const anonymous = ev.batches.filter((b) => b.producerId === -1 && b.baseSequence === -1);
  checks.law({
    id: 'no-producer-id',
    ok: ev.batches.length > 0 && anonymous.length === ev.batches.length,
    expected: t.noPidExpected(),
    found: t.noPidFound({ n: anonymous.length, of: ev.batches.length }),
    hint: t.noPidHint(),
    evidence: compactView(ev.batches.filter((b) => !anonymous.includes(b))),
  });

  const e42 = batchesOf(ev, 'E-42');
  const [first, second] = e42;
  const sameBatch = e42.length === 2 && first!.createTime === second!.createTime && first!.crc === second!.crc;
  checks.law({
    id: 'same-batch-resent',
    ok: sameBatch,
    expected: e42.length === 2 ? t.sameBatchExpected() : t.twoBatchesExpected(),
    found:
      e42.length === 2
        ? t.sameBatchFound({ t1: first!.createTime, t2: second!.createTime, crc1: first!.crc, crc2: second!.crc })
        : t.batchCount({ n: e42.length }),
    hint: t.sameBatchHint(),
    evidence: compactView(e42),
  });

  checks.figure('storedRecords', ev.endOffset);
  checks.figure('e42Copies', ev.consumed.filter((r) => r.value === 'E-42').length);
  checks.view(sequenceView(ev));
  return checks.grade();
}
