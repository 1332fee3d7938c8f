import { countDuplicates } from '@kafka-labs/dups';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import {
  beforeFirstStop,
  commitsByPartition,
  evidenceOf,
  first,
  groupView,
  last,
  msBetween,
  partitionList,
  partitionsOf,
  progressOf,
  readDupsReport,
  readGroupOffsets,
  readWorkerLogs,
  sameReport,
  unprocessed,
  workerName,
} from '@kafka-labs/kafka-rebalance/evidence';

/** What this grader reads of the parameters the run recorded (the run script's REVOKE). */
const RECORDED = is.object({
  partitions: is.integer,
  messages: is.integer,
  commitEvery: is.integer,
  variants: is.array(is.object({ group: is.string, revokeCommit: is.boolean, protocol: is.literal('classic', 'consumer') })),
});

/**
 * For each group: at b's join a gave back every partition (classic, range) or only the one b took (consumer protocol); every message was processed; without a
 * commit on revoke b restarts the moved partition at a's last commit and exactly the messages a processed after it
 * (fewer than one commit interval, none when the revoke follows a commit) are processed twice; with it, a commits where it stopped, b starts there, and
 * nothing is processed twice; the broker's committed offsets are the last ones the logs show committed.
 */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const topic = nameOf(names, 'pay');
  
  for (const variant of S.variants) {
    const v = variant.group;
    const [aName, bName] = [workerName(v, 'a'), workerName(v, 'b')];
    const logs = await readWorkerLogs(runDir, [aName, bName]);
    checks.view(groupView(v, logs));
    const { [aName]: a = [], [bName]: b = [] } = beforeFirstStop(logs);
    const all = [...logs[aName]!, ...logs[bName]!];

    // The rebalance b's join caused: a's first revoke, a's assignment after it, b's first non-empty assignment.
    const revoke = first(a, 'revoked');
    const revokeAt = revoke ? a.indexOf(revoke) : -1;
    const aAfter = first(a.slice(revokeAt + 1), 'assigned');
    const bAssigned = first(b, 'assigned', (e) => e.partitions.length > 0);
    const every = partitionsOf(S.partitions);
    const consumer = variant.protocol === 'consumer';
    const handedOver =
      revoke !== undefined &&
      aAfter !== undefined &&
      bAssigned !== undefined &&
      bAssigned.partitions.length === 1 &&
      (consumer
        ? revoke.partitions.join() === bAssigned.partitions.join() && aAfter.partitions.length === 0
        : revoke.partitions.join() === every.join() && [...aAfter.partitions, ...bAssigned.partitions].sort().join() === every.join());
    checks.law({
      id: consumer ? 'incremental-handover' : 'eager-handover',
      scope: v,
      ok: handedOver,
      expected: consumer
        ? `at b's join a gives back only the partition b takes (the consumer protocol is incremental) and keeps the other`
        : `at b's join a gives back every partition (eager), then a keeps some and b takes one`,
      found: `a revoked ${revoke ? partitionList(revoke.partitions) : 'nothing'}, a then ${aAfter ? `assigned ${partitionList(aAfter.partitions)}` : 'no assignment'}, b ${bAssigned ? `assigned ${partitionList(bAssigned.partitions)}` : 'no partition'}`,
      hint: consumer
        ? 'on the consumer protocol a member is revoked only what moves, then assigned [] (no change)'
        : 'the workers use the range strategy: a revoke of one partition only means a cooperative assignor',
      evidence: evidenceOf([revoke, aAfter, bAssigned]),
    });
    if (!handedOver) continue;

    const moved = bAssigned!.partitions[0]!;
    const aBefore = progressOf(a.slice(0, revokeAt));
    const committedAtRevoke = aBefore.committed.get(moved) ?? 0;
    const lastByA = (aBefore.next.get(moved) ?? 0) - 1;
    const lastCommitLine = last(a.slice(0, revokeAt), 'commit', (e) => e.offsets.some((o) => o.partition === moved));
    const lastProcessedLine = last(a.slice(0, revokeAt), 'processed', (e) => e.partition === moved);
    const firstOfB = first(b, 'processed', (e) => e.partition === moved);
    const report = countDuplicates(all);

    const missing = unprocessed(all, S.partitions, S.messages / S.partitions);
    checks.law({
      id: 'all-processed',
      scope: v,
      ok: missing.length === 0,
      expected: `every one of the ${S.messages} messages is processed at least once`,
      found: missing.length === 0 ? 'all processed' : `never processed: ${missing.join(', ')}`,
      hint: 'a partition nobody processed to its end: look for a worker that stopped early',
    });

    if (!variant.revokeCommit) {
      checks.law({
        id: 'b-starts-at-last-commit',
        scope: v,
        ok: firstOfB?.offset === committedAtRevoke,
        expected: `b starts p${moved} at the offset a last committed before the revoke, ${committedAtRevoke}`,
        found: `b's first: ${firstOfB ? `offset ${firstOfB.offset}` : 'none'}`,
        hint: 'a new owner starts at the committed offset: compare a commit line before the revoke with b\'s first processed line',
        evidence: evidenceOf([lastCommitLine, lastProcessedLine, revoke, firstOfB]),
      });
      const ranges = Object.entries(report.partitions).flatMap(([p, { ranges }]) => ranges.map((r) => ({ partition: Number(p), ...r })));
      const expected = { partition: moved, from: committedAtRevoke, to: lastByA, times: 2, by: [aName, bName].join() };
      const only = ranges.length === 1 ? ranges[0]! : undefined;
      // A revoke right after a commit leaves nothing uncommitted: then nothing is processed twice.
      const inRange =
        (lastByA < committedAtRevoke && ranges.length === 0) ||
        (only !== undefined &&
        only.partition === expected.partition &&
        only.from === expected.from &&
        only.to === expected.to &&
        only.times === 2 &&
        only.by.join() === expected.by);
      checks.law({
        id: 'duplicates-are-the-uncommitted-range',
        scope: v,
        ok: inRange,
        expected: `the messages processed twice are exactly those a processed after its last commit: p${moved} ${committedAtRevoke}..${lastByA}, once by each worker`,
        found: `found: ${ranges.map((r) => `p${r.partition} ${r.from}..${r.to} x${r.times} by ${r.by.join(', ')}`).join('; ') || 'none'}`,
        hint: `run dups on the folder: the re-processed range should start at a's last commit of p${moved}`,
        evidence: evidenceOf([lastCommitLine, lastProcessedLine, revoke, firstOfB]),
      });
      const count = lastByA - committedAtRevoke + 1;
      checks.law({
        id: 'fewer-than-one-commit-interval',
        scope: v,
        ok: count >= 0 && count < S.commitEvery,
        expected: `the rebalance found p${moved} at most one commit interval past a commit, so 0 to ${S.commitEvery - 1} messages are processed twice`,
        found: `a was ${count} past its last commit`,
        hint: 'at most one commit interval can be lost to a revoke without a commit (0 when the revoke comes right after a commit)',
      });
      checks.figure(`${v}.duplicates`, report.duplicates);
      checks.figure(`${v}.duplicateRange`, `p${moved} ${committedAtRevoke}..${lastByA}`);
    } else {
      const inRevoke = a.slice(revokeAt + 1, a.indexOf(aAfter!));
      const revokeCommit = first(inRevoke, 'commit', (e) => e.offsets.some((o) => o.partition === moved));
      const committed = revokeCommit?.offsets.find((o) => o.partition === moved)?.offset;
      checks.law({
        id: 'commit-on-revoke',
        scope: v,
        ok: committed === lastByA + 1,
        expected: `on revoke, before giving p${moved} up, a commits p${moved}=${lastByA + 1}, the next offset after the last one it processed`,
        found: `committed: ${committed === undefined ? 'nothing' : `p${moved}=${committed}`}`,
        hint: 'the worker commits on revoke only with --revoke-commit',
        evidence: evidenceOf([lastProcessedLine, revoke, revokeCommit, aAfter]),
      });
      checks.law({
        id: 'b-starts-where-a-stopped',
        scope: v,
        ok: firstOfB?.offset === lastByA + 1,
        expected: `b starts p${moved} at ${lastByA + 1}, where a's commit on revoke left it`,
        found: `b's first: ${firstOfB ? `offset ${firstOfB.offset}` : 'none'}`,
        evidence: evidenceOf([lastProcessedLine, revoke, revokeCommit, firstOfB]),
      });
      const twice = Object.entries(report.partitions).flatMap(([p, { ranges }]) => ranges.map((r) => `p${p} ${r.from}..${r.to}`));
      checks.law({
        id: 'no-duplicates',
        scope: v,
        ok: report.duplicates === 0,
        expected: 'no message is processed twice',
        found: `duplicates: ${report.duplicates}${twice.length ? `, ${twice.join(', ')}` : ''}`,
      });
      checks.figure(`${v}.duplicates`, report.duplicates);
      checks.figure(`${v}.handover`, `p${moved}=${lastByA + 1}`);
    }
    if (firstOfB && revoke) checks.figure(`${v}.revokeToFirstMessageOfBMs`, msBetween(revoke, firstOfB));
    const bStarted = b.find((e) => e.kind === 'started');
    if (bStarted && revoke) checks.figure(`${v}.joinToRevokeMs`, msBetween(bStarted, revoke));

    checks.expect(
      `${v}-dups-report`,
      sameReport(await readDupsReport(runDir, v), all),
      `dups-${v}.json says what counting the two logs says`,
    );

    const offsets = await readGroupOffsets(runDir, v, { group: nameOf(names, v), topic }, S.partitions);
    const commits = commitsByPartition(all);
    const wrong = every.filter((p) => offsets.get(p)!.committed !== (commits.get(p)?.at(-1)?.offset ?? null));
    checks.law({
      id: 'broker-has-last-commit',
      scope: v,
      ok: wrong.length === 0,
      expected: "the broker's committed offset of each partition is the last one the logs show committed",
      found: every.map((p) => `p${p}: broker ${offsets.get(p)!.committed ?? '-'}, logs ${commits.get(p)?.at(-1)?.offset ?? '-'}`).join('; '),
    });
  }
  return checks.grade();
}
