import { parseLog4jLine } from '@kafka-labs/dumplog';
import { Checks, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { parseClientEvent } from '@kafka-labs/kafka-client/producer-log';
import {
  describeReplicas,
  MSG_TIMED_OUT,
  parseOffsets,
  readMoments,
  readProducer,
  readReplicas,
  resultOf,
  told,
} from '@kafka-labs/kafka-producer-guarantees/replicas';

/** What this grader reads of the parameters the run recorded: its variants (one topic each) and the leader L it chose. */
const RECORDED = is.object({
  variants: is.array(is.object({ name: is.string, acks: is.literal('1', '0', 'all') })),
  leader: is.integer,
});
/** The message of the broker's log4j INFO line as a replica cuts its log back, and the partition and offset it names. */
const TRUNCATION = /^\[UnifiedLog partition=(\S+), dir=[^\]]+\] Truncating to offset (\d+) /;

/** The offset server.log says `partition` was cut back to, read from lines of the log's own shape (one log4j line each). */
function truncatedTo(serverLog: string, partition: string): number | undefined {
  for (const text of serverLog.split('\n')) {
    const line = parseLog4jLine(text);
    const m = line?.level === 'INFO' ? TRUNCATION.exec(line.message) : null;
    if (m?.[1] === partition) return Number(m[2]);
  }
  return undefined;
}

/** The offset of an acks=0 delivery report: the broker answers nothing, so the client knows none. */
const NO_OFFSET = -1001;

