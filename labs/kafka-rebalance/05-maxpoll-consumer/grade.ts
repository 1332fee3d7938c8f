import { countDuplicates } from '@kafka-labs/dups';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import type { WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import {
  commitsByPartition,
  evidenceOf,
  first,
  groupView,
  maxpollFound,
  merged,
  msBetween,
  readDupsReport,
  readGroupOffsets,
  readWorkerLogs,
  sameReport,
  showEvent,
  slowWork,
  unprocessed,
  workerName,
} from '@kafka-labs/kafka-rebalance/evidence';
import { MESSAGES as TRACK } from '@kafka-labs/kafka-rebalance/messages';
import { MESSAGES } from './messages.ts';

/** Clock granularity between the consume call that returned the slow message and the worker's `slow` line. */
const SLACK_MS = 50;

/** What this grader reads of the parameters the run recorded (the run script's MAXPOLL_CONSUMER). */
const RECORDED = is.object({
  partitions: is.integer,
  messages: is.integer,
  slowAt: is.integer,
  maxPollIntervalMs: is.number,
  sessionTimeoutMs: is.number,
  heartbeatIntervalMs: is.number,
  variants: is.array(is.object({ group: is.string, slowSec: is.number })),
});

/**
 * For each group on the consumer protocol: a's client logs MAXPOLL while a works on the slow offset, but p0 stays
 * a's until the broker's session expires (at least a session, less one heartbeat, after MAXPOLL). Within the session
 * (group within) a finishes, its late commit succeeds and nothing is processed twice; past it (group fenced) b takes
 * p0 and redoes the slow offset while a works, and a's late commit fails with UNKNOWN_MEMBER_ID. In both, every
 * offset is processed, the committed offset never goes back, and the broker has the last commit.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const [t, tt] = [textsIn(MESSAGES, lang), textsIn(TRACK, lang)];
  const checks = new Checks(lang);
  const at = (event: WorkerEvent) => showEvent(event).slice(0, 12);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);

  for (const variant of S.variants) {
    const v = variant.group;
    const fenced = variant.slowSec * 1000 > S.maxPollIntervalMs + S.sessionTimeoutMs;
    const [aName, bName] = [workerName(v, 'a'), workerName(v, 'b')];
    const logs = await readWorkerLogs(runDir, [aName, bName]);
    checks.view(groupView(v, logs));
    const [a, b] = [logs[aName]!, logs[bName]!];
    const all = [...a, ...b];

    const work = slowWork(a, S.slowAt, (text) => text.startsWith('MAXPOLL'));
    const { slow, maxpoll, done: aDone, silentMs } = work;
    checks.law({
      id: 'maxpoll-while-working',
      scope: v,
      ok: slow !== undefined && maxpoll !== undefined && aDone !== undefined && maxpoll.time <= aDone.time && silentMs >= S.maxPollIntervalMs - SLACK_MS,
      expected: t.maxpollExpected({ ms: S.maxPollIntervalMs, offset: S.slowAt }),
      found: maxpollFound(work, S.slowAt, lang),
      evidence: evidenceOf([slow, maxpoll, aDone]),
    });
    if (!slow || !maxpoll || !aDone) continue;

    // The broker expires a's session a session after a's last heartbeat, which came at most one interval before MAXPOLL.
    // Once a has finished and polls again, its client rejoins by itself: a hand-over from then on is not a fence.
    const outcome = a.slice(a.indexOf(aDone)).find((e) => e.kind === 'commit' || e.kind === 'commit-failed');
    const bTakes = first(b, 'assigned', (e) => e.partitions.includes(0) && e.time >= slow.time);
    const whileSilent = bTakes && (!outcome || bTakes.time <= outcome.time) ? bTakes : undefined;
    const handoverMs = bTakes ? msBetween(maxpoll, bTakes) : undefined;
    const earliestMs = S.sessionTimeoutMs - S.heartbeatIntervalMs - SLACK_MS;
    checks.law({
      id: 'no-handover-before-session-expires',
      scope: v,
      ok: whileSilent === undefined || msBetween(maxpoll, whileSilent) >= earliestMs,
      expected: t.noHandoverExpected({ earliest: earliestMs }),
      found: bTakes ? t.handoverFound({ ms: handoverMs!, beforeCommit: whileSilent !== undefined }) : t.bNeverAssigned(),
      hint: t.noHandoverHint(),
      evidence: evidenceOf([maxpoll, bTakes, outcome]),
    });

    const lateOffset = `p0=${S.slowAt + 1}`;
    const report = countDuplicates(all);
    const twice = Object.entries(report.partitions).flatMap(([p, { ranges }]) => ranges.map((r) => ({ partition: Number(p), ...r })));
    const twiceText = tt.found({ what: twice.map((r) => tt.range({ ...r, by: r.by.join(', ') })).join('; ') || tt.none() });
    const bOnSlow = first(b, 'processed', (e) => e.offset === S.slowAt);
    if (!fenced) {
      checks.law({
        id: 'no-handover-while-a-works',
        scope: v,
        ok: bTakes === undefined || bTakes.time > aDone.time,
        expected: t.notWhileWorkingExpected({ offset: S.slowAt }),
        found: bTakes ? t.assignedVsFinished({ b: at(bTakes), a: at(aDone) }) : t.bNeverAssigned(),
        evidence: evidenceOf([slow, maxpoll, bTakes, aDone]),
      });
      checks.law({
        id: 'late-commit-succeeds',
        scope: v,
        ok: outcome?.kind === 'commit' && outcome.offsets.some((o) => o.partition === 0 && o.offset === S.slowAt + 1),
        expected: t.lateSucceedsExpected({ late: lateOffset, offset: S.slowAt }),
        found: outcome ? showEvent(outcome) : tt.noCommitAfterSlow(),
        hint: t.lateSucceedsHint(),
        evidence: evidenceOf([maxpoll, aDone, outcome]),
      });
      checks.law({
        id: 'no-duplicates',
        scope: v,
        ok: report.duplicates === 0,
        expected: tt.noDuplicatesExpected(),
        found: twiceText,
      });
    } else {
      checks.law({
        id: 'handover-while-a-works',
        scope: v,
        ok: bTakes !== undefined && bTakes.time < aDone.time,
        expected: t.handoverExpected({ offset: S.slowAt }),
        found: bTakes ? t.assignedVsFinished({ b: at(bTakes), a: at(aDone) }) : t.bNeverAssigned(),
        evidence: evidenceOf([maxpoll, bTakes, aDone]),
      });
      checks.law({
        id: 'b-redoes-the-slow-offset',
        scope: v,
        ok: bOnSlow !== undefined && bOnSlow.time < aDone.time,
        expected: tt.bFirstExpected({ offset: S.slowAt }),
        found: bOnSlow ? t.bThenA({ b: at(bOnSlow), a: at(aDone) }) : t.bNeverProcessed(),
        evidence: evidenceOf([slow, bOnSlow, aDone]),
      });
      checks.law({
        id: 'late-commit-fails-unknown-member',
        scope: v,
        ok: outcome?.kind === 'commit-failed' && outcome.error === 'UNKNOWN_MEMBER_ID' && outcome.offsets.some((o) => o.partition === 0 && o.offset === S.slowAt + 1),
        expected: t.lateFailsExpected({ late: lateOffset, offset: S.slowAt }),
        found: outcome ? showEvent(outcome) : tt.noCommitAfterSlow(),
        hint: t.lateFailsHint(),
        evidence: evidenceOf([maxpoll, bTakes, aDone, outcome]),
      });
      checks.law({
        id: 'only-the-slow-offset-twice',
        scope: v,
        ok: twice.length === 1 && twice[0]!.from === S.slowAt && twice[0]!.to === S.slowAt && twice[0]!.times === 2 && twice[0]!.by.join() === [aName, bName].join(),
        expected: tt.onlySlowTwiceExpected({ offset: S.slowAt }),
        found: twiceText,
      });
    }

    const commits = commitsByPartition(all).get(0) ?? [];
    const back = commits.findIndex((c, i) => i > 0 && c.offset < commits[i - 1]!.offset);
    checks.law({
      id: 'committed-offset-never-goes-back',
      scope: v,
      ok: back < 0,
      expected: tt.neverBackExpected(),
      found: back < 0 ? commits.map((c) => c.offset).join(', ') : tt.wentBack({ from: commits[back - 1]!.offset, to: commits[back]!.offset }),
      evidence: back < 0 ? [] : evidenceOf(merged(all).filter((e) => e.kind === 'commit').slice(Math.max(0, back - 2), back + 2)),
    });
    const missing = unprocessed(all, S.partitions, S.messages);
    checks.law({
      id: 'every-offset-processed',
      scope: v,
      ok: missing.length === 0,
      expected: tt.everyOffsetExpected({ last: S.messages - 1 }),
      found: missing.length ? tt.neverProcessed({ missing: missing.join(', ') }) : tt.allProcessed(),
    });
    checks.expect(`${v}-dups-report`, sameReport(await readDupsReport(runDir, v), all), tt.dupsReport({ file: `dups-${v}.json`, logs: 2 }));
    const offsets = await readGroupOffsets(runDir, v, { group: nameOf(names, v), topic: nameOf(names, `${v}-slow`) }, S.partitions);
    const broker = offsets.get(0)!.committed;
    checks.law({
      id: 'broker-has-last-commit',
      scope: v,
      ok: broker === (commits.at(-1)?.offset ?? null) && broker === offsets.get(0)!.logEnd,
      expected: tt.brokerLastCommitP0({ end: offsets.get(0)!.logEnd }),
      found: tt.brokerAndLogs({ broker: String(broker ?? '-'), logs: String(commits.at(-1)?.offset ?? '-') }),
    });

    checks.figure(`${v}.maxPollAfterMs`, silentMs);
    if (handoverMs !== undefined) checks.figure(`${v}.handoverAfterMaxPollMs`, handoverMs);
    checks.figure(`${v}.duplicates`, report.duplicates);
  }
  return checks.grade();
}
