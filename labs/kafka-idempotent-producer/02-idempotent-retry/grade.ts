import { compactView } from '@kafka-labs/dumplog';
import { Checks } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { formatPid, parseClientEvent, type ClientEvent } from '@kafka-labs/kafka-client/producer-log';
import { batchAt, expectDropped, expectResults, expectStored, readEvidence, sequenceView } from '@kafka-labs/kafka-idempotent-producer/evidence';
import { MESSAGES } from './messages.ts';

/** E-42 is the second message the producer sends: librdkafka numbers messages from MsgId 1. */
const E42_MSG_ID = 2;

/** With idempotence, the retry of a batch whose response was lost carries the same PID, epoch and sequence, and the broker stores it once. */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const ev = await readEvidence(runDir, ['producer']);
  const log = ev.producers.producer!;
  const events = log.client.map(parseClientEvent).filter((e): e is ClientEvent => e !== undefined);

  expectDropped(checks, 'response-2-dropped', ev, [2], t.droppedWhy());

  const sends = events.filter((e) => e.kind === 'produce');
  const resent = [...new Set(sends.map((s) => s.msgId))].filter((id) => sends.filter((s) => s.msgId === id).length > 1);
  const e42Sends = sends.filter((s) => s.msgId === E42_MSG_ID);
  const first = e42Sends[0];
  const sameIdentity =
    first !== undefined &&
    first.pid !== null &&
    e42Sends.every((s) => s.pid?.id === first.pid!.id && s.pid.epoch === first.pid!.epoch && s.baseSeq === first.baseSeq);
  const possiblyPersisted = events.some(
    (e) => e.kind === 'batch-error' && e.msgId === E42_MSG_ID && e.actions.includes('Retry') && e.actions.includes('MsgPossiblyPersisted'),
  );
  checks.law({
    id: 'retry-same-pid-seq',
    ok: resent.length === 1 && resent[0] === E42_MSG_ID && e42Sends.length >= 2 && sameIdentity && possiblyPersisted,
    expected: t.retryExpected({ msgId: E42_MSG_ID }),
    found: t.retryFound({
      sends: e42Sends.map((s) => `${formatPid(s.pid)} BaseSeq ${s.baseSeq}`).join(', ') || t.none(),
      resent: resent.join(', ') || t.none(),
    }),
    hint: t.retryHint(),
    evidence: log.client.filter((l) => ['produce', 'batch-error'].includes(parseClientEvent(l)?.kind ?? '')).map((l) => l.text),
  });

  expectStored(checks, 'e42-stored-once', ev, ['E-41', 'E-42', 'E-43'], t.storedWhy());
  expectResults(
    checks,
    'told-original-offset',
    log,
    [
      { event: 'E-41', offset: 0 },
      { event: 'E-42', offset: 1 },
      { event: 'E-43', offset: 2 },
    ],
    t.resultsWhy(),
  );

  const stored = batchAt(ev, 1);
  const pid = first?.pid ?? null;
  const sequences = ev.batches.map((b) => b.baseSequence);
  checks.law({
    id: 'dump-one-producer-sequences',
    ok:
      ev.batches.length === 3 &&
      ev.batches.every((b) => b.producerId !== -1 && b.producerId === ev.batches[0]!.producerId && b.producerEpoch === 0) &&
      sequences.join(',') === '0,1,2' &&
      stored?.records[0]?.payload === 'E-42',
    expected: t.dumpExpected(),
    found: t.dumpFound({ n: ev.batches.length, sequences: sequences.join(', ') || t.none() }),
    hint: t.dumpHint(),
    evidence: compactView(ev.batches),
  });
  checks.law({
    id: 'stored-batch-is-the-retried-one',
    ok:
      stored !== undefined &&
      pid !== null &&
      stored.producerId === pid.id &&
      stored.producerEpoch === pid.epoch &&
      stored.baseSequence === first!.baseSeq,
    expected: t.storedBatchExpected(),
    found: t.storedBatchFound({
      pid: formatPid(pid),
      baseSeq: String(first?.baseSeq ?? '?'),
      producerId: String(stored?.producerId ?? '?'),
      epoch: String(stored?.producerEpoch ?? '?'),
      sequence: String(stored?.baseSequence ?? '?'),
    }),
    hint: t.storedBatchHint(),
    evidence: stored ? compactView([stored]) : compactView(ev.batches),
  });

  checks.figure('storedRecords', ev.endOffset);
  checks.figure('e42Sends', e42Sends.length);
  checks.view(sequenceView(ev));
  return checks.grade();
}
