import { countDuplicates } from '@kafka-labs/dups';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import {
  beforeFirstStop,
  commitsByPartition,
  evidenceOf,
  first,
  merged,
  msBetween,
  readDupsReport,
  readGroupOffsets,
  readWorkerLogs,
  sameReport,
  showEvent,
  unprocessed,
  workerName,
} from '@kafka-labs/kafka-rebalance/evidence';

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
export default async function grade(runDir: string) {
  const checks = new Checks();
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const [aName, bName] = [workerName('slow', 'a'), workerName('slow', 'b')];
  const logs = await readWorkerLogs(runDir, [aName, bName]);
  const { [aName]: a = [], [bName]: b = [] } = beforeFirstStop(logs);
  const all = [...logs[aName]!, ...logs[bName]!];

  const slow = first(a, 'slow', (e) => e.offset === S.slowAt);
  const afterSlow = slow ? a.slice(a.indexOf(slow)) : [];
  const maxpoll = first(afterSlow, 'client', (e) => MAXPOLL.test(e.text));
  const aDone = first(afterSlow, 'processed', (e) => e.offset === S.slowAt);
  const silentMs = slow && maxpoll ? msBetween(slow, maxpoll) : NaN;
  checks.law({
    id: 'a-leaves-after-poll-interval',
    ok: slow !== undefined && maxpoll !== undefined && aDone !== undefined && maxpoll.time <= aDone.time && silentMs >= S.maxPollIntervalMs - SLACK_MS,
    expected: `a's client leaves the group (MAXPOLL) at least max.poll.interval.ms (${S.maxPollIntervalMs} ms) after a began offset ${S.slowAt}, while a still works on it`,
    found: slow && maxpoll ? `MAXPOLL ${silentMs} ms after the slow start${aDone && maxpoll.time > aDone.time ? ', after a finished' : ''}` : slow ? 'no MAXPOLL line after the slow start' : `a never began offset ${S.slowAt} slowly`,
    hint: 'the slow message must outlast --max-poll-interval-ms with no poll running',
    evidence: evidenceOf([slow, maxpoll, aDone]),
  });

  const bTakes = maxpoll ? first(b, 'assigned', (e) => e.partitions.includes(0) && e.time >= maxpoll.time) : undefined;
  const bOnSlow = first(b, 'processed', (e) => e.offset === S.slowAt);
  checks.law({
    id: 'b-takes-over-while-a-works',
    ok: bTakes !== undefined && aDone !== undefined && bTakes.time < aDone.time,
    expected: `b is assigned p0 after a left and before a finished offset ${S.slowAt}`,
    found: `b ${bTakes ? `assigned at ${showEvent(bTakes).slice(0, 12)}` : 'never assigned p0 after MAXPOLL'}, a finished ${aDone ? `at ${showEvent(aDone).slice(0, 12)}` : 'never'}`,
    evidence: evidenceOf([maxpoll, bTakes, aDone]),
  });
  checks.law({
    id: 'b-processes-the-slow-offset-first',
    ok: bOnSlow !== undefined && aDone !== undefined && bOnSlow.time < aDone.time,
    expected: `b finishes offset ${S.slowAt} before a does: both work on the same message at once`,
    found: `b ${bOnSlow ? `at ${showEvent(bOnSlow).slice(0, 12)}` : 'never processed it'}, a ${aDone ? `at ${showEvent(aDone).slice(0, 12)}` : 'never'}`,
    evidence: evidenceOf([slow, bOnSlow, aDone]),
  });

  const afterDone = aDone ? a.slice(a.indexOf(aDone)) : [];
  const failed = first(afterDone, 'commit-failed');
  const late = first(afterDone, 'commit');
  checks.law({
    id: 'late-commit-fails-unknown-member',
    ok: failed?.error === 'UNKNOWN_MEMBER_ID' && failed.offsets.some((o) => o.partition === 0 && o.offset === S.slowAt + 1) &&
      (late === undefined || late.time > failed.time),
    expected: `a's commit of p0=${S.slowAt + 1} after offset ${S.slowAt} fails with UNKNOWN_MEMBER_ID: a is no longer a member`,
    found: failed ? `failed: ${failed.error}` : late ? `it succeeded: ${showEvent(late)}` : 'no commit at all',
    hint: 'a commit from a member the group has let go must be refused, or the committed offset moves back',
    evidence: evidenceOf([aDone, failed, late]),
  });

  const gone = afterSlow.find((e) => (e.kind === 'lost' || e.kind === 'revoked') && e.partitions.includes(0));
  checks.law({
    id: 'a-lost-not-revoked',
    ok: gone?.kind === 'lost',
    expected: 'a hears its partition was lost, not revoked',
    found: `first after the slow start: ${gone ? showEvent(gone) : 'neither'}`,
    hint: 'a member that left on MAXPOLL no longer owns the partition: there is nothing left to commit on the way out',
    evidence: evidenceOf([slow, maxpoll, gone]),
  });
  const pollError = first(afterSlow, 'poll-error');
  checks.law({
    id: 'a-poll-error-max-poll-exceeded',
    ok: pollError?.error === '_MAX_POLL_EXCEEDED',
    expected: "a's next poll reports _MAX_POLL_EXCEEDED",
    found: pollError ? pollError.error : 'no poll error',
  });

  const commits = commitsByPartition(all).get(0) ?? [];
  const back = commits.findIndex((c, i) => i > 0 && c.offset < commits[i - 1]!.offset);
  checks.law({
    id: 'committed-offset-never-goes-back',
    ok: back < 0,
    expected: "the group's committed offset of p0 never moves back",
    found: back < 0 ? commits.map((c) => c.offset).join(', ') : `it went from ${commits[back - 1]!.offset} to ${commits[back]!.offset}`,
    evidence: back < 0 ? [] : evidenceOf(merged(all).filter((e) => e.kind === 'commit').slice(Math.max(0, back - 2), back + 2)),
  });

  const missing = unprocessed(all, S.partitions, S.messages);
  checks.law({
    id: 'every-offset-processed',
    ok: missing.length === 0,
    expected: `every offset 0..${S.messages - 1} is processed at least once`,
    found: missing.length ? `never processed: ${missing.join(', ')}` : 'all processed',
  });
  const report = countDuplicates(all);
  const twice = Object.entries(report.partitions).flatMap(([p, { ranges }]) => ranges.map((r) => ({ partition: Number(p), ...r })));
  const onlySlow =
    twice.length === 1 && twice[0]!.from === S.slowAt && twice[0]!.to === S.slowAt && twice[0]!.times === 2 && twice[0]!.by.join() === [aName, bName].join();
  checks.law({
    id: 'only-the-slow-offset-twice',
    ok: onlySlow,
    expected: `the only message processed twice is offset ${S.slowAt}, once by each worker`,
    found: `found: ${twice.map((r) => `p${r.partition} ${r.from}..${r.to} x${r.times} by ${r.by.join(', ')}`).join('; ') || 'none'}`,
  });
  checks.expect('dups-report', sameReport(await readDupsReport(runDir, 'slow'), all), 'dups-slow.json says what counting the two logs says');

  const offsets = await readGroupOffsets(runDir, 'slow', { group: nameOf(names, 'group'), topic: nameOf(names, 'slow') }, S.partitions);
  const broker = offsets.get(0)!.committed;
  checks.law({
    id: 'broker-has-last-commit',
    ok: broker === (commits.at(-1)?.offset ?? null) && broker === offsets.get(0)!.logEnd,
    expected: `the broker's committed offset of p0 is the last one the logs show committed, the log end ${offsets.get(0)!.logEnd}`,
    found: `broker ${broker ?? '-'}, logs ${commits.at(-1)?.offset ?? '-'}`,
  });

  if (slow && maxpoll) checks.figure('maxPollLeaveAfterMs', silentMs);
  if (maxpoll && bTakes) checks.figure('bAssignedAfterLeaveMs', msBetween(maxpoll, bTakes));
  if (bOnSlow && aDone) checks.figure('bFinishedSlowOffsetBeforeAMs', msBetween(bOnSlow, aDone));
  checks.figure('duplicates', report.duplicates);
  return checks.grade();
}
