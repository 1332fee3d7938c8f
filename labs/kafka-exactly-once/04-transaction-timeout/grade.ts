import { readDump } from '@kafka-labs/dumplog';
import { Checks, is, readRunInfo } from '@kafka-labs/grader';
import { copies, describeCopies, epochsOf, eventIdOf, eventsOf, FILES, listIds, orderIds, readSavedRead, readTransactionStates, transactionalIdOf, transactionIn } from '@kafka-labs/kafka-exactly-once/evidence';
import { formatTxnEvent, orderEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';

const ms = (a: TxnEvent | undefined, b: TxnEvent | undefined) => (a && b ? Date.parse(b.time) - Date.parse(a.time) : NaN);
const body = (e: TxnEvent) => formatTxnEvent(e).slice(e.time.length + e.worker.length + 2, 120);

/** What this grader reads of the parameters the run recorded (the run script's TIMEOUT). */
const RECORDED = is.object({ orders: is.integer, transactionTimeoutMs: is.number, stallAfter: is.string, late: is.integer });

/**
 * A worker stalls in its transaction past transaction.timeout.ms: the coordinator aborts it (ABORT at e+1), a
 * read_committed reader gets a record written after it only then, the worker's commit fails with -144 although no
 * other instance ran, and its restart (e+2) processes the input again, each order once in read_committed output.
 */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const setup = (await readRunInfo(runDir, RECORDED)).parameters;
  const late = orderEvent(setup.late).eventId;
  const w1 = await readTxnLog(runDir, 'w1');
  const w2 = await readTxnLog(runDir, 'w2');
  const reader = await readTxnLog(runDir, 'reader');
  const [abortedRow] = await readTransactionStates(runDir, 'transactions-aborted.txt');
  const [endRow] = await readTransactionStates(runDir, 'transactions-end.txt');

  const began = eventsOf(w1, 'began')[0];
  const paused = w1.findIndex((e) => e.kind === 'paused' && e.after === setup.stallAfter);
  const resumed = w1.findIndex((e, i) => i > paused && e.kind === 'resumed');
  const stalled = ms(began, w1[resumed]);
  checks.law({
    id: 'stalled-past-timeout',
    ok: paused >= 0 && !w1.slice(0, paused).some((e) => e.kind === 'committed' || e.kind === 'aborted') && stalled >= setup.transactionTimeoutMs &&
      abortedRow?.state === 'CompleteAbort' && abortedRow.timeoutMs === setup.transactionTimeoutMs,
    expected: `w1 paused after ${setup.stallAfter} inside its transaction (timeout ${setup.transactionTimeoutMs} ms), resumed later than that, and kafka-transactions showed the transaction CompleteAbort meanwhile`,
    found: `paused ${paused >= 0 ? 'yes' : 'no'}; resumed ${Number.isNaN(stalled) ? 'never' : `${stalled} ms`} after it began; describe: ${abortedRow ? `${abortedRow.state}, timeout ${abortedRow.timeoutMs} ms` : 'none'}`,
  });

  const w1Stopped = eventsOf(w1, 'stopped')[0];
  const w2Started = eventsOf(w2, 'started')[0];
  checks.law({
    id: 'no-other-instance',
    ok: transactionalIdOf(w1) !== undefined && transactionalIdOf(w1) === transactionalIdOf(w2) && transactionalIdOf(reader) === undefined && ms(w1Stopped, w2Started) >= 0,
    expected: "no other producer used w1's transactional.id while w1 ran: w2, with the same id, started after w1 had stopped; the reader has none",
    found: `w1 ${transactionalIdOf(w1) ?? '?'} stopped ${w1Stopped?.time ?? 'never'}; w2 ${transactionalIdOf(w2) ?? '?'} started ${w2Started?.time ?? 'never'}; reader ${transactionalIdOf(reader) ?? 'no id'}`,
  });

  const after = resumed > 0 ? w1.slice(resumed) : [];
  checks.law({
    id: 'fenced-without-rival',
    ok: after.some((e) => e.kind === 'fenced' && e.call === 'commitTransaction' && e.code === -144 && e.flag === 'fatal') && !after.some((e) => e.kind === 'committed'),
    expected: "w1's commitTransaction after it resumed failed fatally with _FENCED (-144) and nothing was committed",
    found: `after resuming: ${after.filter((e) => ['committed', 'aborted', 'fenced', 'failed'].includes(e.kind)).map(body).join('; ') || 'nothing'}`,
    hint: 'graders read the error code and flag, never the message',
  });

  const w1Offsets = new Set(eventsOf(w1, 'produced').map((e) => e.offset));
  const consumed = eventsOf(reader, 'consumed');
  const seen = consumed.find((e) => e.id === late);
  const w1Last = Math.max(...w1Offsets);
  const held = ms(began, seen);
  checks.law({
    id: 'held-at-lso',
    ok: seen !== undefined && seen.offset > w1Last && held >= setup.transactionTimeoutMs && !consumed.some((e) => w1Offsets.has(e.offset)),
    expected: `the read_committed reader got ${late}, written after w1's open transaction, no sooner than ${setup.transactionTimeoutMs} ms after w1 began it, and none of w1's records`,
    found: `${late} ${seen ? `at offset ${seen.offset} (w1's last ${w1Last}), ${held} ms after w1 began` : 'never read'}; reader got ${listIds(consumed)}`,
  });

  const w2Start = eventsOf(w2, 'starting-at')[0]?.offsets.find((o) => o.partition === 0)?.offset;
  const w1Start = eventsOf(w1, 'starting-at')[0]?.offsets.find((o) => o.partition === 0)?.offset;
  const w2Processed = eventsOf(w2, 'processed').map((e) => e.offset);
  checks.law({
    id: 'reprocessed-after-restart',
    ok: w2Start !== undefined && w2Start === w1Start && w2Processed.length === setup.orders && eventsOf(w2, 'committed').length > 0,
    expected: `w2 started where w1 had (its offsets were aborted with its transaction) and processed all ${setup.orders} orders again`,
    found: `w1 started at ${w1Start ?? '?'}, w2 at ${w2Start ?? '?'}; w2 processed ${w2Processed.length}, committed ${eventsOf(w2, 'committed').length} transaction(s)`,
  });

  const committed = await readSavedRead(runDir, FILES.read('read_committed'));
  const uncommitted = await readSavedRead(runDir, FILES.read('read_uncommitted'));
  const ids = committed.records.map((r) => eventIdOf(r.value));
  const counts = copies(ids);
  const want = [...orderIds(setup.orders), late];
  const uncommittedIds = uncommitted.records.map((r) => eventIdOf(r.value)).sort();
  const w1Ids = eventsOf(w1, 'produced').map((e) => e.id);
  checks.law({
    id: 'read-committed-once',
    ok: counts.size === want.length && want.every((id) => counts.get(id) === 1) && JSON.stringify(uncommittedIds) === JSON.stringify([...ids, ...w1Ids].sort()),
    expected: `read_committed output: each order once (w2's) and ${late}; read_uncommitted adds w1's aborted copies`,
    found: `read_committed ${ids.length} records: ${describeCopies(ids)}, missing ${want.filter((id) => !counts.has(id)).join(' ') || 'none'}; read_uncommitted ${uncommittedIds.length}, w1 wrote ${w1Ids.length}`,
  });

  const dump = await readDump(runDir, FILES.dump(), { nonEmpty: true });
  const { epoch: e, marker } = transactionIn(dump, w1Offsets);
  const w2Epochs = epochsOf(dump, new Set(eventsOf(w2, 'produced').map((p) => p.offset)));
  checks.law({
    id: 'epochs',
    ok: marker?.records[0]?.endTxnMarker === 'ABORT' && marker.producerEpoch === e + 1 && abortedRow?.producerEpoch === e + 1 &&
      w2Epochs.length === 1 && w2Epochs[0] === e + 2 && endRow?.state === 'CompleteCommit' && endRow.producerEpoch === e + 2,
    expected: "w1's batch at epoch e ends in an ABORT at e+1, the coordinator's (describe: e+1); w2 writes and commits at e+2",
    found:
      `w1's batch at e=${Number.isNaN(e) ? '?' : e}; its marker: ${marker ? `${marker.records[0]?.endTxnMarker ?? '?'} at ${marker.producerEpoch}` : 'none'}; ` +
      `describe after the abort: epoch ${abortedRow?.producerEpoch ?? '?'}; w2's batches at ${w2Epochs.join(',') || '-'}; at the end ${endRow ? `${endRow.state} epoch ${endRow.producerEpoch}` : '?'}`,
    hint: 'grade epoch differences, never the producer id',
  });

  checks.figure('reprocessed', w2Processed.length);
  checks.figure('heldMs', Number.isNaN(held) ? -1 : held);
  return checks.grade();
}
