import { parseHangingTransactions, parseProducerStates, readDump, type DumpBatch } from '@kafka-labs/dumplog';
import { Checks, is, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { orderEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import { describeCopies, eventIdOf, eventsOf, FILES, listIds, readSavedRead, readTransactionStates, transactionalIdOf, transactionIn } from '@kafka-labs/kafka-exactly-once/evidence';
import { hangingFiles } from '@kafka-labs/kafka-exactly-once/setups';
import { TRANSACTION_MESSAGES } from '@kafka-labs/kafka-exactly-once/transaction-messages';
import { logBatches, topicRead } from '@kafka-labs/kafka-exactly-once/transactions-view';
import type { TransactionsView, TxnStrip } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's HANGING). */
const RECORDED = is.object({
  orders: is.integer,
  stallAfter: is.string,
  other: is.integer,
  variants: is.array(is.object({ name: is.literal('random', 'stable', 'operator'), randomId: is.boolean, abort: is.literal('coordinator', 'restart', 'operator'), timeoutMs: is.integer })),
});

const at = (time: string | undefined) => (time === undefined ? NaN : Date.parse(time));
const sorted = (ids: string[]) => [...ids].sort().join(' ');

/**
 * Each variant kills a worker (SIGKILL) inside its transaction and has another producer commit an order to the same
 * partition. Kafka holds every read_committed reader at the LSO, the dead transaction's first offset, until an ABORT
 * marker ends it, the other producer's committed order included. Who writes that marker: the coordinator once
 * transaction.timeout.ms has passed (random id: the restart's new id aborts nothing), the restart's initTransactions
 * at once (stable id), or the operator's `kafka-transactions abort` (a marker at the open transaction's own epoch,
 * while the coordinator still holds it Ongoing and aborts it again at its timeout). find-hanging lists none of them.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const tx = textsIn(TRANSACTION_MESSAGES, lang);
  const checks = new Checks(lang);
  const S = (await readRunInfo(runDir, RECORDED)).parameters;
  const other = orderEvent(S.other).eventId;
  const strips: TxnStrip[] = [];

  for (const v of S.variants) {
    const f = hangingFiles(v.name);
    const w1 = await readTxnLog(runDir, f.w1);
    const reader = await readTxnLog(runDir, f.reader);
    const writer = await readTxnLog(runDir, f.other);
    const w2: TxnEvent[] | null = v.abort === 'operator' ? null : await readTxnLog(runDir, f.w2);
    const [open] = await readTransactionStates(runDir, f.open);
    const [end] = v.abort === 'operator' ? [] : await readTransactionStates(runDir, f.end);
    const dump = await readDump(runDir, FILES.dump(v.name), { nonEmpty: true });
    const committed = await readSavedRead(runDir, FILES.read('read_committed', v.name));
    const uncommitted = await readSavedRead(runDir, FILES.read('read_uncommitted', v.name));
    const output = `${committed.topic}-0`;

    // The kill: inside the transaction, with its records written and nothing ended; the coordinator holds it Ongoing.
    const began = eventsOf(w1, 'began')[0];
    const produced = eventsOf(w1, 'produced');
    const w1Offsets = new Set(produced.map((e) => e.offset));
    const last = w1.at(-1);
    checks.law({
      id: 'killed-in-transaction',
      scope: v.name,
      ok: began !== undefined && produced.length === S.orders && last?.kind === 'paused' && last.after === S.stallAfter &&
        !w1.some((e) => ['committed', 'aborted', 'stopping', 'stopped'].includes(e.kind)) &&
        open?.state === 'Ongoing' && open.timeoutMs === v.timeoutMs && open.partitions.includes(output),
      expected: t.killedExpected({ name: f.w1, n: S.orders, stallAfter: S.stallAfter, timeoutMs: v.timeoutMs }),
      found: t.killedFound({
        produced: produced.length,
        last: last?.kind ?? tx.none(),
        described: open ? t.described({ state: open.state, timeoutMs: open.timeoutMs, partitions: open.partitions.join(',') || tx.none() }) : tx.none(),
      }),
    });

    // The markers that end w1's transaction, in log order, and when the broker wrote them.
    const { data, epoch: e } = transactionIn(dump, w1Offsets);
    const markers = dump.batches.filter((b): b is DumpBatch => b.isControl && data !== undefined && b.baseOffset > data.lastOffset && b.producerId === data.producerId);
    const first = markers[0];
    const afterBegin = (b: DumpBatch | undefined) => (b && data ? b.createTime - data.createTime : NaN);
    const markerText = (b: DumpBatch) => t.marker({ kind: b.records[0]?.endTxnMarker ?? '?', epoch: b.producerEpoch, ms: afterBegin(b) });
    const markersFound = markers.map(markerText).join('; ') || tx.none();

    // The hold: the other producer's committed order reached the read_committed reader only after that marker.
    const otherCommitted = eventsOf(writer, 'committed')[0];
    const consumed = eventsOf(reader, 'consumed');
    const seen = consumed.find((c) => c.id === other);
    const firstAt = first?.createTime ?? NaN;
    checks.law({
      id: 'held-at-lso',
      scope: v.name,
      ok: seen !== undefined && first !== undefined && at(otherCommitted?.time) < firstAt && at(seen.time) >= firstAt && !consumed.some((c) => w1Offsets.has(c.offset)),
      expected: t.heldExpected({ id: other, name: f.w1 }),
      found: t.heldFound({
        id: other,
        committed: otherCommitted?.time ?? tx.none(),
        marker: first ? new Date(first.createTime).toISOString() : tx.none(),
        read: seen?.time ?? tx.none(),
        heldMs: at(seen?.time) - at(otherCommitted?.time),
        got: listIds(consumed),
      }),
    });

    // Who ended it.
    const w2Id = w2 ? transactionalIdOf(w2) : undefined;
    const w2Committed = w2 ? eventsOf(w2, 'committed')[0] : undefined;
    const w2Resumed = w2 ? eventsOf(w2, 'resumed')[0] : undefined;
    const w2Epochs = w2 ? [...new Set(dump.batches.filter((b) => !b.isControl && b.records.some((r) => eventsOf(w2, 'produced').some((p) => p.offset === r.offset))).map((b) => b.producerEpoch))] : [];
    const abort = (b: DumpBatch | undefined, epoch: number) => b?.records[0]?.endTxnMarker === 'ABORT' && b.producerEpoch === epoch;
    const w1Id = transactionalIdOf(w1);
    if (v.abort === 'coordinator') {
      checks.law({
        id: 'aborted-by-coordinator',
        scope: v.name,
        ok: markers.length === 1 && abort(first, e + 1) && afterBegin(first) >= v.timeoutMs &&
          w2Id !== undefined && w2Id !== w1Id && at(w2Committed?.time) < firstAt && end?.state === 'CompleteAbort' && end.producerEpoch === e + 1,
        expected: t.coordinatorExpected({ timeoutMs: v.timeoutMs }),
        found: t.coordinatorFound({ w1: w1Id ?? '?', w2: w2Id ?? '?', w2Committed: w2Committed?.time ?? tx.none(), markers: markersFound, end: end ? `${end.state} ${end.producerEpoch}` : tx.none() }),
        hint: tx.epochsHint(),
      });
    } else if (v.abort === 'restart') {
      checks.law({
        id: 'aborted-by-restart',
        scope: v.name,
        ok: markers.length === 2 && abort(first, e + 1) && markers[1]?.records[0]?.endTxnMarker === 'COMMIT' && afterBegin(first) < v.timeoutMs && at(w2Resumed?.time) <= firstAt &&
          w2Id === w1Id && w2Epochs.join() === String(e + 2) && end?.state === 'CompleteCommit' && end.producerEpoch === e + 2,
        expected: t.restartExpected({ timeoutMs: v.timeoutMs }),
        found: t.restartFound({ w1: w1Id ?? '?', w2: w2Id ?? '?', started: w2Resumed?.time ?? tx.none(), markers: markersFound, w2Epochs: w2Epochs.join(',') || '-', end: end ? `${end.state} ${end.producerEpoch}` : tx.none() }),
        hint: tx.epochsHint(),
      });
    } else {
      const before = parseProducerStates(await readRunFile(runDir, f.producersBefore));
      const after = parseProducerStates(await readRunFile(runDir, f.producersAfter));
      const hangingDefault = parseHangingTransactions(await readRunFile(runDir, f.findHangingDefault));
      const hangingNow = parseHangingTransactions(await readRunFile(runDir, f.findHangingNow));
      const [stillOpen] = await readTransactionStates(runDir, f.afterOperator);
      const openBefore = before.find((p) => p.openTransactionStart !== null);
      const start = data?.baseOffset;
      checks.law({
        id: 'find-hanging-lists-none',
        scope: v.name,
        ok: openBefore !== undefined && openBefore.openTransactionStart === start && openBefore.producerEpoch === e &&
          hangingDefault !== null && hangingDefault.length === 0 && hangingNow !== null && hangingNow.length === 0,
        expected: t.findHangingExpected(),
        found: t.findHangingFound({
          open: openBefore ? t.openAt({ start: openBefore.openTransactionStart!, epoch: openBefore.producerEpoch }) : tx.none(),
          byDefault: hangingDefault === null ? t.noTable() : String(hangingDefault.length),
          now: hangingNow === null ? t.noTable() : String(hangingNow.length),
        }),
      });
      checks.law({
        id: 'aborted-by-operator',
        scope: v.name,
        ok: markers.length === 1 && abort(first, e) && after.length > 0 && after.every((p) => p.openTransactionStart === null) && stillOpen?.state === 'Ongoing',
        expected: t.operatorExpected({ timeoutMs: v.timeoutMs }),
        found: t.operatorFound({
          markers: markersFound,
          after: after.map((p) => (p.openTransactionStart === null ? 'None' : String(p.openTransactionStart))).join(',') || tx.none(),
          still: stillOpen ? `${stillOpen.state}, timeout ${stillOpen.timeoutMs} ms` : tx.none(),
        }),
        hint: tx.epochsHint(),
      });
    }

    // What stays: the other producer's order and the restart's, each once; w1's only at read_uncommitted.
    const want = [other, ...(w2 ? eventsOf(w2, 'produced').map((p) => p.id) : [])];
    const ids = committed.records.map((r) => eventIdOf(r.value));
    const uncommittedIds = uncommitted.records.map((r) => eventIdOf(r.value));
    checks.law({
      id: 'read-committed',
      scope: v.name,
      ok: sorted(ids) === sorted(want) && sorted(uncommittedIds) === sorted([...want, ...produced.map((p) => p.id)]),
      expected: t.committedExpected({ id: other, restart: w2 !== null }),
      found: t.committedFound({ n: ids.length, copies: describeCopies(ids), uncommitted: uncommittedIds.length, w1: produced.length }),
    });

    strips.push({
      title: `${v.name}: ${committed.topic} p0`,
      batches: logBatches(dump, [{ name: f.w1, offsets: w1Offsets }, { name: f.other, offsets: eventsOf(writer, 'produced').map((p) => p.offset) }, ...(w2 ? [{ name: f.w2, offsets: eventsOf(w2, 'produced').map((p) => p.offset) }] : [])], 'other'),
      reads: [topicRead(uncommitted), topicRead(committed)],
      stall: began && {
        writer: f.w1,
        began: began.time,
        timeoutMs: v.timeoutMs,
        held: { id: other, readAt: seen?.time ?? null },
        resumed: null,
        fenced: null,
        restart: w2Committed ? { name: f.w2, committed: w2Committed.time } : null,
        killed: last?.kind === 'paused' ? last.time : null,
        abortedBy: v.abort,
      },
    });
    checks.figure(`${v.name}HeldMs`, Number.isNaN(at(seen?.time) - at(otherCommitted?.time)) ? -1 : at(seen?.time) - at(otherCommitted?.time));
  }

  checks.view({
    kind: 'transactions',
    files: S.variants.flatMap((v) => {
      const f = hangingFiles(v.name);
      return [f.w1, f.reader, f.other, ...(v.abort === 'operator' ? [] : [f.w2])].map(FILES.log).concat(FILES.dump(v.name), FILES.read('read_uncommitted', v.name), FILES.read('read_committed', v.name));
    }),
    strips,
  } satisfies TransactionsView);
  return checks.grade();
}
