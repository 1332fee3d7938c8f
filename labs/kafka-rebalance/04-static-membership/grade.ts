import { countDuplicates } from '@kafka-labs/dups';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import type { WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import {
  commitsByPartition,
  evidenceOf,
  first,
  msBetween,
  ownedBy,
  partitionList,
  partitionsOf,
  readDupsReport,
  readGroupMembers,
  readGroupOffsets,
  readWorkerLogs,
  sameReport,
  showEvent,
  unprocessed,
  workerName,
} from '@kafka-labs/kafka-rebalance/evidence';

/** How much earlier than a session less one heartbeat the broker may act, by the two clocks of the logs. */
const SLACK_MS = 50;

/** A worker log split into its lives: each `started` line begins one. */
function lives(events: WorkerEvent[]): WorkerEvent[][] {
  const out: WorkerEvent[][] = [];
  for (const event of events) {
    if (event.kind === 'started' || out.length === 0) out.push([]);
    out.at(-1)!.push(event);
  }
  return out;
}

/** What this grader reads of the parameters the run recorded (the run script's RESTART). */
const RECORDED = is.object({
  partitions: is.integer,
  messages: is.integer,
  consumerSessionTimeoutMs: is.number,
  consumerHeartbeatIntervalMs: is.number,
  variants: is.array(is.object({ group: is.string, static: is.boolean, outlastSession: is.boolean })),
});

/**
 * For each group b restarts once. Without group.instance.id a is revoked twice (when b leaves and when it comes
 * back, with all partitions in between); with it a sees no rebalance at all and b gets its own partitions back,
 * on either protocol; a static member on the consumer protocol away past the broker's session is fenced: a gets its
 * partitions no earlier than a session after b stopped and gives them back once b is back.
 * Commits on revoke and stop keep both runs free of duplicates; every message is processed; the broker agrees.
 */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);

  for (const variant of S.variants) {
    const v = variant.group;
    const [aName, bName] = [workerName(v, 'a'), workerName(v, 'b')];
    const logs = await readWorkerLogs(runDir, [aName, bName]);
    const all = [...logs[aName]!, ...logs[bName]!];
    const [b1 = [], b2 = [], ...more] = lives(logs[bName]!);
    const left = first(b1, 'stopping');
    const b2Started = first(b2, 'started');
    const back = first(b2, 'assigned', (e) => e.partitions.length > 0);
    const restarted = left !== undefined && first(b1, 'stopped') !== undefined && b2Started !== undefined && back !== undefined && more.length === 0;
    checks.law({
      id: 'b-restarted',
      scope: v,
      ok: restarted,
      expected: "b's log shows one restart: it stopped, started again and got partitions",
      found: `${lives(logs[bName]!).length} lives, second ${back ? `assigned ${partitionList(back.partitions)}` : 'never assigned partitions'}`,
      evidence: evidenceOf([left, first(b1, 'stopped'), b2Started, back]),
    });
    if (!restarted) continue;

    // What a did from b's stop until the first stop at the end of the run.
    const end = [first(logs[aName]!, 'stopping'), first(b2, 'stopping')].map((e) => e?.time ?? '~').sort()[0]!;
    const during = logs[aName]!.filter((e) => e.time >= left.time && e.time < end);
    const rebalances = during.filter((e) => e.kind === 'revoked' || e.kind === 'assigned' || e.kind === 'lost');
    const revokes = during.filter((e): e is Extract<WorkerEvent, { kind: 'revoked' }> => e.kind === 'revoked');
    const bHad = ownedBy(b1.slice(0, b1.indexOf(left)));
    const members = await readGroupMembers(runDir, v, nameOf(names, v));
    const listed = members.map((m) => `${m.clientId}${m.instanceId ? ` (instance ${m.instanceId})` : ''}`).join(', ') || 'none';
    const bListed = members.find((m) => m.clientId === bName);
    const away = variant.static && !variant.outlastSession;
    checks.law({
      id: 'membership-while-b-is-down',
      scope: v,
      ok: members.some((m) => m.clientId === aName) && (away ? bListed?.instanceId === bName : bListed === undefined),
      expected: away
        ? `while b is down the broker still lists it as a member, by its group.instance.id ${bName}`
        : variant.static
          ? "once the broker's session has expired it lists only a: b was fenced"
          : 'while b is down the broker lists only a: b left the group when it stopped',
      found: `members: ${listed}`,
      hint: 'a static member does not leave on close; a dynamic one does',
    });
    if (variant.outlastSession) {
      // The broker fences b a session after its last heartbeat, which came at most one interval before its stop.
      const taken = first(during, 'assigned', (e) => e.partitions.length > 0);
      const takenAfterMs = taken ? msBetween(left, taken) : NaN;
      const earliestMs = S.consumerSessionTimeoutMs - S.consumerHeartbeatIntervalMs - SLACK_MS;
      const fenced =
        taken !== undefined && takenAfterMs >= earliestMs && taken.time < b2Started.time && partitionList(taken.partitions) === partitionList(bHad) &&
        revokes.length === 1 && revokes[0]!.time >= b2Started.time;
      checks.law({
        id: 'fenced-after-session',
        scope: v,
        ok: fenced,
        expected: `a gets b's partitions ${partitionList(bHad)} only when the broker's session expires (${earliestMs} ms or more after b stopped), and gives them back once, after b is back`,
        found: `a ${taken ? `assigned ${partitionList(taken.partitions)} ${takenAfterMs} ms after b stopped` : 'never assigned b\'s partitions'}, revoked ${revokes.length} time(s)${revokes.length ? `: ${revokes.map(showEvent).join('; ')}` : ''}`,
        hint: 'a static member on the consumer protocol keeps its partitions for group.consumer.session.timeout.ms after it leaves',
        evidence: evidenceOf([left, ...rebalances, b2Started, back], 16),
      });
      if (taken) checks.figure(`${v}.fencedAfterMs`, takenAfterMs);
    } else if (variant.static) {
      checks.law({
        id: 'no-rebalance',
        scope: v,
        ok: rebalances.length === 0,
        expected: 'while b restarts a is neither revoked nor assigned anything: no rebalance',
        found: `a logged ${rebalances.length ? rebalances.map(showEvent).join('; ') : 'none'}`,
        hint: 'b must come back with the same group.instance.id within session.timeout.ms',
        evidence: evidenceOf(rebalances),
      });
      checks.law({
        id: 'b-gets-its-partitions-back',
        scope: v,
        ok: partitionList(back.partitions) === partitionList(bHad),
        expected: `the restarted b gets back exactly the partitions it had, ${partitionList(bHad)}`,
        found: `got ${partitionList(back.partitions)}`,
        evidence: evidenceOf([left, b2Started, back]),
      });
    } else {
      const aAll = first(during, 'assigned', (e) => e.partitions.length === S.partitions);
      const twice =
        revokes.length === 2 && revokes[0]!.time < b2Started.time && revokes[1]!.time >= b2Started.time && aAll !== undefined &&
        aAll.time > revokes[0]!.time && aAll.time < revokes[1]!.time;
      checks.law({
        id: 'other-revoked-twice',
        scope: v,
        ok: twice,
        expected: `a is revoked twice: when b leaves (then a takes all ${S.partitions} partitions) and when b comes back as a new member`,
        found: `a revoked ${revokes.length} time(s)${revokes.length ? `: ${revokes.map(showEvent).join('; ')}` : ''}`,
        evidence: evidenceOf([left, ...rebalances, b2Started, back], 16),
      });
    }
    checks.figure(`${v}.otherRevokes`, revokes.length);
    checks.figure(`${v}.startedToAssignedMs`, msBetween(b2Started, back));
    const resumed = first(b2, 'processed');
    if (variant.static && resumed) checks.figure(`${v}.bPartitionsWaitedMs`, msBetween(left, resumed));

    const report = countDuplicates(all);
    const missing = unprocessed(all, S.partitions, S.messages / S.partitions);
    checks.law({
      id: 'every-message-once',
      scope: v,
      ok: report.duplicates === 0 && missing.length === 0,
      expected: 'with commits on revoke and on stop every message is processed exactly once',
      found: `duplicates: ${report.duplicates}${missing.length ? `, never processed: ${missing.join(', ')}` : ''}`,
    });
    checks.expect(`${v}-dups-report`, sameReport(await readDupsReport(runDir, v), all), `dups-${v}.json says what counting the logs says`);

    const offsets = await readGroupOffsets(runDir, v, { group: nameOf(names, v), topic: nameOf(names, `${v}-orders`) }, S.partitions);
    const commits = commitsByPartition(all);
    const every = partitionsOf(S.partitions);
    const wrong = every.filter((p) => {
      const row = offsets.get(p)!;
      return row.committed !== (commits.get(p)?.at(-1)?.offset ?? null) || row.committed !== row.logEnd;
    });
    checks.law({
      id: 'broker-has-last-commit',
      scope: v,
      ok: wrong.length === 0,
      expected: "the broker's committed offset of each partition is the last one the logs show committed, the log end",
      found: wrong.length ? `differs on ${wrong.map((p) => `p${p}: broker ${offsets.get(p)!.committed ?? '-'}, logs ${commits.get(p)?.at(-1)?.offset ?? '-'}, end ${offsets.get(p)!.logEnd}`).join('; ')}` : 'same on every partition',
    });
  }
  return checks.grade();
}
