import { countDuplicates } from '@kafka-labs/dups';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import type { WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import {
  beforeFirstStop,
  commitsByPartition,
  evidenceOf,
  first,
  groupView,
  merged,
  msBetween,
  ownedBy,
  partitionList,
  partitionsOf,
  progressOf,
  readDupsReport,
  readGroupOffsets,
  readWorkerLogs,
  sameReport,
  unprocessed,
  workerName,
  type EventOf,
} from '@kafka-labs/kafka-rebalance/evidence';
import { MESSAGES as TRACK } from '@kafka-labs/kafka-rebalance/messages';
import { MESSAGES } from './messages.ts';

const range = (r: { partition: number; from: number; to: number }) => `p${r.partition} ${r.from}..${r.to}`;

/** What this grader reads of the parameters the run recorded (the run script's JOIN). */
const RECORDED = is.object({
  partitions: is.integer,
  messages: is.integer,
  variants: is.array(is.object({ group: is.string, protocol: is.literal('classic', 'consumer'), strategy: is.string })),
});

/**
 * For each group: when c joins, an eager member (range) gives back every partition it owns and a cooperative one
 * (cooperative-sticky) only those that move to c; every partition given back is started again by its next owner at
 * the last commit, so exactly the messages processed past that commit run twice: also on partitions that stay
 * with range, only on the moved ones with cooperative-sticky and on the consumer protocol. Every message is processed; the broker has the last commits.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const [t, tt] = [textsIn(MESSAGES, lang), textsIn(TRACK, lang)];
  const checks = new Checks(lang);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const third = S.partitions / 3;

  for (const variant of S.variants) {
    const v = variant.group;
    const members = ['a', 'b', 'c'].map((m) => workerName(v, m));
    const logs = await readWorkerLogs(runDir, members);
    checks.view(groupView(v, logs));
    const cut = beforeFirstStop(logs);
    const [a, b, c] = members.map((m) => cut[m] ?? []) as [WorkerEvent[], WorkerEvent[], WorkerEvent[]];
    const all = members.flatMap((m) => logs[m]!);

    // Before c joined: what a and b owned. At the join: each one's first revoke after c started.
    const join = first(c, 'started');
    const before = (events: WorkerEvent[]) => (join ? events.filter((e) => e.time < join.time) : events);
    const owned = [a, b].map((events) => ownedBy(before(events)));
    const revokes = [a, b].map((events) => (join ? first(events, 'revoked', (e) => e.time >= join.time) : undefined));
    const kept = owned.map((partitions, i) => [...partitions].filter((p) => !revokes[i]?.partitions.includes(p)));
    const finals = [a, b, c].map((events) => ownedBy(events));
    const moved = [...finals[2]!].sort((x, y) => x - y);

    const split = owned.every((o) => o.size === S.partitions / 2) && new Set([...owned[0]!, ...owned[1]!]).size === S.partitions;
    const settled = finals.every((f) => f.size === third) && new Set(finals.flatMap((f) => [...f])).size === S.partitions;
    const eager = variant.strategy === 'range';
    const revokedAsExpected = revokes.every((r, i) =>
      eager
        ? r !== undefined && partitionList(r.partitions) === partitionList(owned[i]!)
        : r !== undefined && r.partitions.length === owned[i]!.size - third && r.partitions.every((p) => finals[2]!.has(p)),
    );
    checks.law({
      id: 'revocation',
      scope: v,
      ok: join !== undefined && split && settled && revokedAsExpected,
      expected: eager ? t.eagerExpected({ third }) : t.incrementalExpected({ third, consumer: variant.protocol === 'consumer' }),
      found: t.revocationFound({
        a: partitionList(owned[0]!),
        aRevoked: revokes[0] ? partitionList(revokes[0].partitions) : t.nothing(),
        b: partitionList(owned[1]!),
        bRevoked: revokes[1] ? partitionList(revokes[1].partitions) : t.nothing(),
        aThen: partitionList(finals[0]!),
        bThen: partitionList(finals[1]!),
        cThen: partitionList(finals[2]!),
      }),
      hint: eager ? t.eagerHint() : variant.protocol === 'consumer' ? t.consumerHint() : t.cooperativeHint(),
      evidence: evidenceOf([join, ...revokes, ...[a, b, c].map((events) => (join ? first(events, 'assigned', (e) => e.time >= join.time && e.partitions.length > 0) : undefined))]),
    });
    if (!join || !split) continue;

    // Every partition given back restarts at its last commit: expected duplicates are [committed, last processed].
    const byPartition = (x: { partition: number }, y: { partition: number }) => x.partition - y.partition;
    const expected = [a, b].flatMap((events, i) => {
      const revoke = revokes[i];
      if (!revoke) return [];
      const then = progressOf(events.slice(0, events.indexOf(revoke)));
      return revoke.partitions.flatMap((partition) => {
        const from = then.committed.get(partition) ?? 0;
        const to = (then.next.get(partition) ?? 0) - 1;
        return to >= from ? [{ partition, from, to }] : [];
      });
    }).sort(byPartition);
    const report = countDuplicates(all);
    const found = Object.entries(report.partitions).flatMap(([p, { ranges }]) =>
      ranges.map((r) => ({ partition: Number(p), from: r.from, to: r.to, times: r.times })),
    );
    const same =
      found.length === expected.length && found.every((f) => f.times === 2 && expected.some((e) => range(e) === range(f)));
    checks.law({
      id: 'duplicates-are-uncommitted-work-of-revoked-partitions',
      scope: v,
      ok: same,
      expected: t.dupsExpected(),
      found: t.dupsFound({
        expected: expected.map(range).join(', ') || tt.none(),
        found: found.map((f) => `${range(f)}${f.times === 2 ? '' : ` x${f.times}`}`).join(', ') || tt.none(),
      }),
      hint: t.dupsHint(),
    });
    const withDups = [...new Set(found.map((f) => f.partition))].sort((x, y) => x - y);
    const stayed = partitionsOf(S.partitions).filter((p) => [0, 1].some((i) => owned[i]!.has(p) && finals[i]!.has(p)));
    if (eager) {
      // A partition that stayed gets no duplicates only if its owner had committed just before its revoke.
      const redone = withDups.filter((p) => stayed.includes(p));
      checks.law({
        id: 'duplicates-where-partitions-stayed',
        scope: v,
        ok: redone.length > 0,
        expected: t.stayedExpected({ stayed: partitionList(stayed) }),
        found: t.withDuplicates({ partitions: partitionList(withDups) }),
        hint: t.stayedHint(),
      });
    } else {
      checks.law({
        id: 'duplicates-only-where-partitions-moved',
        scope: v,
        ok: withDups.every((p) => moved.includes(p)) && kept.every((k) => k.length === third),
        expected: t.movedExpected({ moved: partitionList(moved), stayed: partitionList(stayed) }),
        found: t.withDuplicates({ partitions: partitionList(withDups) }),
      });
    }
    checks.figure(`${v}.duplicates`, report.duplicates);
    checks.figure(`${v}.partitionsWithDuplicates`, withDups.map((p) => `p${p}`));
    const firstRevoke = merged(revokes.filter((r): r is EventOf<'revoked'> => r !== undefined))[0];
    const cGets = first(c, 'assigned', (e) => e.partitions.length > 0);
    if (firstRevoke && cGets) checks.figure(`${v}.firstRevokeToCAssignedMs`, msBetween(firstRevoke, cGets));

    const missing = unprocessed(all, S.partitions, S.messages / S.partitions);
    checks.law({
      id: 'all-processed',
      scope: v,
      ok: missing.length === 0,
      expected: tt.allProcessedExpected(S),
      found: missing.length ? tt.neverProcessed({ missing: missing.join(', ') }) : tt.allProcessed(),
    });
    checks.expect(`${v}-dups-report`, sameReport(await readDupsReport(runDir, v), all), tt.dupsReport({ file: `dups-${v}.json`, logs: 3 }));

    const offsets = await readGroupOffsets(runDir, v, { group: nameOf(names, v), topic: nameOf(names, `${v}-orders`) }, S.partitions);
    const commits = commitsByPartition(all);
    const every = partitionsOf(S.partitions);
    const wrong = every.filter((p) => offsets.get(p)!.committed !== (commits.get(p)?.at(-1)?.offset ?? null));
    checks.law({
      id: 'broker-has-last-commit',
      scope: v,
      ok: wrong.length === 0,
      expected: tt.brokerLastCommit(),
      found: wrong.length
        ? tt.differsOn({
            list: wrong.map((p) => tt.partitionBrokerAndLogs({ p, broker: String(offsets.get(p)!.committed ?? '-'), logs: String(commits.get(p)?.at(-1)?.offset ?? '-') })).join('; '),
          })
        : tt.sameEverywhere(),
    });
  }
  return checks.grade();
}
