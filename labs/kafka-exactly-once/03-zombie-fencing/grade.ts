import { readDump } from '@kafka-labs/dumplog';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { copies, describeCopies, durableOffset, epochsOf, eventIdOf, eventsOf, orderIds, readGroupOffset, readSavedRead, readTransactionStates, transactionalIdOf, transactionIn } from '@kafka-labs/kafka-exactly-once/evidence';
import { formatTxnEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';

const ZOMBIES = ['fenced', 'committed-late', 'group-fenced'] as const;
type Zombie = (typeof ZOMBIES)[number];

/** What the stalled instance logged after it resumed, and what that must show per variant. */
const OUTCOME: Record<Zombie, { expected: string; ok: (after: TxnEvent[]) => boolean }> = {
  fenced: {
    expected: "a1's first call after it resumed failed fatally with _FENCED (-144) and it committed nothing",
    ok: (after) => after.some((e) => e.kind === 'fenced' && e.code === -144 && e.flag === 'fatal') && !after.some((e) => e.kind === 'committed'),
  },
  'committed-late': {
    expected: 'a1 resumed, sent its stale offsets and committed its transaction without an error (the late commit)',
    ok: (after) => after.some((e) => e.kind === 'sent-offsets') && after.some((e) => e.kind === 'committed') && !after.some((e) => e.kind === 'fenced' || e.kind === 'failed'),
  },
  'group-fenced': {
    expected: "a1's sendOffsetsToTransaction was refused with UNKNOWN_MEMBER_ID (25), then a1 aborted its transaction and committed nothing",
    ok: (after) => {
      const refused = after.findIndex((e) => e.kind === 'failed' && e.call === 'sendOffsetsToTransaction' && e.code === 25);
      return refused >= 0 && after.slice(refused).some((e) => e.kind === 'aborted') && !after.some((e) => e.kind === 'committed');
    },
  },
};


/** What this grader reads of the parameters the run recorded (the run script's ZOMBIE). */
const RECORDED = is.object({
  orders: is.integer,
  stallAfter: is.string,
  variants: is.array(is.object({ name: is.string, randomId: is.boolean, zombie: is.literal(...ZOMBIES) })),
});

/**
 * a1 stalls in an open transaction, a2 processes the whole input, a1 resumes. A stable transactional.id: a1 is
 * fenced (-144), the coordinator's ABORT at e+1, a2 at e+2, each order once. A random id with assign(): a1 commits
 * late, its batch is there twice and the group offset moves back. A random id with subscribe(): a1's offsets are
 * refused (25), it aborts, each order once.
 */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const { parameters: setup, names } = await readRunInfo(runDir, RECORDED);
  const ids = orderIds(setup.orders);

  for (const v of setup.variants) {
    const scope = v.name;
    const a1 = await readTxnLog(runDir, `${v.name}-a1`);
    const a2 = await readTxnLog(runDir, `${v.name}-a2`);
    const group = nameOf(names, `enrich-${v.name}`);
    const input = nameOf(names, `orders-${v.name}`);

    const paused = a1.findIndex((e) => e.kind === 'paused' && e.after === setup.stallAfter);
    const resumed = a1.findIndex((e, i) => i > paused && e.kind === 'resumed');
    const a2Done = a2.find((e, i) => e.kind === 'committed' && durableOffset(a2.slice(0, i + 1), 'transaction') === setup.orders);
    const openAtPause = paused >= 0 && a1.slice(0, paused).some((e) => e.kind === 'began') && !a1.slice(0, paused).some((e) => e.kind === 'committed' || e.kind === 'aborted');
    checks.law({
      id: 'stalled-in-transaction',
      scope,
      ok: openAtPause && resumed > 0 && a2Done !== undefined && a1[resumed]!.time > a2Done.time,
      expected: `a1 paused after ${setup.stallAfter} with its transaction open, and resumed only after a2 had committed offset ${setup.orders}`,
      found: `a1 paused: ${paused >= 0 ? (openAtPause ? 'in an open transaction' : 'outside a transaction') : 'never'}; resumed ${a1[resumed]?.time ?? 'never'}; a2 committed offset ${setup.orders} ${a2Done?.time ?? 'never'}`,
    });

    const [id1, id2] = [transactionalIdOf(a1), transactionalIdOf(a2)];
    checks.law({
      id: 'transactional-ids',
      scope,
      ok: id1 !== undefined && id2 !== undefined && (v.randomId ? id1 !== id2 : id1 === id2),
      expected: v.randomId ? 'a1 and a2 started with different (random) transactional.ids' : 'a1 and a2 started with the same transactional.id',
      found: `a1 ${id1 ?? '?'}, a2 ${id2 ?? '?'}`,
    });

    const after = resumed > 0 ? a1.slice(resumed) : [];
    const outcome = OUTCOME[v.zombie];
    checks.law({
      id: 'zombie-outcome',
      scope,
      ok: outcome.ok(after),
      expected: outcome.expected,
      found: `after resuming: ${after.filter((e) => ['sent-offsets', 'committed', 'aborted', 'fenced', 'failed'].includes(e.kind)).map((e) => formatTxnEvent(e).slice(e.time.length + e.worker.length + 2, 120)).join('; ') || 'nothing'}`,
      hint: 'graders read the error code and flag, never the message',
    });

    const committed = await readSavedRead(runDir, `read-committed-${v.name}.txt`);
    const uncommitted = await readSavedRead(runDir, `read-uncommitted-${v.name}.txt`);
    const a1Batch = eventsOf(a1, 'produced');
    const a1Ids = a1Batch.map((e) => e.id);
    const late = v.zombie === 'committed-late';
    const readIds = committed.records.map((r) => eventIdOf(r.value));
    const counts = copies(readIds);
    checks.law({
      id: 'read-committed-copies',
      scope,
      ok: a1Ids.length > 0 && counts.size === ids.length && ids.every((id) => counts.get(id) === (late && a1Ids.includes(id) ? 2 : 1)),
      expected: late
        ? `read_committed output: a1's late batch (${a1Ids.join(' ') || 'none'}) twice, every other order once`
        : 'read_committed output: every order once (a2\'s), nothing of a1',
      found: `${readIds.length} records: ${describeCopies(readIds)}; missing ${ids.filter((id) => !counts.has(id)).join(' ') || 'none'}`,
    });

    const uncommittedIds = uncommitted.records.map((r) => eventIdOf(r.value));
    const expectedUncommitted = [...readIds, ...(late ? [] : a1Ids)].sort();
    checks.law({
      id: 'aborted-copies-only-uncommitted',
      scope,
      ok: JSON.stringify([...uncommittedIds].sort()) === JSON.stringify(expectedUncommitted),
      expected: late ? "read_uncommitted output equals read_committed: a1's transaction was committed" : "read_uncommitted output holds read_committed's records plus a1's aborted batch",
      found: `read_uncommitted ${uncommittedIds.length} records, read_committed ${readIds.length}, a1 wrote ${a1Ids.length}`,
    });

    const before = await readGroupOffset(runDir, `${v.name}-before-resume`, group, input);
    const end = await readGroupOffset(runDir, `${v.name}-end`, group, input);
    const back = late ? eventsOf(after, 'sent-offsets')[0]?.offsets.find((o) => o.partition === 0)?.offset : setup.orders;
    checks.law({
      id: 'group-offset',
      scope,
      ok: before === setup.orders && back !== undefined && end === back && (late ? end < setup.orders : true),
      expected: late
        ? `the group's committed offset was ${setup.orders} when a1 resumed and moved BACK to a1's stale offset after its late commit`
        : `the group's committed offset was ${setup.orders} when a1 resumed and stayed there`,
      found: `before a1 resumed ${before ?? 'none'}, at the end ${end ?? 'none'}${late ? `, a1 sent ${back ?? 'nothing'}` : ''}`,
    });

    const dump = await readDump(runDir, `dump-${v.name}.txt`, { nonEmpty: true });
    const { epoch: e, marker: a1Marker, outcome: kind } = transactionIn(dump, new Set(a1Batch.map((p) => p.offset)));
    const a2Epochs = epochsOf(dump, new Set(eventsOf(a2, 'produced').map((p) => p.offset)));
    const last = dump.batches.at(-1);
    const [state] = await readTransactionStates(runDir, `transactions-${v.name}-a1.txt`);
    const epochs = {
      fenced: {
        ok: kind === 'ABORT' && a1Marker!.producerEpoch === e + 1 && a2Epochs.length === 1 && a2Epochs[0] === e + 2 && state?.producerEpoch === e + 2,
        expected: "a1's batch at epoch e ends in an ABORT at e+1 (written by the coordinator for a2's initTransactions); a2 writes at e+2",
      },
      'committed-late': {
        ok: kind === 'COMMIT' && a1Marker!.producerEpoch === e && last === a1Marker,
        expected: "a1's batch ends in a COMMIT at its own epoch e, the last batch of the log (after all of a2's): nobody bumped a1's epoch",
      },
      'group-fenced': {
        ok: kind === 'ABORT' && a1Marker!.producerEpoch === e,
        expected: "a1's batch ends in an ABORT at its own epoch e (a1 aborted it itself; no coordinator fenced its producer)",
      },
    }[v.zombie];
    checks.law({
      id: 'epochs',
      scope,
      ok: epochs.ok,
      expected: epochs.expected,
      found:
        `a1's batch at e=${Number.isNaN(e) ? '?' : e}; its marker: ${a1Marker ? `${kind ?? '?'} at ${a1Marker.producerEpoch}` : 'none'}${a1Marker && a1Marker === last ? ' (last batch)' : ''}; ` +
        `a2's batches at ${a2Epochs.join(',') || '-'}; kafka-transactions epoch of a1's id ${state?.producerEpoch ?? '?'}`,
      hint: 'grade epoch differences, never the producer id',
    });

    checks.figure(`${v.name}Twice`, [...counts.values()].filter((n) => n > 1).length);
  }
  return checks.grade();
}
