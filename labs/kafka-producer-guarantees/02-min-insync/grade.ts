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
  NOT_ENOUGH_REPLICAS,
  parseOffsets,
  readMoments,
  readProducer,
  readReplicas,
  resultOf,
  told,
  TRUNCATION_FILE,
  truncatedTo,
  type PartitionMoment,
  type PictureVariant,
  type Protocol,
} from '@kafka-labs/kafka-producer-guarantees/replicas';
import { CLUSTER_MESSAGES } from '@kafka-labs/kafka-producer-guarantees/cluster-messages';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded: its variants (one topic each) and the leader L it chose. */
const RECORDED = is.object({
  variants: is.array(is.object({ name: is.string, acks: is.literal('all', '1'), minInsync: is.literal(2, 1) })),
  leader: is.integer,
});

/**
 * With both followers stopped and L the only in-sync replica: acks=all is refused with NOT_ENOUGH_REPLICAS at
 * min.insync.replicas=2 (nothing stored) and committed by L alone at min.insync.replicas=1, where L's death leaves the
 * partition without a leader until L returns with B; acks=1 at min.insync.replicas=2 is acknowledged but not committed,
 * and the clean election of an eligible follower (ELR) after L's death loses it.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const c = textsIn(CLUSTER_MESSAGES, lang);
  const checks = new Checks(lang);
  const { parameters, names } = await readRunInfo(runDir, RECORDED);
  const { leader } = parameters;
  const moments = await readMoments(runDir);
  const watermarks = parseOffsets(await readRunFile(runDir, 'offsets-isr-of-one.txt'));
  const truncations = await readRunFile(runDir, TRUNCATION_FILE, { allowEmpty: true });
  const pictured: PictureVariant[] = [];
  const state = (moment: string, m: PartitionMoment | undefined) => (m ? t.moment({ leader: m.leader, isr: m.isr.join(',') }) : c.noMoment({ moment }));

  for (const { name: variant, acks, minInsync } of parameters.variants) {
    const topic = nameOf(names, variant);
    const log = await readProducer(runDir, variant);
    const replicas = await readReplicas(runDir, variant);
    const at = (moment: string) => moments.find((m) => m.moment === moment && m.topic === topic);
    const stopped = at('stopped');
    const dead = at('leader-dead');
    checks.law({
      id: 'a-acknowledged',
      scope: variant,
      ok: resultOf(log, 'A')?.offset === 0,
      expected: t.aExpected(),
      found: told(log, 'A'),
    });
    checks.law({
      id: 'isr-of-leader-alone',
      scope: variant,
      ok: stopped?.leader === leader && stopped.isr.length === 1 && stopped.isr[0] === leader,
      expected: t.isrOneExpected({ leader }),
      found: state('stopped', stopped),
    });
    const b = resultOf(log, 'B');
    const hw = watermarks[topic];
    const hwText = hw === undefined ? c.notListed() : String(hw);
    const replicaText = describeReplicas(replicas).join('; ');
    const cut = truncatedTo(truncations, `${topic}-0`);
    pictured.push({ title: `${variant} (acks=${acks}, min.insync.replicas=${minInsync})`, topic, event: 'B', log, replicas, truncated: cut !== undefined });
    if (acks === 'all' && minInsync === 2) {
      const refused = log.client
        .map(parseClientEvent)
        .filter((e) => e?.kind === 'batch-error' && e.topic === topic && e.error === NOT_ENOUGH_REPLICAS && e.actions.includes('MsgNotPersisted')).length;
      checks.law({
        id: 'not-enough-replicas',
        scope: variant,
        ok: b?.error?.name === MSG_TIMED_OUT && refused >= 1,
        expected: t.refusedExpected({ error: NOT_ENOUGH_REPLICAS, timeout: MSG_TIMED_OUT }),
        found: t.refusedFound({ told: told(log, 'B'), n: refused }),
        hint: t.refusedHint(),
      });
      checks.law({
        id: 'nothing-stored',
        scope: variant,
        ok: hw === 1 && replicas.every((records) => records.join(' ') === '0:A'),
        expected: t.nothingStoredExpected(),
        found: t.hwFound({ hw: hwText, rest: replicaText }),
        evidence: describeReplicas(replicas),
      });
    } else if (acks === 'all') {
      checks.law({
        id: 'acknowledged-by-leader-alone',
        scope: variant,
        ok: b?.error === null && b.offset === 1 && hw === 2,
        expected: t.committedExpected(),
        found: t.toldHw({ told: told(log, 'B'), hw: hwText }),
      });
      checks.law({
        id: 'offline-without-leader',
        scope: variant,
        ok: dead?.leader === -1,
        expected: t.offlineExpected(),
        found: state('leader-dead', dead),
        hint: t.offlineHint(),
      });
      checks.law({
        id: 'copied-after-recovery',
        scope: variant,
        ok: replicas.every((records) => records.join(' ') === '0:A 1:B'),
        expected: t.copiedExpected(),
        found: replicaText,
        evidence: describeReplicas(replicas),
      });
    } else {
      checks.law({
        id: 'acknowledged-not-committed',
        scope: variant,
        ok: b?.error === null && b.offset === 1 && hw === 1,
        expected: t.notCommittedExpected(),
        found: t.toldHw({ told: told(log, 'B'), hw: hwText }),
      });
      checks.law({
        id: 'eligible-follower-elected',
        scope: variant,
        ok: dead !== undefined && dead.leader > 0 && dead.leader !== leader && stopped?.isr.includes(dead.leader) === false,
        expected: t.electedExpected({ leader }),
        found: `${state('stopped', stopped)}; ${state('leader-dead', dead)}`,
        hint: t.electedHint(),
      });
      checks.law({
        id: 'acknowledged-record-lost',
        scope: variant,
        ok: cut === 1 && replicas.every((records) => records.join(' ') === '0:A'),
        expected: t.lostExpected(),
        found: t.lostFound({ truncated: cut === undefined ? t.noTruncation() : String(cut), replicas: replicaText }),
        evidence: describeReplicas(replicas),
      });
    }
  }
  // What the run script did to the nodes before each moment it recorded.
  const followers = NODES.filter((n) => n !== leader);
  const protocol: Protocol = [
    { name: 'created', events: [] },
    { name: 'stopped', events: followers.map((node) => ({ node, action: 'stop' })) },
    { name: 'leader-dead', events: [{ node: leader, action: 'kill' }, ...followers.map((node) => ({ node, action: 'restart' as const }))] },
    { name: 'recovered', events: [{ node: leader, action: 'restart' }] },
  ];
  const files = parameters.variants.flatMap((v) => [`${v.name}.log`, ...NODES.map((n) => dumpFile(v.name, n))]);
  checks.view(clusterView(protocol, moments, leader, pictured, [CLUSTER_FILE, TRUNCATION_FILE, ...files]));
  return checks.grade();
}
