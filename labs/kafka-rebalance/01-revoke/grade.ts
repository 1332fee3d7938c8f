import { countDuplicates } from '@kafka-labs/dups';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import {
  beforeFirstStop,
  commitsByPartition,
  evidenceOf,
  first,
  groupView,
  handover,
  msBetween,
  partitionList,
  partitionsOf,
  readDupsReport,
  readGroupOffsets,
  readWorkerLogs,
  sameReport,
  unprocessed,
  workerName,
} from '@kafka-labs/kafka-rebalance/evidence';
import { MESSAGES as TRACK } from '@kafka-labs/kafka-rebalance/messages';
import { MESSAGES } from './messages.ts';

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
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const [t, tt] = [textsIn(MESSAGES, lang), textsIn(TRACK, lang)];
  const checks = new Checks(lang);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const topic = nameOf(names, 'pay');

  for (const variant of S.variants) {
    const v = variant.group;
    const [aName, bName] = [workerName(v, 'a'), workerName(v, 'b')];
    const logs = await readWorkerLogs(runDir, [aName, bName]);
    checks.view(groupView(v, logs));
    const { [aName]: a = [], [bName]: b = [] } = beforeFirstStop(logs);
    const all = [...logs[aName]!, ...logs[bName]!];

    const consumer = variant.protocol === 'consumer';
    const h = handover(a, b, S.partitions, variant.protocol);
    const { revoke, aAfter, bAssigned, handedOver, moved, committedAtRevoke, lastByA, lastCommitLine, lastProcessedLine, firstOfB } = h;
    const every = partitionsOf(S.partitions);
    checks.law({
      id: consumer ? 'incremental-handover' : 'eager-handover',
      scope: v,
      ok: handedOver,
      expected: consumer ? t.incrementalExpected() : t.eagerExpected(),
      found: t.handoverFound({
        revoked: revoke ? partitionList(revoke.partitions) : t.nothing(),
        aThen: aAfter ? t.assigned({ partitions: partitionList(aAfter.partitions) }) : t.noAssignment(),
        bGot: bAssigned ? t.assigned({ partitions: partitionList(bAssigned.partitions) }) : t.noPartition(),
      }),
      hint: consumer ? t.incrementalHint() : t.eagerHint(),
      evidence: evidenceOf([revoke, aAfter, bAssigned]),
    });
    if (!handedOver) continue;

    const report = countDuplicates(all);

    const missing = unprocessed(all, S.partitions, S.messages / S.partitions);
    checks.law({
      id: 'all-processed',
      scope: v,
      ok: missing.length === 0,
      expected: tt.allProcessedExpected(S),
      found: missing.length === 0 ? tt.allProcessed() : tt.neverProcessed({ missing: missing.join(', ') }),
      hint: tt.allProcessedHint(),
    });

    if (!variant.revokeCommit) {
      checks.law({
        id: 'b-starts-at-last-commit',
        scope: v,
        ok: firstOfB?.offset === committedAtRevoke,
        expected: t.startsAtCommitExpected({ moved, committed: committedAtRevoke }),
        found: t.bFirst({ offset: firstOfB ? t.offset(firstOfB) : tt.none() }),
        hint: t.startsAtCommitHint(),
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
        expected: t.rangeExpected({ moved, from: committedAtRevoke, to: lastByA }),
        found: tt.found({ what: ranges.map((r) => tt.range({ ...r, by: r.by.join(', ') })).join('; ') || tt.none() }),
        hint: t.rangeHint({ moved }),
        evidence: evidenceOf([lastCommitLine, lastProcessedLine, revoke, firstOfB]),
      });
      const count = lastByA - committedAtRevoke + 1;
      checks.law({
        id: 'fewer-than-one-commit-interval',
        scope: v,
        ok: count >= 0 && count < S.commitEvery,
        expected: t.intervalExpected({ moved, max: S.commitEvery - 1 }),
        found: t.intervalFound({ n: count }),
        hint: t.intervalHint(),
      });
      checks.figure(`${v}.duplicates`, report.duplicates);
      checks.figure(`${v}.duplicateRange`, `p${moved} ${committedAtRevoke}..${lastByA}`);
    } else {
      const revokeCommit = first(h.inRevoke, 'commit', (e) => e.offsets.some((o) => o.partition === moved));
      const committed = revokeCommit?.offsets.find((o) => o.partition === moved)?.offset;
      // A revoke right after a regular commit finds nothing uncommitted: the worker then commits nothing, rightly.
      const alreadyCommitted = revokeCommit === undefined && committedAtRevoke === lastByA + 1;
      checks.law({
        id: 'commit-on-revoke',
        scope: v,
        ok: committed === lastByA + 1 || alreadyCommitted,
        expected: t.revokeCommitExpected({ moved, next: lastByA + 1 }),
        found: alreadyCommitted
          ? t.committedBefore({ moved, offset: committedAtRevoke })
          : t.committed({ what: committed === undefined ? t.nothing() : `p${moved}=${committed}` }),
        hint: t.revokeCommitHint(),
        evidence: evidenceOf([lastProcessedLine, revoke, revokeCommit, aAfter]),
      });
      checks.law({
        id: 'b-starts-where-a-stopped',
        scope: v,
        ok: firstOfB?.offset === lastByA + 1,
        expected: t.whereStoppedExpected({ moved, next: lastByA + 1 }),
        found: t.bFirst({ offset: firstOfB ? t.offset(firstOfB) : tt.none() }),
        evidence: evidenceOf([lastProcessedLine, revoke, revokeCommit, firstOfB]),
      });
      const twice = Object.entries(report.partitions).flatMap(([p, { ranges }]) => ranges.map((r) => `p${p} ${r.from}..${r.to}`));
      checks.law({
        id: 'no-duplicates',
        scope: v,
        ok: report.duplicates === 0,
        expected: tt.noDuplicatesExpected(),
        found: t.duplicatesFound({ n: report.duplicates, ranges: twice.join(', ') }),
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
      tt.dupsReport({ file: `dups-${v}.json`, logs: 2 }),
    );

    const offsets = await readGroupOffsets(runDir, v, { group: nameOf(names, v), topic }, S.partitions);
    const commits = commitsByPartition(all);
    const wrong = every.filter((p) => offsets.get(p)!.committed !== (commits.get(p)?.at(-1)?.offset ?? null));
    checks.law({
      id: 'broker-has-last-commit',
      scope: v,
      ok: wrong.length === 0,
      expected: tt.brokerLastCommit(),
      found: every.map((p) => tt.partitionBrokerAndLogs({ p, broker: String(offsets.get(p)!.committed ?? '-'), logs: String(commits.get(p)?.at(-1)?.offset ?? '-') })).join('; '),
    });
  }
  return checks.grade();
}
