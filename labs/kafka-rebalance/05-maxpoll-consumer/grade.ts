import { countDuplicates } from '@kafka-labs/dups';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import {
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
export default async function grade(runDir: string) {
  const checks = new Checks();
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);

  for (const variant of S.variants) {
    const v = variant.group;
    const fenced = variant.slowSec * 1000 > S.maxPollIntervalMs + S.sessionTimeoutMs;
    const [aName, bName] = [workerName(v, 'a'), workerName(v, 'b')];
    const logs = await readWorkerLogs(runDir, [aName, bName]);
    const [a, b] = [logs[aName]!, logs[bName]!];
    const all = [...a, ...b];

    const slow = first(a, 'slow', (e) => e.offset === S.slowAt);
    const afterSlow = slow ? a.slice(a.indexOf(slow)) : [];
    const maxpoll = first(afterSlow, 'client', (e) => e.text.startsWith('MAXPOLL'));
    const aDone = first(afterSlow, 'processed', (e) => e.offset === S.slowAt);
    const silentMs = slow && maxpoll ? msBetween(slow, maxpoll) : NaN;
    checks.law({
      id: 'maxpoll-while-working',
      scope: v,
      ok: slow !== undefined && maxpoll !== undefined && aDone !== undefined && maxpoll.time <= aDone.time && silentMs >= S.maxPollIntervalMs - SLACK_MS,
      expected: `a's client logs MAXPOLL at least max.poll.interval.ms (${S.maxPollIntervalMs} ms) after a began offset ${S.slowAt}, while a still works on it`,
      found: slow && maxpoll ? `MAXPOLL ${silentMs} ms after the slow start${aDone && maxpoll.time > aDone.time ? ', after a finished' : ''}` : slow ? 'no MAXPOLL line after the slow start' : `a never began offset ${S.slowAt} slowly`,
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
      expected: `while a has not polled again, p0 stays a's after MAXPOLL until the broker's session expires: b is not assigned it within ${earliestMs} ms (a session less one heartbeat)`,
      found: bTakes ? `b assigned p0 ${handoverMs} ms after MAXPOLL, ${whileSilent ? "before a's late commit" : "after a's late commit"}` : 'b never assigned p0',
      hint: 'on the consumer protocol the client sends no leave at MAXPOLL; a hand-over at once means the classic protocol',
      evidence: evidenceOf([maxpoll, bTakes, outcome]),
    });

    const lateOffset = `p0=${S.slowAt + 1}`;
    const report = countDuplicates(all);
    const twice = Object.entries(report.partitions).flatMap(([p, { ranges }]) => ranges.map((r) => ({ partition: Number(p), ...r })));
    const twiceText = twice.map((r) => `p${r.partition} ${r.from}..${r.to} x${r.times} by ${r.by.join(', ')}`).join('; ') || 'none';
    const bOnSlow = first(b, 'processed', (e) => e.offset === S.slowAt);
    if (!fenced) {
      checks.law({
        id: 'no-handover-while-a-works',
        scope: v,
        ok: bTakes === undefined || bTakes.time > aDone.time,
        expected: `b is not assigned p0 while a works on offset ${S.slowAt}: a's work ends within the session after MAXPOLL`,
        found: bTakes ? `b assigned p0 at ${showEvent(bTakes).slice(0, 12)}, a finished at ${showEvent(aDone).slice(0, 12)}` : 'b never assigned p0',
        evidence: evidenceOf([slow, maxpoll, bTakes, aDone]),
      });
      checks.law({
        id: 'late-commit-succeeds',
        scope: v,
        ok: outcome?.kind === 'commit' && outcome.offsets.some((o) => o.partition === 0 && o.offset === S.slowAt + 1),
        expected: `a's commit of ${lateOffset} after offset ${S.slowAt} succeeds: a is still the member that owns p0`,
        found: outcome ? showEvent(outcome) : 'no commit after the slow offset',
        hint: 'MAXPOLL alone does not fence a consumer-protocol member; only the expired session does',
        evidence: evidenceOf([maxpoll, aDone, outcome]),
      });
      checks.law({
        id: 'no-duplicates',
        scope: v,
        ok: report.duplicates === 0,
        expected: 'no message is processed twice',
        found: `found: ${twiceText}`,
      });
    } else {
      checks.law({
        id: 'handover-while-a-works',
        scope: v,
        ok: bTakes !== undefined && bTakes.time < aDone.time,
        expected: `once a's session expired, b is assigned p0 before a finished offset ${S.slowAt}`,
        found: bTakes ? `b assigned p0 at ${showEvent(bTakes).slice(0, 12)}, a finished at ${showEvent(aDone).slice(0, 12)}` : 'b never assigned p0',
        evidence: evidenceOf([maxpoll, bTakes, aDone]),
      });
      checks.law({
        id: 'b-redoes-the-slow-offset',
        scope: v,
        ok: bOnSlow !== undefined && bOnSlow.time < aDone.time,
        expected: `b finishes offset ${S.slowAt} before a does: both work on the same message at once`,
        found: bOnSlow ? `b at ${showEvent(bOnSlow).slice(0, 12)}, a at ${showEvent(aDone).slice(0, 12)}` : 'b never processed it',
        evidence: evidenceOf([slow, bOnSlow, aDone]),
      });
      checks.law({
        id: 'late-commit-fails-unknown-member',
        scope: v,
        ok: outcome?.kind === 'commit-failed' && outcome.error === 'UNKNOWN_MEMBER_ID' && outcome.offsets.some((o) => o.partition === 0 && o.offset === S.slowAt + 1),
        expected: `a's commit of ${lateOffset} after offset ${S.slowAt} fails with UNKNOWN_MEMBER_ID: the broker fenced a`,
        found: outcome ? showEvent(outcome) : 'no commit after the slow offset',
        hint: 'a commit from a fenced member must be refused, or the committed offset moves back',
        evidence: evidenceOf([maxpoll, bTakes, aDone, outcome]),
      });
      checks.law({
        id: 'only-the-slow-offset-twice',
        scope: v,
        ok: twice.length === 1 && twice[0]!.from === S.slowAt && twice[0]!.to === S.slowAt && twice[0]!.times === 2 && twice[0]!.by.join() === [aName, bName].join(),
        expected: `the only message processed twice is offset ${S.slowAt}, once by each worker`,
        found: `found: ${twiceText}`,
      });
    }

    const commits = commitsByPartition(all).get(0) ?? [];
    const back = commits.findIndex((c, i) => i > 0 && c.offset < commits[i - 1]!.offset);
    checks.law({
      id: 'committed-offset-never-goes-back',
      scope: v,
      ok: back < 0,
      expected: "the group's committed offset of p0 never moves back",
      found: back < 0 ? commits.map((c) => c.offset).join(', ') : `it went from ${commits[back - 1]!.offset} to ${commits[back]!.offset}`,
      evidence: back < 0 ? [] : evidenceOf(merged(all).filter((e) => e.kind === 'commit').slice(Math.max(0, back - 2), back + 2)),
    });
    const missing = unprocessed(all, S.partitions, S.messages);
    checks.law({
      id: 'every-offset-processed',
      scope: v,
      ok: missing.length === 0,
      expected: `every offset 0..${S.messages - 1} is processed at least once`,
      found: missing.length ? `never processed: ${missing.join(', ')}` : 'all processed',
    });
    checks.expect(`${v}-dups-report`, sameReport(await readDupsReport(runDir, v), all), `dups-${v}.json says what counting the two logs says`);
    const offsets = await readGroupOffsets(runDir, v, { group: nameOf(names, v), topic: nameOf(names, `${v}-slow`) }, S.partitions);
    const broker = offsets.get(0)!.committed;
    checks.law({
      id: 'broker-has-last-commit',
      scope: v,
      ok: broker === (commits.at(-1)?.offset ?? null) && broker === offsets.get(0)!.logEnd,
      expected: `the broker's committed offset of p0 is the last one the logs show committed, the log end ${offsets.get(0)!.logEnd}`,
      found: `broker ${broker ?? '-'}, logs ${commits.at(-1)?.offset ?? '-'}`,
    });

    checks.figure(`${v}.maxPollAfterMs`, silentMs);
    if (handoverMs !== undefined) checks.figure(`${v}.handoverAfterMaxPollMs`, handoverMs);
    checks.figure(`${v}.duplicates`, report.duplicates);
  }
  return checks.grade();
}
