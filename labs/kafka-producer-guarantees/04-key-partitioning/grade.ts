import { Checks, is, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { keyNames } from '@kafka-labs/kafka-client/producer-log';
import {
  countPerPartition,
  crc32Partition,
  murmur2Partition,
  PARTITION_FILES as F,
  partitionOfKeys,
  type Placed,
} from '@kafka-labs/kafka-producer-guarantees/partitions';
import { readPlaced } from '@kafka-labs/kafka-producer-guarantees/read-back';
import type { PartitionsView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's KEY_PARTITIONING). */
const RECORDED = is.object({
  partitions: is.integer,
  grownTo: is.integer,
  keys: is.integer,
  nullKeys: is.integer,
  clients: is.array(is.string),
  murmur2Random: is.string,
  afterGrowth: is.string,
});

/**
 * Java, kafkajs and the confluent client with a kafkaJS config block put every key where murmur2 says, librdkafka's
 * default where CRC32 says (most keys elsewhere); growing the topic moves exactly the keys murmur2 predicts, whose
 * records are then in two partitions; without a key kafkajs goes round-robin while Java and librdkafka stick.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const S = (await readRunInfo(runDir, RECORDED)).parameters;
  const keys = keyNames(S.keys);
  const before = await readPlaced(runDir, F.beforeGrowth);
  const after = await readPlaced(runDir, F.afterGrowth);
  const nulls = await readPlaced(runDir, F.nullKeys);

  const placed = (records: Placed[], value: string) => partitionOfKeys(records, value);
  const mismatches = (value: string, predict: (key: string) => number) => {
    const at = placed(before, value);
    return keys.filter((k) => at.get(k) !== predict(k)).map((k) => `${k}: ${value} p${at.get(k) ?? '-'}, predicted p${predict(k)}`);
  };
  const murmur2 = (k: string) => murmur2Partition(k, S.partitions);

  const senders = [...S.clients, S.murmur2Random];
  const once = senders.filter((c) => keys.some((k) => before.filter((r) => r.value === c && r.key === k).length !== 1));
  checks.law({
    id: 'every-key-once-per-client',
    ok: once.length === 0,
    expected: t.onceExpected({ keys: S.keys, senders: senders.join(', ') }),
    found: once.length ? t.onceMissing({ senders: once.join(', ') }) : t.onceFound({ n: before.length }),
  });
  for (const [id, value, why] of [
    ['java-murmur2', 'java', t.javaWhy()],
    ['kafkajs-murmur2', 'kafkajs', t.kafkajsWhy()],
    ['confluent-kafkajs-config-murmur2', 'confluent', t.confluentWhy()],
    ['librdkafka-murmur2-random', S.murmur2Random, t.murmur2RandomWhy()],
  ] as const) {
    const wrong = mismatches(value, murmur2);
    checks.law({
      id,
      ok: wrong.length === 0,
      expected: t.murmur2Expected({ who: why, partitions: S.partitions }),
      found: t.wherePredicted({ n: S.keys - wrong.length, keys: S.keys }),
      evidence: wrong,
    });
  }
  const crcWrong = mismatches('librdkafka', (k) => crc32Partition(k, S.partitions));
  checks.law({
    id: 'librdkafka-default-crc32',
    ok: crcWrong.length === 0,
    expected: t.crc32Expected({ partitions: S.partitions }),
    found: t.wherePredicted({ n: S.keys - crcWrong.length, keys: S.keys }),
    evidence: crcWrong,
  });
  const java = placed(before, 'java');
  const rdkafka = placed(before, 'librdkafka');
  const elsewhere = keys.filter((k) => rdkafka.get(k) !== java.get(k));
  checks.law({
    id: 'librdkafka-default-differs-from-java',
    ok: elsewhere.length > S.keys / 2,
    expected: t.differsExpected(),
    found: t.elsewhereFound({ n: elsewhere.length, keys: S.keys }),
    hint: t.differsHint(),
  });
  checks.figure('librdkafkaKeysElsewhere', elsewhere.length);

  const grown = placed(after, S.afterGrowth);
  const predicted = keys.filter((k) => murmur2Partition(k, S.grownTo) >= S.partitions);
  const moved = keys.filter((k) => grown.get(k) !== java.get(k));
  const misplaced = keys.filter((k) => grown.get(k) !== murmur2Partition(k, S.grownTo));
  checks.law({
    id: 'growth-moves-predicted-keys',
    ok: misplaced.length === 0 && moved.join() === predicted.join(),
    expected: t.growthExpected({ grownTo: S.grownTo, partitions: S.partitions }),
    found: t.growthFound({ moved: moved.join(', ') || t.none(), predicted: predicted.join(', ') || t.none() }),
    evidence: misplaced.map((k) => `${k}: p${grown.get(k) ?? '-'} after growth, murmur2 % ${S.grownTo} = ${murmur2Partition(k, S.grownTo)}`),
  });
  const split = moved.filter((k) => new Set(after.filter((r) => r.key === k && (r.value === 'java' || r.value === S.afterGrowth)).map((r) => r.partition)).size === 2);
  const record = (k: string, value: string) => after.find((r) => r.key === k && r.value === value);
  checks.law({
    id: 'moved-keys-in-two-partitions',
    ok: moved.length > 0 && split.length === moved.length,
    expected: t.splitExpected(),
    found: t.splitFound({ split: split.length, moved: moved.length }),
    evidence: moved.map((k) => `${k}: java at p${record(k, 'java')?.partition}/${record(k, 'java')?.offset}, ${S.afterGrowth} at p${record(k, S.afterGrowth)?.partition}/${record(k, S.afterGrowth)?.offset}`),
  });
  checks.figure('keysMoved', moved.length);
  const column = (name: string, at: Map<string, number>) => ({ name, partitions: keys.map((k) => at.get(k) ?? null) });
  checks.view({
    kind: 'partitions',
    files: [F.beforeGrowth, F.afterGrowth],
    keys,
    before: S.partitions,
    after: S.grownTo,
    clients: senders.map((c) => column(c, placed(before, c))),
    grown: column(S.afterGrowth, grown),
    moved,
  } satisfies PartitionsView);

  const spread = (client: string) => countPerPartition(nulls, client, S.partitions);
  const even = S.nullKeys / S.partitions;
  checks.law({
    id: 'kafkajs-null-keys-round-robin',
    ok: spread('kafkajs').every((n) => n === even),
    expected: t.roundRobinExpected({ n: S.nullKeys, even }),
    found: t.perPartition({ counts: spread('kafkajs').join(' ') }),
  });
  for (const [id, client] of [
    ['java-null-keys-sticky', 'java'],
    ['librdkafka-null-keys-sticky', 'librdkafka'],
  ] as const) {
    const counts = spread(client);
    checks.law({
      id,
      ok: counts.filter((n) => n > 0).length === 1 && counts.includes(S.nullKeys),
      expected: t.stickyExpected({ client, n: S.nullKeys }),
      found: t.perPartition({ counts: counts.join(' ') }),
    });
  }
  return checks.grade();
}
