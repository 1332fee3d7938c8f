import { countDuplicates } from '@kafka-labs/dups';
import { Checks } from '@kafka-labs/grader';
import {
  beforeFirstStop,
  commitsByPartition,
  evidenceOf,
  first,
  merged,
  msBetween,
  nameOf,
  readDupsReport,
  readGroupOffsets,
  readNames,
  readParameters,
  readWorkerLogs,
  sameReport,
  showEvent,
  unprocessed,
  workerName,
} from '@kafka-labs/kafka-rebalance/evidence';
import type { MAXPOLL as Setup } from '@kafka-labs/kafka-rebalance/setups';

/** librdkafka's warning when the application did not poll within max.poll.interval.ms; it leaves the group. */
const MAXPOLL = /^MAXPOLL .*Application maximum poll interval \((\d+)ms\) exceeded by (\d+)ms.*leaving group/;
/** Clock granularity between the consume call that returned the slow message and the worker's `slow` line. */
const SLACK_MS = 50;

/**
 * a leaves the group (MAXPOLL) once the slow message has kept it from polling for max.poll.interval.ms; b takes p0
 * and finishes the slow offset before a does; a's late commit fails with UNKNOWN_MEMBER_ID and a hears `lost`, not
 * `revoked`; commits never move back; every offset is processed, only the slow one twice; the broker agrees.
 */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const S = await readParameters<typeof Setup>(runDir, { partitions: 'number', messages: 'number', slowAt: 'number', maxPollIntervalMs: 'number' });
  const names = await readNames(runDir);
  const [aName, bName] = [workerName('slow', 'a'), workerName('slow', 'b')];
  const logs = await readWorkerLogs(runDir, [aName, bName]);
  const { [aName]: a = [], [bName]: b = [] } = beforeFirstStop(logs);
  const all = [...logs[aName]!, ...logs[bName]!];

  const slow = first(a, 'slow', (e) => e.offset === S.slowAt);
  const afterSlow = slow ? a.slice(a.indexOf(slow)) : [];
  const maxpoll = first(afterSlow, 'client', (e) => MAXPOLL.test(e.text));
  const aDone = first(afterSlow, 'processed', (e) => e.offset === S.slowAt);
  const silentMs = slow && maxpoll ? msBetween(slow, maxpoll) : NaN;
  checks.expect(
    'a-leaves-after-poll-interval',
    slow !== undefined && maxpoll !== undefined && aDone !== undefined && maxpoll.time <= aDone.time && silentMs >= S.maxPollIntervalMs - SLACK_MS,
    slow && maxpoll
      ? `a's client left the group (MAXPOLL) ${silentMs} ms after a began offset ${S.slowAt}, at least max.poll.interval.ms (${S.maxPollIntervalMs}) and while a was still working on it`
      : `a's client leaves the group (MAXPOLL) while a works on offset ${S.slowAt} (${slow ? 'no MAXPOLL line after the slow start' : `a never began offset ${S.slowAt} slowly`})`,
    evidenceOf([slow, maxpoll, aDone]),
  );

  const bTakes = maxpoll ? first(b, 'assigned', (e) => e.partitions.includes(0) && e.time >= maxpoll.time) : undefined;
  const bOnSlow = first(b, 'processed', (e) => e.offset === S.slowAt);
  checks.expect(
    'b-takes-over-while-a-works',
    bTakes !== undefined && aDone !== undefined && bTakes.time < aDone.time,
    `b is assigned p0 after a left and before a finished offset ${S.slowAt} (b ${bTakes ? `assigned at ${showEvent(bTakes).slice(0, 12)}` : 'never assigned p0 after MAXPOLL'}, a finished ${aDone ? `at ${showEvent(aDone).slice(0, 12)}` : 'never'})`,
    evidenceOf([maxpoll, bTakes, aDone]),
  );
  checks.expect(
    'b-processes-the-slow-offset-first',
    bOnSlow !== undefined && aDone !== undefined && bOnSlow.time < aDone.time,
    `b finishes offset ${S.slowAt} before a does: both work on the same message at once`,
    evidenceOf([slow, bOnSlow, aDone]),
  );

  const afterDone = aDone ? a.slice(a.indexOf(aDone)) : [];
  const failed = first(afterDone, 'commit-failed');
  const late = first(afterDone, 'commit');
  checks.expect(
    'late-commit-fails-unknown-member',
    failed?.error === 'UNKNOWN_MEMBER_ID' && failed.offsets.some((o) => o.partition === 0 && o.offset === S.slowAt + 1) &&
      (late === undefined || late.time > failed.time),
    `a's commit of p0=${S.slowAt + 1} after offset ${S.slowAt} fails with UNKNOWN_MEMBER_ID: a is no longer a member (${failed ? `failed: ${failed.error}` : late ? `it succeeded: ${showEvent(late)}` : 'no commit at all'})`,
    evidenceOf([aDone, failed, late]),
  );

  const gone = afterSlow.find((e) => (e.kind === 'lost' || e.kind === 'revoked') && e.partitions.includes(0));
  checks.expect(
    'a-lost-not-revoked',
    gone?.kind === 'lost',
    `a hears its partition was lost, not revoked (first after the slow start: ${gone ? showEvent(gone) : 'neither'})`,
    evidenceOf([slow, maxpoll, gone]),
  );
  const pollError = first(afterSlow, 'poll-error');
  checks.expect(
    'a-poll-error-max-poll-exceeded',
    pollError?.error === '_MAX_POLL_EXCEEDED',
    `a's next poll reports _MAX_POLL_EXCEEDED (${pollError ? pollError.error : 'no poll error'})`,
  );

  const commits = commitsByPartition(all).get(0) ?? [];
  const back = commits.findIndex((c, i) => i > 0 && c.offset < commits[i - 1]!.offset);
  checks.expect(
    'committed-offset-never-goes-back',
    back < 0,
    back < 0
      ? `the group's committed offset of p0 only moves forward (${commits.map((c) => c.offset).join(', ')})`
      : `the group's committed offset of p0 never moves back (it went from ${commits[back - 1]!.offset} to ${commits[back]!.offset})`,
    back < 0 ? [] : evidenceOf(merged(all).filter((e) => e.kind === 'commit').slice(Math.max(0, back - 2), back + 2)),
  );

  const missing = unprocessed(all, S.partitions, S.messages);
  checks.expect(
    'every-offset-processed',
    missing.length === 0,
    `every offset 0..${S.messages - 1} is processed at least once${missing.length ? ` (never processed: ${missing.join(', ')})` : ''}`,
  );
  const report = countDuplicates(all);
  const twice = Object.entries(report.partitions).flatMap(([p, { ranges }]) => ranges.map((r) => ({ partition: Number(p), ...r })));
  const onlySlow =
    twice.length === 1 && twice[0]!.from === S.slowAt && twice[0]!.to === S.slowAt && twice[0]!.times === 2 && twice[0]!.by.join() === [aName, bName].join();
  checks.expect(
    'only-the-slow-offset-twice',
    onlySlow,
    `the only message processed twice is offset ${S.slowAt}, once by each worker (found: ${twice.map((r) => `p${r.partition} ${r.from}..${r.to} x${r.times} by ${r.by.join(', ')}`).join('; ') || 'none'})`,
  );
  checks.expect('dups-report', sameReport(await readDupsReport(runDir, 'slow'), all), 'dups-slow.json says what counting the two logs says');

  const offsets = await readGroupOffsets(runDir, 'slow', { group: nameOf(names, 'group'), topic: nameOf(names, 'slow') }, S.partitions);
  const broker = offsets.get(0)!.committed;
  checks.expect(
    'broker-has-last-commit',
    broker === (commits.at(-1)?.offset ?? null) && broker === offsets.get(0)!.logEnd,
    `the broker's committed offset of p0 is the last one the logs show committed, the log end ${offsets.get(0)!.logEnd} (broker ${broker ?? '-'}, logs ${commits.at(-1)?.offset ?? '-'})`,
  );

  if (slow && maxpoll) checks.figure('maxPollLeaveAfterMs', silentMs);
  if (maxpoll && bTakes) checks.figure('bAssignedAfterLeaveMs', msBetween(maxpoll, bTakes));
  if (bOnSlow && aDone) checks.figure('bFinishedSlowOffsetBeforeAMs', msBetween(bOnSlow, aDone));
  checks.figure('duplicates', report.duplicates);
  return checks.grade();
}
