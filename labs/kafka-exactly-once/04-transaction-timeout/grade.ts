import { readDump } from '@kafka-labs/dumplog';
import { Checks, is, readRunInfo } from '@kafka-labs/grader';
import { copies, describeCopies, epochsOf, eventIdOf, eventsOf, FILES, listIds, orderIds, readSavedRead, readTransactionStates, transactionalIdOf, transactionIn } from '@kafka-labs/kafka-exactly-once/evidence';
import { formatTxnEvent, orderEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { TRANSACTION_MESSAGES } from '@kafka-labs/kafka-exactly-once/transaction-messages';
import type { TransactionsView } from '@kafka-labs/report/views';
import { logBatches, topicRead } from '@kafka-labs/kafka-exactly-once/transactions-view';
import { MESSAGES } from './messages.ts';

const ms = (a: TxnEvent | undefined, b: TxnEvent | undefined) => (a && b ? Date.parse(b.time) - Date.parse(a.time) : NaN);
const body = (e: TxnEvent) => formatTxnEvent(e).slice(e.time.length + e.worker.length + 2, 120);

/** What this grader reads of the parameters the run recorded (the run script's TIMEOUT). */
const RECORDED = is.object({ orders: is.integer, transactionTimeoutMs: is.number, stallAfter: is.string, late: is.integer });

/**
 * A worker stalls in its transaction past transaction.timeout.ms: the coordinator aborts it (ABORT at e+1 for librdkafka's
 * transactions v1), a
 * read_committed reader gets a record written after it only then, the worker's commit fails with -144 although no
 * other instance ran, and its restart (e+2) processes the input again, each order once in read_committed output.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const tx = textsIn(TRANSACTION_MESSAGES, lang);
  const checks = new Checks(lang);
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
    expected: t.stalledExpected({ stallAfter: setup.stallAfter, timeoutMs: setup.transactionTimeoutMs }),
    found: t.stalledFound({
      paused: paused >= 0,
      resumedMs: Number.isNaN(stalled) ? null : stalled,
      described: abortedRow ? t.described({ state: abortedRow.state, timeoutMs: abortedRow.timeoutMs }) : tx.none(),
    }),
  });

  const w1Stopped = eventsOf(w1, 'stopped')[0];
  const w2Started = eventsOf(w2, 'started')[0];
  checks.law({
    id: 'no-other-instance',
    ok: transactionalIdOf(w1) !== undefined && transactionalIdOf(w1) === transactionalIdOf(w2) && transactionalIdOf(reader) === undefined && ms(w1Stopped, w2Started) >= 0,
    expected: t.rivalExpected(),
    found: t.rivalFound({
      w1: transactionalIdOf(w1) ?? '?',
      stopped: w1Stopped?.time ?? t.never(),
      w2: transactionalIdOf(w2) ?? '?',
      started: w2Started?.time ?? t.never(),
      reader: transactionalIdOf(reader) ?? t.noId(),
    }),
  });

  const after = resumed > 0 ? w1.slice(resumed) : [];
  checks.law({
    id: 'fenced-without-rival',
    ok: after.some((e) => e.kind === 'fenced' && e.call === 'commitTransaction' && e.code === -144 && e.flag === 'fatal') && !after.some((e) => e.kind === 'committed'),
    expected: t.fencedExpected(),
    found: t.fencedFound({ calls: after.filter((e) => ['committed', 'aborted', 'fenced', 'failed'].includes(e.kind)).map(body).join('; ') || t.nothing() }),
    hint: tx.codeHint(),
  });

  const w1Offsets = new Set(eventsOf(w1, 'produced').map((e) => e.offset));
  const consumed = eventsOf(reader, 'consumed');
  const seen = consumed.find((e) => e.id === late);
  const w1Last = Math.max(...w1Offsets);
  const held = ms(began, seen);
  checks.law({
    id: 'held-at-lso',
    ok: seen !== undefined && seen.offset > w1Last && held >= setup.transactionTimeoutMs && !consumed.some((e) => w1Offsets.has(e.offset)),
    expected: t.heldExpected({ late, timeoutMs: setup.transactionTimeoutMs }),
    found: t.heldFound({ late, seen: seen !== undefined, offset: seen?.offset ?? -1, w1Last, heldMs: held, got: listIds(consumed) }),
  });

  const w2Start = eventsOf(w2, 'starting-at')[0]?.offsets.find((o) => o.partition === 0)?.offset;
  const w1Start = eventsOf(w1, 'starting-at')[0]?.offsets.find((o) => o.partition === 0)?.offset;
  const w2Processed = eventsOf(w2, 'processed').map((e) => e.offset);
  checks.law({
    id: 'reprocessed-after-restart',
    ok: w2Start !== undefined && w2Start === w1Start && w2Processed.length === setup.orders && eventsOf(w2, 'committed').length > 0,
    expected: t.reprocessedExpected({ orders: setup.orders }),
    found: t.reprocessedFound({ w1: String(w1Start ?? '?'), w2: String(w2Start ?? '?'), processed: w2Processed.length, committed: eventsOf(w2, 'committed').length }),
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
    expected: t.onceExpected({ late }),
    found: t.onceFound({
      n: ids.length,
      copies: describeCopies(ids),
      missing: want.filter((id) => !counts.has(id)).join(' ') || tx.none(),
      uncommitted: uncommittedIds.length,
      w1: w1Ids.length,
    }),
  });

  const dump = await readDump(runDir, FILES.dump(), { nonEmpty: true });
  const { epoch: e, marker } = transactionIn(dump, w1Offsets);
  const w2Epochs = epochsOf(dump, new Set(eventsOf(w2, 'produced').map((p) => p.offset)));
  checks.law({
    id: 'epochs',
    ok: marker?.records[0]?.endTxnMarker === 'ABORT' && marker.producerEpoch === e + 1 && abortedRow?.producerEpoch === e + 1 &&
      w2Epochs.length === 1 && w2Epochs[0] === e + 2 && endRow?.state === 'CompleteCommit' && endRow.producerEpoch === e + 2,
    expected: t.epochsExpected(),
    found: t.epochsFound({
      e: Number.isNaN(e) ? '?' : String(e),
      marker: marker ? tx.markerAt({ kind: marker.records[0]?.endTxnMarker ?? '?', epoch: marker.producerEpoch }) : tx.none(),
      abortedEpoch: String(abortedRow?.producerEpoch ?? '?'),
      w2: w2Epochs.join(',') || '-',
      end: endRow ? t.endAt({ state: endRow.state, epoch: endRow.producerEpoch }) : '?',
    }),
    hint: tx.epochsHint(),
  });

  checks.view({
    kind: 'transactions',
    files: ['w1', 'w2', 'reader'].map(FILES.log).concat(FILES.dump(), FILES.read('read_uncommitted'), FILES.read('read_committed')),
    strips: [{
      title: `${committed.topic} p0`,
      batches: logBatches(dump, [{ name: 'w1', offsets: w1Offsets }, { name: 'w2', offsets: eventsOf(w2, 'produced').map((p) => p.offset) }], 'order producer'),
      reads: [
        topicRead(uncommitted),
        topicRead(committed),
      ],
      stall: began && {
        writer: 'w1',
        began: began.time,
        timeoutMs: setup.transactionTimeoutMs,
        held: { id: late, readAt: seen?.time ?? null },
        resumed: w1[resumed]?.time ?? null,
        fenced: eventsOf(after, 'fenced')[0]?.time ?? null,
        restart: { name: 'w2', committed: eventsOf(w2, 'committed')[0]?.time ?? null },
      },
    }],
  } satisfies TransactionsView);

  checks.figure('reprocessed', w2Processed.length);
  checks.figure('heldMs', Number.isNaN(held) ? -1 : held);
  return checks.grade();
}
