import { compactView } from '@kafka-labs/dumplog';
import { Checks } from '@kafka-labs/grader';
import { formatPid, parseClientEvent, type ClientEvent } from '@kafka-labs/kafka-client/producer-log';
import { batchAt, expectDropped, expectResults, expectStored, readEvidence } from '@kafka-labs/kafka-idempotent-producer/evidence';

/** E-42 is the second message the producer sends: librdkafka numbers messages from MsgId 1. */
const E42_MSG_ID = 2;

/** With idempotence, the retry of a batch whose response was lost carries the same PID, epoch and sequence, and the broker stores it once. */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const ev = await readEvidence(runDir, ['producer']);
  const log = ev.producers.producer!;
  const events = log.client.map(parseClientEvent).filter((e): e is ClientEvent => e !== undefined);

  expectDropped(checks, 'response-2-dropped', ev, [2], 'the answer to E-42 (InitProducerId is not counted)');

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
    expected:
      `only the batch of E-42 (MsgId ${E42_MSG_ID}) was sent twice, marked Retry,MsgPossiblyPersisted, and every send ` +
      'carried the same PID, epoch and BaseSeq',
    found:
      `sends of E-42: ${e42Sends.map((s) => `${formatPid(s.pid)} BaseSeq ${s.baseSeq}`).join(', ') || 'none'}; ` +
      `batches sent more than once: MsgId ${resent.join(', ') || 'none'}`,
    hint: "producer.log's librdkafka lines (debug=eos,msg) show each send with its PID and BaseSeq",
    evidence: log.client.filter((l) => ['produce', 'batch-error'].includes(parseClientEvent(l)?.kind ?? '')).map((l) => l.text),
  });

  expectStored(checks, 'e42-stored-once', ev, ['E-41', 'E-42', 'E-43'], 'the retried E-42 being recognised as a duplicate');
  expectResults(
    checks,
    'told-original-offset',
    log,
    [
      { event: 'E-41', offset: 0 },
      { event: 'E-42', offset: 1 },
      { event: 'E-43', offset: 2 },
    ],
    'the broker answering the retried E-42 with the offset of its first copy',
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
    expected: 'the dump holds three batches of one producerId with epoch 0 and baseSequence 0, 1, 2, E-42 at offset 1',
    found: `batches: ${ev.batches.length}, baseSequences: ${sequences.join(', ') || 'none'}`,
    hint: 'dump.txt is kafka-dump-log of the partition: one batch per event, the retry stored nowhere',
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
    expected: 'the E-42 batch at offset 1 carries the PID, epoch and BaseSeq of the batch the client sent and retried',
    found:
      `client: ${formatPid(pid)} BaseSeq ${first?.baseSeq ?? '?'}; dump: producerId ${stored?.producerId ?? '?'} ` +
      `producerEpoch ${stored?.producerEpoch ?? '?'} baseSequence ${stored?.baseSequence ?? '?'}`,
    hint: "compare producer.log's send of E-42 with dump.txt's batch at offset 1",
    evidence: stored ? compactView([stored]) : compactView(ev.batches),
  });

  checks.figure('storedRecords', ev.endOffset);
  checks.figure('e42Sends', e42Sends.length);
  return checks.grade();
}
