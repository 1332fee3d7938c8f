import { Checks, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { parseClientEvent } from '@kafka-labs/kafka-client/producer-log';
import {
  CLUSTER_FILE,
  clusterView,
  describeReplicas,
  dumpFile,
  MSG_TIMED_OUT,
  NODES,
  parseOffsets,
  parseQuorum,
  QUORUM_FILE,
  TRUNCATION_FILE,
  truncatedTo,
  readMoments,
  readProducer,
  readReplicas,
  resultOf,
  told,
  type PictureVariant,
  type Protocol,
} from '@kafka-labs/kafka-producer-guarantees/replicas';
import { CLUSTER_MESSAGES } from '@kafka-labs/kafka-producer-guarantees/cluster-messages';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded: its variants (one topic each) and the leader L it chose. */
const RECORDED = is.object({
  variants: is.array(is.object({ name: is.string, acks: is.literal('1', '0', 'all') })),
  leader: is.integer,
});
/** The offset of an acks=0 delivery report: the broker answers nothing, so the client knows none. */
const NO_OFFSET = -1001;

/**
 * The leader L dies before its frozen followers copy X: the acks=1 producer was told an offset for X and X is on no
 * replica, acks=0 was told -1001 and X is gone, acks=all (waiting for an ISR that never shrank: the frozen followers
 * held two of three votes) was never told an offset for X and every record it was told of is on every replica; and a
 * non-idempotent acks=all record that timed out while the followers were frozen is stored once per attempt after they return.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const c = textsIn(CLUSTER_MESSAGES, lang);
  const checks = new Checks(lang);
  const { parameters, names } = await readRunInfo(runDir, RECORDED);
  const { leader } = parameters;
  const moments = await readMoments(runDir);
  const replicated = parseOffsets(await readRunFile(runDir, 'offsets-before-freeze.txt'));
  const truncations = await readRunFile(runDir, TRUNCATION_FILE, { allowEmpty: true });
  const quorum = parseQuorum(await readRunFile(runDir, QUORUM_FILE));
  checks.law({
    id: 'frozen-pair-held-the-quorum',
    ok: quorum.voters.length === NODES.length && NODES.every((n) => quorum.voters.includes(n)) && quorum.controller !== undefined && quorum.controller !== leader,
    expected: t.quorumExpected({ leader }),
    found: t.quorumFound({ controller: String(quorum.controller ?? '?'), voters: quorum.voters.join(',') }),
    hint: t.quorumHint(),
  });
  const followers = NODES.filter((n) => n !== leader);
  const pictured: PictureVariant[] = [];
  const described = (moment: string, m: { leader: number; isr: number[] } | undefined) =>
    m ? t.moment({ moment, leader: String(m.leader), isr: m.isr.join(',') }) : c.noMoment({ moment });

  for (const { name: variant, acks } of parameters.variants) {
    const topic = nameOf(names, variant);
    const log = await readProducer(runDir, variant);
    const replicas = await readReplicas(runDir, variant);
    const at = (moment: string) => moments.find((m) => m.moment === moment && m.topic === topic);
    const created = at('created');
    const frozen = at('frozen');
    const failover = at('failover');

    const hw = replicated[topic];
    checks.law({
      id: 'a-on-every-replica',
      scope: variant,
      ok: resultOf(log, 'A')?.error === null && hw === 1,
      expected: t.aExpected(),
      found: t.aFound({ told: told(log, 'A'), hw: hw === undefined ? c.notListed() : String(hw) }),
    });
    checks.law({
      id: 'isr-never-shrank',
      scope: variant,
      ok: frozen?.leader === leader && frozen.isr.length === NODES.length,
      expected: t.isrKeptExpected({ leader }),
      found: described('frozen', frozen),
      hint: t.isrKeptHint(),
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
      expected: t.failoverExpected({ leader }),
      found: `${described('created', created)}; ${described('failover', failover)}`,
      hint: t.failoverHint(),
    });
    const truncated = truncatedTo(truncations, `${topic}-0`) === 1;
    pictured.push({ title: `${variant} (acks=${acks})`, topic, event: 'X', log, replicas, truncated });
    checks.law({
      id: 'old-leader-truncated',
      scope: variant,
      ok: truncated,
      expected: t.truncatedExpected({ partition: `${topic}-0` }),
      found: truncated ? t.truncatedFound() : t.notTruncatedFound(),
    });
    const onlyA = replicas.every((records) => records.length === 1 && records[0] === '0:A');
    checks.law({
      id: 'x-on-no-replica',
      scope: variant,
      ok: onlyA,
      expected: t.onlyAExpected(),
      found: describeReplicas(replicas).join('; '),
      evidence: describeReplicas(replicas),
    });

    const x = resultOf(log, 'X');
    const lost = log.results.filter((r) => r.error === null && r.offset >= 0 && !replicas.every((records) => records.includes(`${r.offset}:${r.event}`)));
    const lostFound = t.lostFound({ told: told(log, 'X'), lost: lost.map((r) => `${r.event}@${r.offset}`).join(', ') || t.none() });
    checks.figure(`${variant}.acknowledgedLost`, lost.length);
    if (acks === '1') {
      checks.law({
        id: 'acknowledged-record-lost',
        scope: variant,
        ok: x?.error === null && x.offset === 1 && lost.length === 1 && lost[0]!.event === 'X',
        expected: t.acks1Expected(),
        found: lostFound,
      });
    } else if (acks === '0') {
      checks.law({
        id: 'unconfirmed-record-lost',
        scope: variant,
        ok: x?.error === null && x.offset === NO_OFFSET && !replicas.some((records) => records.some((r) => r.endsWith(':X'))),
        expected: t.acks0Expected({ offset: NO_OFFSET }),
        found: told(log, 'X'),
      });
    } else {
      checks.law({
        id: 'nothing-acknowledged-lost',
        scope: variant,
        ok: x?.error?.name === MSG_TIMED_OUT && lost.length === 0 && log.results.some((r) => r.error === null),
        expected: t.acksAllExpected({ error: MSG_TIMED_OUT }),
        found: lostFound,
        hint: t.acksAllHint(),
      });
    }
  }

  // What the run script did to the nodes before each moment it recorded.
  const protocol: Protocol = [
    { name: 'created', events: [] },
    { name: 'frozen', events: followers.map((node) => ({ node, action: 'freeze' })) },
    { name: 'failover', events: [{ node: leader, action: 'kill' }, ...followers.map((node) => ({ node, action: 'thaw' as const }))] },
    { name: 'rejoined', events: [{ node: leader, action: 'restart' }] },
  ];
  const files = parameters.variants.flatMap((v) => [`${v.name}.log`, ...NODES.map((n) => dumpFile(v.name, n))]);
  checks.view(clusterView(protocol, moments, leader, pictured, [CLUSTER_FILE, TRUNCATION_FILE, ...files]));

  const trapTopic = nameOf(names, 'trap');
  const trap = await readProducer(runDir, 'trap');
  const trapReplicas = await readReplicas(runDir, 'trap');
  const y = resultOf(trap, 'Y');
  const z = resultOf(trap, 'Z');
  checks.law({
    id: 'y-timed-out',
    scope: 'trap',
    ok: y?.error?.name === MSG_TIMED_OUT && z?.error === null,
    expected: t.yExpected({ error: MSG_TIMED_OUT }),
    found: t.pair({ y: told(trap, 'Y'), z: told(trap, 'Z') }),
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
    expected: t.storedExpected(),
    found: t.storedFound({ z: copies, replicas: describeReplicas(trapReplicas).join('; ') }),
    evidence: describeReplicas(trapReplicas),
  });
  checks.law({
    id: 'one-copy-per-attempt',
    scope: 'trap',
    ok: stored && attempts === copies + 1,
    expected: t.perAttemptExpected(),
    found: t.perAttemptFound({ attempts, copies }),
    hint: t.perAttemptHint(),
  });

  checks.figure('trap.yCopies', copies);
  return checks.grade();
}
