import { countDuplicates } from '@kafka-labs/dups';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import type { WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import {
  beforeFirstStop,
  commitsByPartition,
  evidenceOf,
  first,
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
export default async function grade(runDir: string) {
  const checks = new Checks();
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const third = S.partitions / 3;

  for (const variant of S.variants) {
    const v = variant.group;
    const members = ['a', 'b', 'c'].map((m) => workerName(v, m));
    const logs = await readWorkerLogs(runDir, members);
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
      expected: `${
        eager
          ? 'at c\'s join a and b each give back every partition they own (eager)'
          : `at c's join a and b each give back only the partition that moves to c and keep the others (${variant.protocol === 'consumer' ? 'consumer protocol' : 'cooperative'})`
      }; afterwards each of a, b, c owns ${third}`,
      found: `a ${partitionList(owned[0]!)} revoked ${revokes[0] ? partitionList(revokes[0].partitions) : 'nothing'}, b ${partitionList(owned[1]!)} revoked ${revokes[1] ? partitionList(revokes[1].partitions) : 'nothing'}; then a ${partitionList(finals[0]!)}, b ${partitionList(finals[1]!)}, c ${partitionList(finals[2]!)}`,
      hint: eager
        ? 'an eager assignor (range) revokes everything at every rebalance'
        : variant.protocol === 'consumer'
          ? 'on the consumer protocol the broker revokes only what moves'
          : 'cooperative-sticky revokes only what moves, in a second rebalance',
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
      expected: 'the messages processed twice are exactly those processed past the last commit on the partitions given back',
      found: `expected: ${expected.map(range).join(', ') || 'none'}; found: ${found.map((f) => `${range(f)}${f.times === 2 ? '' : ` x${f.times}`}`).join(', ') || 'none'}`,
      hint: 'a partition given back restarts at its last commit with its next owner',
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
        expected: `partitions that stayed with their owner, ${partitionList(stayed)}, are processed again from their last commit too (eager gives back everything)`,
        found: `partitions with duplicates: ${partitionList(withDups)}`,
        hint: 'with range every member restarts every partition it gets back at its last commit, even its own',
      });
    } else {
      checks.law({
        id: 'duplicates-only-where-partitions-moved',
        scope: v,
        ok: withDups.every((p) => moved.includes(p)) && kept.every((k) => k.length === third),
        expected: `only partitions that moved to c, ${partitionList(moved)}, may have messages processed twice; ${partitionList(stayed)} kept going`,
        found: `partitions with duplicates: ${partitionList(withDups)}`,
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
      expected: `every one of the ${S.messages} messages is processed at least once`,
      found: missing.length ? `never processed: ${missing.join(', ')}` : 'all processed',
    });
    checks.expect(`${v}-dups-report`, sameReport(await readDupsReport(runDir, v), all), `dups-${v}.json says what counting the three logs says`);

    const offsets = await readGroupOffsets(runDir, v, { group: nameOf(names, v), topic: nameOf(names, `${v}-orders`) }, S.partitions);
    const commits = commitsByPartition(all);
    const every = partitionsOf(S.partitions);
    const wrong = every.filter((p) => offsets.get(p)!.committed !== (commits.get(p)?.at(-1)?.offset ?? null));
    checks.law({
      id: 'broker-has-last-commit',
      scope: v,
      ok: wrong.length === 0,
      expected: "the broker's committed offset of each partition is the last one the logs show committed",
      found: wrong.length ? `differs on ${wrong.map((p) => `p${p}: broker ${offsets.get(p)!.committed ?? '-'}, logs ${commits.get(p)?.at(-1)?.offset ?? '-'}`).join('; ')}` : 'same on every partition',
    });
  }
  return checks.grade();
}
