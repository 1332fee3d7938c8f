import { countDuplicates } from '@kafka-labs/dups';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import {
  beforeFirstStop,
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

/** librdkafka's warning when the application did not poll within max.poll.interval.ms; it leaves the group. */
const MAXPOLL = /^MAXPOLL .*Application maximum poll interval \((\d+)ms\) exceeded by (\d+)ms.*leaving group/;
/** Clock granularity between the consume call that returned the slow message and the worker's `slow` line. */
const SLACK_MS = 50;

/** What this grader reads of the parameters the run recorded (the run script's MAXPOLL). */
const RECORDED = is.object({ partitions: is.integer, messages: is.integer, slowAt: is.integer, maxPollIntervalMs: is.number });

/**
 * a leaves the group (MAXPOLL) once the slow message has kept it from polling for max.poll.interval.ms; b takes p0
 * and finishes the slow offset before a does; a's late commit fails with UNKNOWN_MEMBER_ID and a hears `lost`, not
 * `revoked`; commits never move back; every offset is processed, only the slow one twice; the broker agrees.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const [t, tt] = [textsIn(MESSAGES, lang), textsIn(TRACK, lang)];
  const checks = new Checks(lang);
  const at = (event: { time: string } | undefined, none: string) => (event ? t.at({ at: event.time.slice(11, 23) }) : none);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const [aName, bName] = [workerName('slow', 'a'), workerName('slow', 'b')];
  const logs = await readWorkerLogs(runDir, [aName, bName]);
  checks.view(groupView('slow', logs));
  const { [aName]: a = [], [bName]: b = [] } = beforeFirstStop(logs);
  const all = [...logs[aName]!, ...logs[bName]!];

  const work = slowWork(a, S.slowAt, (text) => MAXPOLL.test(text));
  const { slow, maxpoll, done: aDone, silentMs } = work;
  const afterSlow = slow ? a.slice(a.indexOf(slow)) : [];
  checks.law({
    id: 'a-leaves-after-poll-interval',
    ok: slow !== undefined && maxpoll !== undefined && aDone !== undefined && maxpoll.time <= aDone.time && silentMs >= S.maxPollIntervalMs - SLACK_MS,
    expected: t.leavesExpected({ ms: S.maxPollIntervalMs, offset: S.slowAt }),
    found: maxpollFound(work, S.slowAt, lang),
    hint: t.leavesHint(),
    evidence: evidenceOf([slow, maxpoll, aDone]),
  });

  const bTakes = maxpoll ? first(b, 'assigned', (e) => e.partitions.includes(0) && e.time >= maxpoll.time) : undefined;
  const bOnSlow = first(b, 'processed', (e) => e.offset === S.slowAt);
  checks.law({
    id: 'b-takes-over-while-a-works',
    ok: bTakes !== undefined && aDone !== undefined && bTakes.time < aDone.time,
    expected: t.takesOverExpected({ offset: S.slowAt }),
    found: t.bAndA({ b: bTakes ? t.bAssignedAt({ at: showEvent(bTakes).slice(0, 12) }) : t.bNeverAssigned(), a: at(aDone, t.never()) }),
    evidence: evidenceOf([maxpoll, bTakes, aDone]),
  });
  checks.law({
    id: 'b-processes-the-slow-offset-first',
    ok: bOnSlow !== undefined && aDone !== undefined && bOnSlow.time < aDone.time,
    expected: tt.bFirstExpected({ offset: S.slowAt }),
    found: t.bThenA({ b: at(bOnSlow, t.bNeverProcessed()), a: at(aDone, t.never()) }),
    evidence: evidenceOf([slow, bOnSlow, aDone]),
  });

  const afterDone = aDone ? a.slice(a.indexOf(aDone)) : [];
  const failed = first(afterDone, 'commit-failed');
  const late = first(afterDone, 'commit');
  checks.law({
    id: 'late-commit-fails-unknown-member',
    ok: failed?.error === 'UNKNOWN_MEMBER_ID' && failed.offsets.some((o) => o.partition === 0 && o.offset === S.slowAt + 1) &&
      (late === undefined || late.time > failed.time),
    expected: t.lateFailsExpected({ next: S.slowAt + 1, offset: S.slowAt }),
    found: failed ? t.failed(failed) : late ? t.succeeded({ line: showEvent(late) }) : t.noCommit(),
    hint: t.lateFailsHint(),
    evidence: evidenceOf([aDone, failed, late]),
  });

  const gone = afterSlow.find((e) => (e.kind === 'lost' || e.kind === 'revoked') && e.partitions.includes(0));
  checks.law({
    id: 'a-lost-not-revoked',
    ok: gone?.kind === 'lost',
    expected: t.lostExpected(),
    found: t.firstAfterSlow({ line: gone ? showEvent(gone) : t.neither() }),
    hint: t.lostHint(),
    evidence: evidenceOf([slow, maxpoll, gone]),
  });
  const pollError = first(afterSlow, 'poll-error');
  checks.law({
    id: 'a-poll-error-max-poll-exceeded',
    ok: pollError?.error === '_MAX_POLL_EXCEEDED',
    expected: t.pollErrorExpected(),
    found: pollError ? pollError.error : t.noPollError(),
  });

  const commits = commitsByPartition(all).get(0) ?? [];
  const back = commits.findIndex((c, i) => i > 0 && c.offset < commits[i - 1]!.offset);
  checks.law({
    id: 'committed-offset-never-goes-back',
    ok: back < 0,
    expected: tt.neverBackExpected(),
    found: back < 0 ? commits.map((c) => c.offset).join(', ') : tt.wentBack({ from: commits[back - 1]!.offset, to: commits[back]!.offset }),
    evidence: back < 0 ? [] : evidenceOf(merged(all).filter((e) => e.kind === 'commit').slice(Math.max(0, back - 2), back + 2)),
  });

  const missing = unprocessed(all, S.partitions, S.messages);
  checks.law({
    id: 'every-offset-processed',
    ok: missing.length === 0,
    expected: tt.everyOffsetExpected({ last: S.messages - 1 }),
    found: missing.length ? tt.neverProcessed({ missing: missing.join(', ') }) : tt.allProcessed(),
  });
  const report = countDuplicates(all);
  const twice = Object.entries(report.partitions).flatMap(([p, { ranges }]) => ranges.map((r) => ({ partition: Number(p), ...r })));
  const onlySlow =
    twice.length === 1 && twice[0]!.from === S.slowAt && twice[0]!.to === S.slowAt && twice[0]!.times === 2 && twice[0]!.by.join() === [aName, bName].join();
  checks.law({
    id: 'only-the-slow-offset-twice',
    ok: onlySlow,
    expected: tt.onlySlowTwiceExpected({ offset: S.slowAt }),
    found: tt.found({ what: twice.map((r) => tt.range({ ...r, by: r.by.join(', ') })).join('; ') || tt.none() }),
  });
  checks.expect('dups-report', sameReport(await readDupsReport(runDir, 'slow'), all), tt.dupsReport({ file: 'dups-slow.json', logs: 2 }));

  const offsets = await readGroupOffsets(runDir, 'slow', { group: nameOf(names, 'group'), topic: nameOf(names, 'slow') }, S.partitions);
  const broker = offsets.get(0)!.committed;
  checks.law({
    id: 'broker-has-last-commit',
    ok: broker === (commits.at(-1)?.offset ?? null) && broker === offsets.get(0)!.logEnd,
    expected: tt.brokerLastCommitP0({ end: offsets.get(0)!.logEnd }),
    found: tt.brokerAndLogs({ broker: String(broker ?? '-'), logs: String(commits.at(-1)?.offset ?? '-') }),
  });

  if (slow && maxpoll) checks.figure('maxPollLeaveAfterMs', silentMs);
  if (maxpoll && bTakes) checks.figure('bAssignedAfterLeaveMs', msBetween(maxpoll, bTakes));
  if (bOnSlow && aDone) checks.figure('bFinishedSlowOffsetBeforeAMs', msBetween(bOnSlow, aDone));
  checks.figure('duplicates', report.duplicates);
  return checks.grade();
}
