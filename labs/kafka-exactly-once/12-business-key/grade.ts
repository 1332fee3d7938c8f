import { parseDump, sinkState } from '@kafka-labs/database/dump';
import { Checks, GradeError, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { eventsOf, FILES, readSavedRead, sinkWorker } from '@kafka-labs/kafka-exactly-once/evidence';
import { formatTxnEvent, parseOrder, readTxnLog } from '@kafka-labs/kafka-client/txn-log';
import type { SinkView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

const VARIANTS = ['upsert', 'inbox', 'versioned'] as const;
type Variant = (typeof VARIANTS)[number];
type Outcome = 'applied' | 'skipped' | 'stale';

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ variants: is.array(is.object({ name: is.literal(...VARIANTS) })) });

interface Arrival {
  offset: number;
  id: string;
  order: string;
  status: string;
  version: number;
}

/**
 * Each sink's rule over the arrivals in offset order: what it does with each (applied, skipped, stale) and the
 * order_projection it leaves (status and version per order). upsert: every arrival overwrites its order's row.
 * inbox: a known event_id applies nothing. versioned: the inbox, and an arrival older than (or as old as) its
 * order's row is recorded but changes nothing.
 */
function sinkRule(variant: Variant, arrivals: Arrival[]) {
  const seen = new Set<string>();
  const rows = new Map<string, { status: string; version: number }>();
  const outcomes = arrivals.map((a): Outcome => {
    if (variant !== 'upsert' && seen.has(a.id)) return 'skipped';
    seen.add(a.id);
    const row = rows.get(a.order);
    if (variant === 'versioned' && row && row.version >= a.version) return 'stale';
    rows.set(a.order, { status: a.status, version: a.version });
    return 'applied';
  });
  return { outcomes, rows };
}

/**
 * One partition of status events read by three groups into three databases. Kafka (and librdkafka 2.15.1's consumer)
 * deliver the partition in offset order, the redelivered and the late event included; what the final row says is
 * the sink's doing: each variant's outcomes and final rows follow its rule, and only the version guard leaves every
 * order at its newest status.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);

  const inputFile = FILES.read('read_committed', 'input');
  const read = await readSavedRead(runDir, inputFile);
  const arrivals = read.records.map((r): Arrival => {
    const e = parseOrder(r.value);
    if (!e || e.version === undefined) throw new GradeError(`${inputFile}: p${r.partition} offset ${r.offset} is not a versioned order event`);
    return { offset: r.offset, id: e.eventId, order: e.orderId, status: e.status, version: e.version };
  });
  const columns = read.records.map((r, i) => ({ id: arrivals[i]!.id, partition: r.partition, offset: r.offset, note: `${arrivals[i]!.order} ${arrivals[i]!.status} v${arrivals[i]!.version}` }));
  const newest = new Map<string, Arrival>();
  for (const a of arrivals) if ((newest.get(a.order)?.version ?? -Infinity) < a.version) newest.set(a.order, a);
  const describe = (rows: Map<string, { status: string; version: number | null }>) =>
    [...rows].sort(([a], [b]) => a.localeCompare(b)).map(([order, r]) => `${order} ${r.status} v${r.version ?? '-'}`).join(', ') || t.none();
  const wrongCount: Partial<Record<Variant, number>> = {};

  for (const { name: v } of S.variants) {
    const group = nameOf(names, v);
    const log = await readTxnLog(runDir, v);
    const consumed = eventsOf(log, 'consumed');
    checks.law({
      id: 'offset-order',
      scope: v,
      ok: consumed.length === arrivals.length && consumed.every((c, i) => c.offset === arrivals[i]!.offset && c.id === arrivals[i]!.id),
      expected: t.offsetOrderExpected({ v, n: arrivals.length }),
      found: consumed.map((c) => `${c.offset}:${c.id}`).join(' '),
    });

    const rule = sinkRule(v, arrivals);
    const outcomes = log.flatMap((e) => (e.kind === 'applied' || e.kind === 'skipped' || e.kind === 'stale' ? [`${e.kind} ${e.id}`] : []));
    const expectedOutcomes = rule.outcomes.map((o, i) => `${o} ${arrivals[i]!.id}`);
    checks.law({
      id: 'sink-outcomes',
      scope: v,
      ok: outcomes.join() === expectedOutcomes.join(),
      expected: v === 'upsert' ? t.outcomesUpsert() : v === 'inbox' ? t.outcomesInbox() : t.outcomesVersioned(),
      found: outcomes.join(', ') || t.none(),
      evidence: log.filter((e) => ['consumed', 'applied', 'skipped', 'stale'].includes(e.kind)).map(formatTxnEvent),
    });

    const dumpFile = `database-${v}.jsonl`;
    const state = sinkState(parseDump(await readRunFile(runDir, dumpFile), dumpFile));
    const rows = new Map(state.projection.map((p) => [p.orderId, { status: p.status, version: p.version }]));
    checks.law({
      id: 'final-row',
      scope: v,
      ok: describe(rows) === describe(rule.rows),
      expected: t.finalRowExpected({ v, rows: describe(rule.rows) }),
      found: describe(rows),
    });
    const wrong = [...newest.values()].filter((a) => rows.get(a.order)?.status !== a.status);
    wrongCount[v] = wrong.length;
    checks.figure(`${v}Wrong`, wrong.length);
    checks.figure(`${v}Rows`, state.events.length);

    checks.view({
      kind: 'sink',
      files: [inputFile, `${v}.log`, dumpFile],
      name: v,
      events: columns,
      workers: [sinkWorker(v, group, log, columns)],
      finalRows: [...rows].map(([orderId, r]) => ({ orderId, status: r.status, version: r.version, expected: newest.get(orderId)?.status ?? '?' })),
    } satisfies SinkView);
  }

  const counts = VARIANTS.map((v) => `${v} ${wrongCount[v] ?? '?'}`).join(', ');
  checks.law({
    id: 'only-version-guard-right',
    ok: (wrongCount.upsert ?? 0) > (wrongCount.inbox ?? 0) && (wrongCount.inbox ?? 0) > 0 && wrongCount.versioned === 0,
    expected: t.onlyVersionExpected(),
    found: t.onlyVersionFound({ counts }),
  });
  return checks.grade();
}
