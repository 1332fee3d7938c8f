import { dataBatches, readDump, txnOutcome, type DumpRecord } from '@kafka-labs/dumplog';
import { Checks, is, readRunInfo, type Figures } from '@kafka-labs/grader';
import { eachTimes, eventIdOf, eventsOf, FILES, listIds, orderIds, readConsole, readSavedRead, readTransactionStates } from '@kafka-labs/kafka-exactly-once/evidence';
import { readTxnLog } from '@kafka-labs/kafka-client/txn-log';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { TRANSACTION_MESSAGES } from '@kafka-labs/kafka-exactly-once/transaction-messages';
import type { TransactionsView } from '@kafka-labs/report/views';
import { logBatches, readOf, topicRead } from '@kafka-labs/kafka-exactly-once/transactions-view';
import { MESSAGES } from './messages.ts';

const PRODUCER = 'producer';

/** What this grader reads of the parameters the run recorded (the run script's GHOST). */
const RECORDED = is.object({ orders: is.integer });

/** An aborted transaction leaves its records in the log behind an ABORT marker: only a read_committed reader skips them. */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const tx = textsIn(TRANSACTION_MESSAGES, lang);
  const checks = new Checks(lang);
  const { orders } = (await readRunInfo(runDir, RECORDED)).parameters;
  const ids = orderIds(orders);
  const log = await readTxnLog(runDir, PRODUCER);
  const dump = await readDump(runDir, FILES.dump(), { nonEmpty: true });
  const uncommitted = await readSavedRead(runDir, FILES.read('read_uncommitted'));
  const committed = await readSavedRead(runDir, FILES.read('read_committed'));
  const javaDefault = await readConsole(runDir, FILES.console('default'));
  const javaCommitted = await readConsole(runDir, FILES.console('read_committed'));
  const [state] = await readTransactionStates(runDir);

  // The producer: transaction 1 wrote the orders and was aborted, transaction 2 wrote them again and was committed.
  const ended = log.filter((e) => e.kind === 'aborted' || e.kind === 'committed' || e.kind === 'failed' || e.kind === 'fenced');
  const producedIn = (txn: number) => {
    const began = log.findIndex((e) => e.kind === 'began' && e.txn === txn);
    const end = log.findIndex((e, i) => i > began && (e.kind === 'aborted' || e.kind === 'committed'));
    return began < 0 || end < 0 ? [] : eventsOf(log.slice(began, end), 'produced').map((e) => e.id);
  };
  checks.law({
    id: 'aborted-then-committed',
    ok:
      ended.map((e) => `${e.kind}${'txn' in e ? ` ${e.txn}` : ''}`).join(',') === 'aborted 1,committed 2' &&
      eachTimes(producedIn(1), ids, 1) &&
      eachTimes(producedIn(2), ids, 1),
    expected: t.producerExpected({ first: ids[0]!, last: ids.at(-1)! }),
    found: t.producerFound({
      ended: ended.map((e) => ('txn' in e ? `${e.kind} ${e.txn}` : `${e.kind} ${'call' in e ? e.call : ''}`)).join(', ') || t.noneEnded(),
      first: producedIn(1).length,
      second: producedIn(2).length,
    }),
    hint: t.producerHint(),
    evidence: log.filter((e) => ['began', 'aborted', 'committed', 'failed', 'fenced'].includes(e.kind)).map((e) => `${e.time} ${e.kind}`),
  });

  // The dump: every order twice, in transactional batches; the first copy's transaction ended in ABORT, the second's in COMMIT.
  const data = dataBatches(dump);
  const controls = dump.batches.filter((b) => b.isControl);
  const outcomeOf = new Map<number, string | null>();
  for (const batch of data) for (const record of batch.records) outcomeOf.set(record.offset, txnOutcome(dump, batch));
  const dataRecords = data.flatMap((b) => b.records);
  const withOutcome = (outcome: string) => dataRecords.filter((r) => outcomeOf.get(r.offset) === outcome);
  const idsOf = (records: DumpRecord[]) => records.map((r) => eventIdOf(r.payload ?? null));
  const aborted = withOutcome('ABORT');
  const kept = withOutcome('COMMIT');
  checks.law({
    id: 'aborted-records-in-log',
    ok: data.every((b) => b.isTransactional) && eachTimes(idsOf(aborted), ids, 1) && eachTimes(idsOf(kept), ids, 1) && aborted.length + kept.length === dataRecords.length && Math.max(...aborted.map((r) => r.offset)) < Math.min(...kept.map((r) => r.offset)),
    expected: t.logExpected(),
    found: t.logFound({
      aborted: listIds(aborted.map((r) => ({ offset: r.offset, id: idsOf([r])[0]! }))),
      committed: listIds(kept.map((r) => ({ offset: r.offset, id: idsOf([r])[0]! }))),
      plain: data.filter((b) => !b.isTransactional).length,
    }),
    hint: t.logHint(),
  });
  const markers = controls.map((b) => b.records[0]?.endTxnMarker ?? '?');
  checks.law({
    id: 'markers-are-control-records',
    ok: markers.join(',') === 'ABORT,COMMIT' && controls.every((b) => b.isTransactional && b.count === 1 && data.some((d) => d.producerId === b.producerId)),
    expected: t.markersExpected(),
    found: t.markersFound({ markers: markers.join(', ') || tx.none(), offsets: controls.map((b) => b.baseOffset).join(', ') || '-' }),
    hint: t.markersHint(),
  });

  // The readers: read_uncommitted returns every data record (ghosts included), read_committed only the committed ones; neither returns a marker.
  const offsets = (records: { offset: number }[]) => records.map((r) => r.offset).join(',');
  const readIds = (records: { offset: number; value: string | null }[]) => records.map((r) => ({ offset: r.offset, id: eventIdOf(r.value) }));
  checks.law({
    id: 'read-uncommitted-sees-ghosts',
    ok: eachTimes(readIds(uncommitted.records).map((r) => r.id), ids, 2) && offsets(uncommitted.records) === offsets(dataRecords),
    expected: t.uncommittedExpected(),
    found: listIds(readIds(uncommitted.records)),
  });
  checks.law({
    id: 'read-committed-once',
    ok: eachTimes(readIds(committed.records).map((r) => r.id), ids, 1) && offsets(committed.records) === offsets(kept),
    expected: t.committedExpected(),
    found: listIds(readIds(committed.records)),
    hint: t.committedHint(),
  });
  const next = Math.max(...dump.batches.map((b) => b.lastOffset)) + 1;
  const ends = [uncommitted, committed].map((r) => r.ends.find((e) => e.partition === 0)?.offset);
  checks.law({
    id: 'no-open-transaction',
    ok: state?.state === 'CompleteCommit' && ends.every((end) => end === next),
    expected: t.openExpected(),
    found: t.openFound({ state: state?.state ?? '?', uncommitted: String(ends[0] ?? '?'), committed: String(ends[1] ?? '?'), next }),
  });

  // The Java console consumer: read_uncommitted by default.
  const consoleIds = (records: { offset: number; value: string }[]) => readIds(records.map((r) => ({ offset: r.offset, value: r.value })));
  checks.law({
    id: 'console-default-sees-ghosts',
    ok: offsets(javaDefault) === offsets(uncommitted.records) && eachTimes(consoleIds(javaDefault).map((r) => r.id), ids, 2),
    expected: t.consoleDefaultExpected(),
    found: listIds(consoleIds(javaDefault)),
  });
  checks.law({
    id: 'console-read-committed-once',
    ok: offsets(javaCommitted) === offsets(committed.records) && eachTimes(consoleIds(javaCommitted).map((r) => r.id), ids, 1),
    expected: t.consoleCommittedExpected(),
    found: listIds(consoleIds(javaCommitted)),
  });

  checks.view({
    kind: 'transactions',
    files: [FILES.log(PRODUCER), FILES.dump(), FILES.read('read_uncommitted'), FILES.read('read_committed'), FILES.console('default'), FILES.console('read_committed')],
    strips: [{
      title: `${uncommitted.topic} p0`,
      batches: logBatches(dump, [{ name: PRODUCER, offsets: eventsOf(log, 'produced').map((e) => e.offset) }], '?'),
      reads: [
        topicRead(uncommitted),
        topicRead(committed),
        readOf('read_uncommitted', 'kafka-console-consumer', javaDefault, null),
        readOf('read_committed', 'kafka-console-consumer --isolation-level read_committed', javaCommitted, null),
      ],
    }],
  } satisfies TransactionsView);

  const figures: Figures = { ghosts: uncommitted.records.length - committed.records.length, abortedRecords: aborted.length };
  for (const [name, value] of Object.entries(figures)) checks.figure(name, value);
  return checks.grade();
}
