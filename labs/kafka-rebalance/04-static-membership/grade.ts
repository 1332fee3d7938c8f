import { countDuplicates } from '@kafka-labs/dups';
import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import type { WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import {
  commitsByPartition,
  evidenceOf,
  first,
  groupView,
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
import { MESSAGES as TRACK } from '@kafka-labs/kafka-rebalance/messages';
import { MESSAGES } from './messages.ts';

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
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const [t, tt] = [textsIn(MESSAGES, lang), textsIn(TRACK, lang)];
  const checks = new Checks(lang);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);

  for (const variant of S.variants) {
    const v = variant.group;
    const [aName, bName] = [workerName(v, 'a'), workerName(v, 'b')];
    const logs = await readWorkerLogs(runDir, [aName, bName]);
    checks.view(groupView(v, logs));
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
      expected: t.restartedExpected(),
      found: t.restartedFound({ lives: lives(logs[bName]!).length, second: back ? t.assigned({ partitions: partitionList(back.partitions) }) : t.neverAssigned() }),
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
    const listed = members.map((m) => `${m.clientId}${m.instanceId ? t.instance({ id: m.instanceId }) : ''}`).join(', ') || tt.none();
    const bListed = members.find((m) => m.clientId === bName);
    const away = variant.static && !variant.outlastSession;
    checks.law({
      id: 'membership-while-b-is-down',
      scope: v,
      ok: members.some((m) => m.clientId === aName) && (away ? bListed?.instanceId === bName : bListed === undefined),
      expected: away ? t.listedAway({ b: bName }) : variant.static ? t.listedFenced() : t.listedLeft(),
      found: t.members({ list: listed }),
      hint: t.membersHint(),
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
        expected: t.fencedExpected({ had: partitionList(bHad), earliest: earliestMs }),
        found: t.fencedFound({
          taken: taken ? t.takenAfter({ partitions: partitionList(taken.partitions), ms: takenAfterMs }) : t.neverTaken(),
          revokes: revokes.length,
          lines: revokes.map(showEvent).join('; '),
        }),
        hint: t.fencedHint(),
        evidence: evidenceOf([left, ...rebalances, b2Started, back], 16),
      });
      if (taken) checks.figure(`${v}.fencedAfterMs`, takenAfterMs);
    } else if (variant.static) {
      checks.law({
        id: 'no-rebalance',
        scope: v,
        ok: rebalances.length === 0,
        expected: t.noRebalanceExpected(),
        found: t.aLogged({ lines: rebalances.length ? rebalances.map(showEvent).join('; ') : tt.none() }),
        hint: t.noRebalanceHint(),
        evidence: evidenceOf(rebalances),
      });
      checks.law({
        id: 'b-gets-its-partitions-back',
        scope: v,
        ok: partitionList(back.partitions) === partitionList(bHad),
        expected: t.backExpected({ had: partitionList(bHad) }),
        found: t.got({ partitions: partitionList(back.partitions) }),
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
        expected: t.twiceExpected(S),
        found: t.revokedTimes({ revokes: revokes.length, lines: revokes.map(showEvent).join('; ') }),
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
      expected: t.onceExpected(),
      found: t.duplicatesFound({ n: report.duplicates, missing: missing.join(', ') }),
    });
    checks.expect(`${v}-dups-report`, sameReport(await readDupsReport(runDir, v), all), tt.dupsReport({ file: `dups-${v}.json`, logs: 2 }));

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
      expected: tt.brokerLastCommitLogEnd(),
      found: wrong.length
        ? tt.differsOn({
            list: wrong
              .map((p) => tt.partitionBrokerLogsEnd({ p, broker: String(offsets.get(p)!.committed ?? '-'), logs: String(commits.get(p)?.at(-1)?.offset ?? '-'), end: offsets.get(p)!.logEnd }))
              .join('; '),
          })
        : tt.sameEverywhere(),
    });
  }
  return checks.grade();
}
