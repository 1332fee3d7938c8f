import { readDump } from '@kafka-labs/dumplog';
import { Checks, is, readRunInfo } from '@kafka-labs/grader';
import { copies, describeCopies, durableOffset, eventIdOf, eventsOf, FILES, orderIds, readSavedRead, readTransactionStates } from '@kafka-labs/kafka-exactly-once/evidence';
import { readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { TRANSACTION_MESSAGES } from '@kafka-labs/kafka-exactly-once/transaction-messages';
import type { TransactionsView, TxnStrip } from '@kafka-labs/report/views';
import { logBatches, topicRead } from '@kafka-labs/kafka-exactly-once/transactions-view';
import { MESSAGES } from './messages.ts';

/** Copies of the killed batch in the read_committed output, by where the offsets are committed. */
const KILLED_BATCH_COPIES = { 'after-txn': 2, 'before-txn': 0, transaction: 1 } as const;

/** What a worker's last transaction wrote (from its `produced` lines) and whether it ended before the worker did. */
function lastTransaction(events: TxnEvent[]) {
  const began = events.findLastIndex((e) => e.kind === 'began');
  const rest = began < 0 ? [] : events.slice(began);
  return {
    produced: eventsOf(rest, 'produced'),
    ended: rest.some((e) => e.kind === 'committed' || e.kind === 'aborted'),
  };
}

/** What this grader reads of the parameters the run recorded (the run script's OFFSETS). */
const RECORDED = is.object({
  orders: is.integer,
  variants: is.array(is.object({ name: is.string, commit: is.literal('after-txn', 'before-txn', 'transaction'), killAfter: is.string })),
});

/**
 * A worker killed at a line of its second batch and restarted with the same transactional.id: offsets committed
 * after the transaction repeat the batch, before it lose the batch, inside it (sendOffsetsToTransaction) neither.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const tx = textsIn(TRANSACTION_MESSAGES, lang);
  const checks = new Checks(lang);
  const setup = (await readRunInfo(runDir, RECORDED)).parameters;
  const ids = orderIds(setup.orders);
  const strips: TxnStrip[] = [];

  for (const v of setup.variants) {
    const scope = v.name;
    const killed = await readTxnLog(runDir, `${v.name}-1`);
    const restarted = await readTxnLog(runDir, `${v.name}-2`);
    const committed = await readSavedRead(runDir, FILES.read('read_committed', v.name));
    const uncommitted = await readSavedRead(runDir, FILES.read('read_uncommitted', v.name));
    const dump = await readDump(runDir, FILES.dump(v.name), { nonEmpty: true });
    const [state] = await readTransactionStates(runDir, FILES.transactions(v.name));

    const last = killed.at(-1);
    checks.law({
      id: 'killed-at-the-line',
      scope,
      ok: last?.kind === 'paused' && last.after === v.killAfter && !killed.some((e) => e.kind === 'stopping'),
      expected: t.killedExpected({ name: `${v.name}-1`, killAfter: v.killAfter }),
      found: t.killedFound({ last: last ? `${last.kind}${last.kind === 'paused' ? ` after ${last.after}` : ''}` : tx.none() }),
      hint: t.killedHint(),
    });

    const durable = durableOffset(killed, v.commit);
    const start = eventsOf(restarted, 'starting-at')[0]?.offsets.find((o) => o.partition === 0)?.offset;
    checks.law({
      id: 'restart-at-committed-offset',
      scope,
      ok: durable !== null && start === durable,
      expected: t.restartExpected({ restarted: `${v.name}-2`, killed: `${v.name}-1` }),
      found: t.restartFound({ killed: `${v.name}-1`, durable: String(durable ?? tx.none()), restarted: `${v.name}-2`, start: String(start ?? '?') }),
    });

    const batch = lastTransaction(killed);
    const batchIds = batch.produced.map((e) => e.id);
    const want = KILLED_BATCH_COPIES[v.commit] ?? 1;
    const readIds = committed.records.map((r) => eventIdOf(r.value));
    const counts = copies(readIds);
    checks.law({
      id: 'read-committed-copies',
      scope,
      ok: batchIds.length > 0 && ids.every((id) => (counts.get(id) ?? 0) === (batchIds.includes(id) ? want : 1)) && counts.size === ids.filter((id) => !batchIds.includes(id) || want > 0).length,
      expected: (want === 2 ? t.copiesTwice : want === 0 ? t.copiesLost : t.copiesOnce)({ batch: batchIds.join(' ') || tx.none() }),
      found: tx.copiesFound({ n: readIds.length, copies: describeCopies(readIds), missing: ids.filter((id) => !counts.has(id)).join(' ') || tx.none() }),
    });

    const uncommittedIds = uncommitted.records.map((r) => eventIdOf(r.value));
    const ghosts = batch.ended ? [] : batchIds;
    const expectedUncommitted = [...readIds, ...ghosts].sort();
    checks.law({
      id: 'aborted-copies-only-uncommitted',
      scope,
      ok: JSON.stringify([...uncommittedIds].sort()) === JSON.stringify(expectedUncommitted),
      expected: batch.ended ? t.uncommittedEqual() : t.uncommittedGhosts(),
      found: t.uncommittedFound({ uncommitted: uncommittedIds.length, committed: readIds.length, killed: batch.ended ? t.txnEnded() : t.txnOpen({ n: ghosts.length }) }),
    });

    // Epochs (librdkafka 2.15.1, transactions v1: one epoch per instance): initTransactions of the restarted worker
    // bumps the epoch; a transaction it finds open is aborted at that bumped epoch (ABORT marker at e+1) and the new
    // instance gets e+2.
    const killedOffsets = new Set(batch.produced.map((e) => e.offset));
    const killedBatch = dump.batches.find((b) => !b.isControl && b.records.some((r) => killedOffsets.has(r.offset)));
    const e = killedBatch?.producerEpoch ?? NaN;
    const marker = killedBatch && dump.batches.find((b) => b.isControl && b.baseOffset > killedBatch.lastOffset);
    const newer = dump.batches.filter((b) => killedBatch && b.baseOffset > (marker?.baseOffset ?? killedBatch.lastOffset));
    const newEpoch = batch.ended ? e + 1 : e + 2;
    const ok = batch.ended
      ? marker?.records[0]?.endTxnMarker === 'COMMIT' && marker.producerEpoch === e && newer.every((b) => b.producerEpoch === newEpoch)
      : marker?.records[0]?.endTxnMarker === 'ABORT' && marker.producerEpoch === e + 1 && newer.every((b) => b.producerEpoch === newEpoch);
    checks.law({
      id: 'epochs',
      scope,
      ok: ok && state?.producerEpoch === newEpoch,
      expected: batch.ended ? t.epochsCommit() : t.epochsAbort(),
      found: t.epochsFound({
        e: Number.isNaN(e) ? '?' : String(e),
        marker: marker?.records[0]?.endTxnMarker ?? tx.none(),
        at: String(marker?.producerEpoch ?? '?'),
        later: [...new Set(newer.map((b) => b.producerEpoch))].join(',') || '-',
        described: String(state?.producerEpoch ?? '?'),
      }),
      hint: tx.epochsHint(),
    });

    const produced = (log: TxnEvent[]) => eventsOf(log, 'produced').map((p) => p.offset);
    strips.push({
      title: `${v.name}: --commit ${v.commit}`,
      batches: logBatches(dump, [{ name: `${v.name}-1`, offsets: produced(killed) }, { name: `${v.name}-2`, offsets: produced(restarted) }], '?'),
      reads: [
        topicRead(uncommitted),
        topicRead(committed),
      ],
      groupOffsets: { input: `orders-${v.name} p0`, end: setup.orders, killed: durable, restart: start ?? null },
    });

    checks.figure(`${v.name}Twice`, [...counts.values()].filter((n) => n > 1).length);
    checks.figure(`${v.name}Missing`, ids.filter((id) => !counts.has(id)).length);
  }
  const files = setup.variants.flatMap((v) => [FILES.log(`${v.name}-1`), FILES.log(`${v.name}-2`), FILES.dump(v.name), FILES.read('read_uncommitted', v.name), FILES.read('read_committed', v.name)]);
  checks.view({ kind: 'transactions', files, strips } satisfies TransactionsView);
  return checks.grade();
}
