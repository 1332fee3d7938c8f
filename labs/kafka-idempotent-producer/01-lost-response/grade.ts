import { compactView } from '@kafka-labs/dumplog';
import { Checks } from '@kafka-labs/grader';
import { parseClientEvent } from '@kafka-labs/kafka-client/producer-log';
import { batchesOf, expectDropped, expectResults, expectStored, readEvidence } from '@kafka-labs/kafka-idempotent-producer/evidence';

/** Without idempotence, a Produce request whose response was lost is re-sent and stored a second time. */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const ev = await readEvidence(runDir, ['producer']);
  const log = ev.producers.producer!;

  expectDropped(checks, 'response-2-dropped', ev, [2], 'the answer to E-42, which the broker still stored');
  const timeouts = log.client.map(parseClientEvent).filter((e) => e?.kind === 'request-timeout' && e.api === 'Produce');
  checks.law({
    id: 'request-timed-out',
    ok: timeouts.length >= 1,
    expected: 'librdkafka timed the unanswered Produce request out (REQTMOUT) and re-sent it',
    found: `${timeouts.length} Produce timeout(s) in producer.log`,
    hint: 'the producer runs with debug=msg and socket.timeout.ms=3000: its REQTMOUT lines show the timeout',
  });
  expectStored(checks, 'e42-stored-twice', ev, ['E-41', 'E-42', 'E-42', 'E-43'], 'the re-sent E-42 being a duplicate');
  expectResults(
    checks,
    'one-success-per-event',
    log,
    [
      { event: 'E-41', offset: 0 },
      { event: 'E-42', offset: 2 },
      { event: 'E-43', offset: 3 },
    ],
    'one success for E-42, at the duplicate offset 2',
  );

  const anonymous = ev.batches.filter((b) => b.producerId === -1 && b.baseSequence === -1);
  checks.law({
    id: 'no-producer-id',
    ok: ev.batches.length > 0 && anonymous.length === ev.batches.length,
    expected: 'every batch has producerId -1 and baseSequence -1: the broker cannot recognise a retried batch',
    found: `${anonymous.length} of ${ev.batches.length} batches do`,
    hint: 'this lab produces with enable.idempotence=false',
    evidence: compactView(ev.batches.filter((b) => !anonymous.includes(b))),
  });

  const e42 = batchesOf(ev, 'E-42');
  const [first, second] = e42;
  const sameBatch = e42.length === 2 && first!.createTime === second!.createTime && first!.crc === second!.crc;
  checks.law({
    id: 'same-batch-resent',
    ok: sameBatch,
    expected:
      e42.length === 2
        ? 'the two E-42 batches carry the same CreateTime and crc, the same bytes sent twice'
        : 'the dump holds two E-42 batches with the same CreateTime and crc',
    found:
      e42.length === 2
        ? `CreateTime ${first!.createTime} / ${second!.createTime}, crc ${first!.crc} / ${second!.crc}`
        : `it holds ${e42.length} E-42 batch(es)`,
    hint: 'the retry re-sends the batch as it was built: dump.txt shows both copies',
    evidence: compactView(e42),
  });

  checks.figure('storedRecords', ev.endOffset);
  checks.figure('e42Copies', ev.consumed.filter((r) => r.value === 'E-42').length);
  return checks.grade();
}