/**
 * The leader L dies before its frozen followers copy X: the acks=1 producer was told an offset for X and X is on no
 * replica, acks=0 was told -1001 and X is gone, acks=all was never told an offset for X and every record it was told
 * of is on every replica; and an acks=all record that timed out while the followers were frozen is stored once per
 * attempt after they return.
 */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const { parameters, names } = await readRunInfo(runDir, RECORDED);
  const { leader } = parameters;
  const moments = await readMoments(runDir);
  const replicated = parseOffsets(await readRunFile(runDir, 'offsets-before-freeze.txt'));
  const truncations = await readRunFile(runDir, 'truncation.txt', { allowEmpty: true });

  for (const { name: variant, acks } of parameters.variants) {
    const topic = nameOf(names, variant);
    const log = await readProducer(runDir, variant);
    const replicas = await readReplicas(runDir, variant);
    const at = (moment: string) => moments.find((m) => m.moment === moment && m.topic === topic);
    const created = at('created');
    const failover = at('failover');

    const hw = replicated[topic];
    checks.law({
      id: 'a-on-every-replica',
      scope: variant,
      ok: resultOf(log, 'A')?.error === null && hw === 1,
      expected: 'A was sent and every in-sync replica had it before the followers froze (high watermark 1)',
      found: `${told(log, 'A')}; high watermark ${hw ?? 'not listed'}`,
    });
    checks.law({
      id: 'leader-failed-over',
      scope: variant,
      ok:
        created?.leader === leader &&
        created.isr.length === 3 &&
        failover !== undefined &&
        failover.leader !== leader &&
        failover.leader > 0 &&
        !failover.isr.includes(leader),
      expected: `L (node ${leader}) led with all three replicas in sync, then a follower took over without L`,
      found: `created: leader ${created?.leader ?? '?'} isr [${created?.isr ?? ''}]; failover: leader ${failover?.leader ?? '?'} isr [${failover?.isr ?? ''}]`,
      hint: 'cluster.jsonl records leader and ISR at each moment',
    });
    const truncated = truncatedTo(truncations, `${topic}-0`) === 1;
    checks.law({
      id: 'old-leader-truncated',
      scope: variant,
      ok: truncated,
      expected: `L cut its log back to offset 1 on rejoining ("Truncating to offset 1" for ${topic}-0)`,
      found: truncated ? 'truncation.txt has the line' : 'no such line in truncation.txt',
    });
    const onlyA = replicas.every((records) => records.length === 1 && records[0] === '0:A');
    checks.law({
      id: 'x-on-no-replica',
      scope: variant,
      ok: onlyA,
      expected: 'every replica holds A at offset 0 and nothing else: X did not survive the failover',
      found: describeReplicas(replicas).join('; '),
      evidence: describeReplicas(replicas),
    });

    const x = resultOf(log, 'X');
    const lost = log.results.filter((r) => r.error === null && r.offset >= 0 && !replicas.every((records) => records.includes(`${r.offset}:${r.event}`)));
    const lostText = lost.map((r) => `${r.event}@${r.offset}`).join(', ') || 'none';
    checks.figure(`${variant}.acknowledgedLost`, lost.length);
    if (acks === '1') {
      checks.law({
        id: 'acknowledged-record-lost',
        scope: variant,
        ok: x?.error === null && x.offset === 1 && lost.length === 1 && lost[0]!.event === 'X',
        expected: 'acks=1: the leader alone acknowledged X at offset 1, and X is lost: an acknowledged record is gone',
        found: `${told(log, 'X')}; acknowledged and missing: ${lostText}`,
      });
    } else if (acks === '0') {
      checks.law({
        id: 'unconfirmed-record-lost',
        scope: variant,
        ok: x?.error === null && x.offset === NO_OFFSET && !replicas.some((records) => records.some((r) => r.endsWith(':X'))),
        expected: `acks=0: the client reported X delivered with offset ${NO_OFFSET} (no answer to learn one from), and X is lost`,
        found: told(log, 'X'),
      });
    } else {
      checks.law({
        id: 'nothing-acknowledged-lost',
        scope: variant,
        ok: x?.error?.name === MSG_TIMED_OUT && lost.length === 0 && log.results.some((r) => r.error === null),
        expected: `acks=all with min.insync.replicas=2: X was never acknowledged (${MSG_TIMED_OUT}) and every acknowledged record is on every replica`,
        found: `${told(log, 'X')}; acknowledged and missing: ${lostText}`,
        hint: 'an acks=all write needs min.insync.replicas copies before the leader answers',
      });
    }
  }

  const trapTopic = nameOf(names, 'trap');
  const trap = await readProducer(runDir, 'trap');
  const trapReplicas = await readReplicas(runDir, 'trap');
  const y = resultOf(trap, 'Y');
  const z = resultOf(trap, 'Z');
  checks.law({
    id: 'y-timed-out',
    scope: 'trap',
    ok: y?.error?.name === MSG_TIMED_OUT && z?.error === null,
    expected: `with both followers frozen, acks=all Y failed (${MSG_TIMED_OUT}); Z, sent after they were thawed, was acknowledged`,
    found: `${told(trap, 'Y')}, ${told(trap, 'Z')}`,
  });
  const attempts = trap.client
    .map(parseClientEvent)
    .filter((e) => e?.kind === 'produce' && e.topic === trapTopic).length;
  const copies = z?.offset ?? -1;
  const expectedLog = [...Array.from({ length: Math.max(copies, 0) }, (_, i) => `${i}:Y`), `${copies}:Z`];
  const stored = copies >= 1 && trapReplicas.every((records) => records.join(' ') === expectedLog.join(' '));
  checks.law({
    id: 'failed-write-stored',
    scope: 'trap',
    ok: stored,
    expected: 'the "failed" Y is stored on every replica, once before Z for each copy, and Z sits right after them',
    found: `Z at offset ${copies}; ${describeReplicas(trapReplicas).join('; ')}`,
    evidence: describeReplicas(trapReplicas),
  });
  checks.law({
    id: 'one-copy-per-attempt',
    scope: 'trap',
    ok: stored && attempts === copies + 1,
    expected: 'each Produce request the client sent for the trap topic left one copy: the Y attempts, then Z',
    found: `${attempts} Produce request(s) logged, ${copies} cop${copies === 1 ? 'y' : 'ies'} of Y`,
    hint: 'the producer runs with debug=msg, which logs every Produce MessageSet',
  });

  checks.figure('trap.yCopies', copies);
  return checks.grade();
}
