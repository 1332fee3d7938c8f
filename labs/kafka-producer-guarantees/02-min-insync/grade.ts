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

/** librdkafka's text for the broker's NOT_ENOUGH_REPLICAS (error 19). */
const NOT_ENOUGH_REPLICAS = 'Broker: Not enough in-sync replicas';

/** What this grader reads of the parameters the run recorded: its variants (one topic each) and the leader L it chose. */
const RECORDED = is.object({
  variants: is.array(is.object({ name: is.string, minInsync: is.literal(2, 1) })),
  leader: is.integer,
});

/**
 * With both followers stopped and L the only in-sync replica, acks=all is refused with NOT_ENOUGH_REPLICAS on the
 * min.insync.replicas=2 topic (nothing stored) and acknowledged by L alone on the min.insync.replicas=1 topic (B
 * committed with one copy, on every replica once they return).
 */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const { parameters, names } = await readRunInfo(runDir, RECORDED);
  const { leader } = parameters;
  const moments = await readMoments(runDir);
  const watermarks = parseOffsets(await readRunFile(runDir, 'offsets-isr-of-one.txt'));

  for (const { name: variant, minInsync } of parameters.variants) {
    const topic = nameOf(names, variant);
    const log = await readProducer(runDir, variant);
    const replicas = await readReplicas(runDir, variant);
    const stopped = moments.find((m) => m.moment === 'stopped' && m.topic === topic);
    checks.law({
      id: 'a-acknowledged',
      scope: variant,
      ok: resultOf(log, 'A')?.offset === 0,
      expected: 'with three replicas in sync, A was acknowledged at offset 0',
      found: told(log, 'A'),
    });
    checks.law({
      id: 'isr-of-leader-alone',
      scope: variant,
      ok: stopped?.leader === leader && stopped.isr.length === 1 && stopped.isr[0] === leader,
      expected: `with both followers stopped, L (node ${leader}) led and was the only in-sync replica when B was sent`,
      found: stopped ? `leader ${stopped.leader} isr [${stopped.isr}]` : 'no "stopped" moment in cluster.jsonl',
    });
    const b = resultOf(log, 'B');
    const hw = watermarks[topic];
    if (minInsync === 2) {
      const refused = log.client
        .map(parseClientEvent)
        .filter((e) => e?.kind === 'batch-error' && e.topic === topic && e.error === NOT_ENOUGH_REPLICAS && e.actions.includes('MsgNotPersisted')).length;
      checks.law({
        id: 'not-enough-replicas',
        scope: variant,
        ok: b?.error?.name === MSG_TIMED_OUT && refused >= 1,
        expected: `acks=all with min.insync.replicas=2 and one replica in sync: the broker answered "${NOT_ENOUGH_REPLICAS}" (the client's action: MsgNotPersisted) and the client gave B up (${MSG_TIMED_OUT})`,
        found: `${told(log, 'B')}; ${refused} refused attempt(s) in the debug lines`,
        hint: 'the refusal is visible only with debug=msg: librdkafka retries it and reports the timeout',
      });
      checks.law({
        id: 'nothing-stored',
        scope: variant,
        ok: hw === 1 && replicas.every((records) => records.join(' ') === '0:A'),
        expected: 'B was refused before it was appended: the high watermark stayed 1 and every replica holds only A',
        found: `high watermark ${hw ?? 'not listed'}; ${describeReplicas(replicas).join('; ')}`,
        evidence: describeReplicas(replicas),
      });
    } else {
      checks.law({
        id: 'acknowledged-by-leader-alone',
        scope: variant,
        ok: b?.error === null && b.offset === 1 && hw === 2,
        expected: 'acks=all with min.insync.replicas=1 and one replica in sync: L acknowledged B at offset 1 and committed it (high watermark 2)',
        found: `${told(log, 'B')}; high watermark ${hw ?? 'not listed'}`,
      });
      checks.law({
        id: 'copied-after-recovery',
        scope: variant,
        ok: replicas.every((records) => records.join(' ') === '0:A 1:B'),
        expected: 'once the followers returned, every replica holds A and B: until then B had a single copy',
        found: describeReplicas(replicas).join('; '),
        evidence: describeReplicas(replicas),
      });
    }
  }
  return checks.grade();
}
