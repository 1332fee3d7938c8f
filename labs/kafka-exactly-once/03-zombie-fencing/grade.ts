import { readDump } from '@kafka-labs/dumplog';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { copies, describeCopies, durableOffset, epochsOf, eventIdOf, eventsOf, FILES, orderIds, readGroupOffset, readSavedRead, readTransactionStates, transactionalIdOf, transactionIn } from '@kafka-labs/kafka-exactly-once/evidence';
import { formatTxnEvent, readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { TRANSACTION_MESSAGES } from '@kafka-labs/kafka-exactly-once/transaction-messages';
import type { TransactionsView, TxnStrip } from '@kafka-labs/report/views';
import { logBatches, topicRead } from '@kafka-labs/kafka-exactly-once/transactions-view';
import { MESSAGES } from './messages.ts';

const ZOMBIES = ['fenced', 'committed-late', 'group-fenced', 'held'] as const;
type Zombie = (typeof ZOMBIES)[number];

/** The group's refusals of a member it has replaced: UNKNOWN_MEMBER_ID (25) or ILLEGAL_GENERATION (22), one law. */
const GROUP_FENCING_CODES = [25, 22];

/** What the stalled instance logged after it resumed must show, per variant (the message key says it in words). */
const OUTCOME: Record<Zombie, { expected: 'fencedExpected' | 'lateExpected' | 'groupFencedExpected' | 'heldOutcomeExpected'; ok: (after: TxnEvent[]) => boolean }> = {
  fenced: {
    expected: 'fencedExpected',
    ok: (after) => after.some((e) => e.kind === 'fenced' && e.code === -144 && e.flag === 'fatal') && !after.some((e) => e.kind === 'committed'),
  },
  'committed-late': {
    expected: 'lateExpected',
    ok: (after) => after.some((e) => e.kind === 'sent-offsets') && after.some((e) => e.kind === 'committed') && !after.some((e) => e.kind === 'fenced' || e.kind === 'failed'),
  },
  'group-fenced': {
    expected: 'groupFencedExpected',
    ok: (after) => {
      const refused = after.findIndex((e) => e.kind === 'failed' && e.call === 'sendOffsetsToTransaction' && GROUP_FENCING_CODES.includes(e.code));
      return refused >= 0 && after.slice(refused).some((e) => e.kind === 'aborted') && !after.some((e) => e.kind === 'committed');
    },
  },
  held: {
    expected: 'heldOutcomeExpected',
    ok: (after) => after.some((e) => e.kind === 'committed') && !after.some((e) => e.kind === 'fenced' || e.kind === 'failed' || e.kind === 'aborted'),
  },
};
/** The txn-worker's log line (a `client` line) right before its committed-offset fetch with assign(). */
const FETCHING = / fetching$/;


/** What this grader reads of the parameters the run recorded (the run script's ZOMBIE). */
const RECORDED = is.object({
  orders: is.integer,
  variants: is.array(is.object({ name: is.string, randomId: is.boolean, stallAfter: is.string, zombie: is.literal(...ZOMBIES) })),
});

/**
 * a1 stalls in an open transaction, a2 processes the whole input, a1 resumes. A stable transactional.id: a1 is
 * fenced (-144), the coordinator's ABORT at e+1, a2 at e+2 (librdkafka's transactions v1), each order once. A random id with assign(): a1 commits
 * late, its batch is there twice and the group offset moves back. A random id with subscribe(): a1's offsets are
 * refused (25 or 22), it aborts, each order once. A random id with assign(), a1 stalled after sendOffsetsToTransaction:
 * a2's committed-offset fetch is held until a1 commits, a2 starts at a1's offset, each order once.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const tx = textsIn(TRANSACTION_MESSAGES, lang);
  const checks = new Checks(lang);
  const { parameters: setup, names } = await readRunInfo(runDir, RECORDED);
  const ids = orderIds(setup.orders);
  const strips: TxnStrip[] = [];

  for (const v of setup.variants) {
    const scope = v.name;
    const a1 = await readTxnLog(runDir, `${v.name}-a1`);
    const a2 = await readTxnLog(runDir, `${v.name}-a2`);
    const group = nameOf(names, `enrich-${v.name}`);
    const input = nameOf(names, `orders-${v.name}`);

    const paused = a1.findIndex((e) => e.kind === 'paused' && e.after === v.stallAfter);
    const resumed = a1.findIndex((e, i) => i > paused && e.kind === 'resumed');
    const a2Done = a2.find((e, i) => e.kind === 'committed' && durableOffset(a2.slice(0, i + 1), 'transaction') === setup.orders);
    const openAtPause = paused >= 0 && a1.slice(0, paused).some((e) => e.kind === 'began') && !a1.slice(0, paused).some((e) => e.kind === 'committed' || e.kind === 'aborted');
    const held = v.zombie === 'held';
    const asked = a2.find((e) => e.kind === 'client' && FETCHING.test(e.text));
    const startingAt = eventsOf(a2, 'starting-at')[0];
    const resumedAt = a1[resumed]?.time;
    const startedText = startingAt ? `${startingAt.offsets.map((o) => `p${o.partition}=${o.offset}`).join(' ')} ${startingAt.time}` : t.never();
    const pausedText = paused >= 0 ? (openAtPause ? 'open' : 'outside') : 'never';
    checks.law({
      id: 'stalled-in-transaction',
      scope,
      ok: held
        ? openAtPause && resumedAt !== undefined && asked !== undefined && asked.time < resumedAt && (startingAt === undefined || startingAt.time > resumedAt)
        : openAtPause && resumed > 0 && a2Done !== undefined && a1[resumed]!.time > a2Done.time,
      expected: held ? t.stalledHeldExpected({ stallAfter: v.stallAfter }) : t.stalledExpected({ stallAfter: v.stallAfter, orders: setup.orders }),
      found: held
        ? t.stalledHeldFound({ paused: pausedText, asked: asked?.time ?? t.never(), resumed: resumedAt ?? t.never(), started: startedText })
        : t.stalledFound({ paused: pausedText, resumed: resumedAt ?? t.never(), orders: setup.orders, done: a2Done?.time ?? t.never() }),
    });
    if (held) {
      const a1Sent = eventsOf(a1, 'sent-offsets')[0]?.offsets.find((o) => o.partition === 0)?.offset;
      const a1Committed = eventsOf(a1, 'committed')[0]?.time;
      const startP0 = startingAt?.offsets.find((o) => o.partition === 0)?.offset;
      checks.law({
        id: 'offset-fetch-held',
        scope,
        ok: asked !== undefined && a1Committed !== undefined && startingAt !== undefined && startingAt.time >= a1Committed && a1Sent !== undefined && startP0 === a1Sent,
        expected: t.heldExpected(),
        found: t.heldFound({
          asked: asked?.time ?? t.never(),
          committed: a1Committed ?? t.never(),
          started: startingAt?.time ?? t.never(),
          offsets: startingAt ? startingAt.offsets.map((o) => `p${o.partition}=${o.offset}`).join(' ') : '-',
          sent: a1Sent === undefined ? t.nothing() : `p0=${a1Sent}`,
          held: asked && startingAt ? ((Date.parse(startingAt.time) - Date.parse(asked.time)) / 1000).toFixed(1) : '?',
        }),
      });
    }

    const [id1, id2] = [transactionalIdOf(a1), transactionalIdOf(a2)];
    checks.law({
      id: 'transactional-ids',
      scope,
      ok: id1 !== undefined && id2 !== undefined && (v.randomId ? id1 !== id2 : id1 === id2),
      expected: v.randomId ? t.idsDifferent() : t.idsSame(),
      found: `a1 ${id1 ?? '?'}, a2 ${id2 ?? '?'}`,
    });

    const after = resumed > 0 ? a1.slice(resumed) : [];
    const outcome = OUTCOME[v.zombie];
    checks.law({
      id: 'zombie-outcome',
      scope,
      ok: outcome.ok(after),
      expected: t[outcome.expected](),
      found: t.outcomeFound({
        calls:
          after
            .filter((e) => ['sent-offsets', 'committed', 'aborted', 'fenced', 'failed'].includes(e.kind))
            .map((e) => formatTxnEvent(e).slice(e.time.length + e.worker.length + 2, 120))
            .join('; ') || t.nothing(),
      }),
      hint: tx.codeHint(),
    });

    const committed = await readSavedRead(runDir, `read-committed-${v.name}.txt`);
    const uncommitted = await readSavedRead(runDir, `read-uncommitted-${v.name}.txt`);
    const a1Batch = eventsOf(a1, 'produced');
    const a1Ids = a1Batch.map((e) => e.id);
    const late = v.zombie === 'committed-late';
    /** a1's transaction was committed (its batch is in the read_committed output): late, or once a2 was held. */
    const a1Committed = late || held;
    const readIds = committed.records.map((r) => eventIdOf(r.value));
    const counts = copies(readIds);
    checks.law({
      id: 'read-committed-copies',
      scope,
      ok: a1Ids.length > 0 && counts.size === ids.length && ids.every((id) => counts.get(id) === (late && a1Ids.includes(id) ? 2 : 1)),
      expected: late ? t.copiesLate({ batch: a1Ids.join(' ') || tx.none() }) : held ? t.copiesHeld({ batch: a1Ids.join(' ') || tx.none() }) : t.copiesOnce(),
      found: tx.copiesFound({ n: readIds.length, copies: describeCopies(readIds), missing: ids.filter((id) => !counts.has(id)).join(' ') || tx.none() }),
    });

    const uncommittedIds = uncommitted.records.map((r) => eventIdOf(r.value));
    const expectedUncommitted = [...readIds, ...(a1Committed ? [] : a1Ids)].sort();
    checks.law({
      id: 'aborted-copies-only-uncommitted',
      scope,
      ok: JSON.stringify([...uncommittedIds].sort()) === JSON.stringify(expectedUncommitted),
      expected: a1Committed ? t.uncommittedEqual() : t.uncommittedGhosts(),
      found: t.uncommittedFound({ uncommitted: uncommittedIds.length, committed: readIds.length, a1: a1Ids.length }),
    });

    const before = await readGroupOffset(runDir, `${v.name}-before-resume`, group, input);
    const end = await readGroupOffset(runDir, `${v.name}-end`, group, input);
    const back = late ? eventsOf(after, 'sent-offsets')[0]?.offsets.find((o) => o.partition === 0)?.offset : setup.orders;
    checks.law({
      id: 'group-offset',
      scope,
      ok: (held ? before === null : before === setup.orders) && back !== undefined && end === back && (late ? end < setup.orders : true),
      expected: late ? t.offsetBack({ orders: setup.orders }) : held ? t.offsetHeld({ orders: setup.orders }) : t.offsetStays({ orders: setup.orders }),
      found: t.offsetFound({ before: String(before ?? tx.none()), end: String(end ?? tx.none()), sent: late ? String(back ?? t.nothing()) : null }),
    });

    const dump = await readDump(runDir, `dump-${v.name}.txt`, { nonEmpty: true });
    const { epoch: e, marker: a1Marker, outcome: kind } = transactionIn(dump, new Set(a1Batch.map((p) => p.offset)));
    const a2Epochs = epochsOf(dump, new Set(eventsOf(a2, 'produced').map((p) => p.offset)));
    const last = dump.batches.at(-1);
    const [state] = await readTransactionStates(runDir, `transactions-${v.name}-a1.txt`);
    const epochs = {
      fenced: {
        ok: kind === 'ABORT' && a1Marker!.producerEpoch === e + 1 && a2Epochs.length === 1 && a2Epochs[0] === e + 2 && state?.producerEpoch === e + 2,
        expected: t.epochsFenced(),
      },
      'committed-late': {
        ok: kind === 'COMMIT' && a1Marker!.producerEpoch === e && last === a1Marker,
        expected: t.epochsLate(),
      },
      'group-fenced': {
        ok: kind === 'ABORT' && a1Marker!.producerEpoch === e,
        expected: t.epochsGroup(),
      },
      held: {
        ok: kind === 'COMMIT' && a1Marker!.producerEpoch === e && a2Epochs.length > 0 && a1Marker!.baseOffset < Math.min(...eventsOf(a2, 'produced').map((p) => p.offset)),
        expected: t.epochsHeld(),
      },
    }[v.zombie];
    checks.law({
      id: 'epochs',
      scope,
      ok: epochs.ok,
      expected: epochs.expected,
      found: t.epochsFound({
        e: Number.isNaN(e) ? '?' : String(e),
        marker: a1Marker ? tx.markerAt({ kind: kind ?? '?', epoch: a1Marker.producerEpoch }) : tx.none(),
        last: a1Marker !== undefined && a1Marker === last,
        a2: a2Epochs.join(',') || '-',
        described: String(state?.producerEpoch ?? '?'),
      }),
      hint: tx.epochsHint(),
    });

    const a2Offsets = eventsOf(a2, 'produced').map((p) => p.offset);
    const error = after.find((e) => e.kind === 'fenced' || e.kind === 'failed');
    strips.push({
      title: v.name,
      batches: logBatches(dump, [{ name: 'a1', offsets: a1Batch.map((p) => p.offset) }, { name: 'a2', offsets: a2Offsets }], '?'),
      reads: [
        topicRead(uncommitted),
        topicRead(committed),
      ],
      instances: [
        {
          name: 'a1',
          transactionalId: id1 ?? '?',
          epochs: epochsOf(dump, new Set(a1Batch.map((p) => p.offset))),
          outcome: v.zombie === 'held' ? 'committed' : v.zombie,
          error: error && (error.kind === 'fenced' || error.kind === 'failed') ? `${error.call}: ${error.error} (${error.code})` : null,
        },
        { name: 'a2', transactionalId: id2 ?? '?', epochs: a2Epochs, outcome: 'committed', error: null },
      ],
    });

    checks.figure(`${v.name}Twice`, [...counts.values()].filter((n) => n > 1).length);
  }
  const files = setup.variants.flatMap((v) => [FILES.log(`${v.name}-a1`), FILES.log(`${v.name}-a2`), FILES.dump(v.name), FILES.read('read_uncommitted', v.name), FILES.read('read_committed', v.name)]);
  checks.view({ kind: 'transactions', files, strips } satisfies TransactionsView);
  return checks.grade();
}
