import { defineMessages } from '@kafka-labs/i18n';

/** What 04-key-partitioning's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  createStep: {
    en: (p: { partitions: number; first: string; last: string }) =>
      `Create topic keys with ${p.partitions} partitions; send the keys ${p.first} ... ${p.last} from four clients`,
    ko: (p) => `파티션 ${p.partitions}개짜리 토픽 keys를 만들고, ${p.first} ... ${p.last} 키를 클라이언트 네 개로 보내기`,
  },
  javaAbout: {
    en: () => "java: Kafka's console producer (parse.key=true), the Java client's default partitioner",
    ko: () => 'java: Kafka의 콘솔 프로듀서(parse.key=true), Java 클라이언트의 기본 파티셔너',
  },
  murmur2RandomAbout: {
    en: (p: { name: string }) => `${p.name}: librdkafka as above with partitioner=murmur2_random`,
    ko: (p) => `${p.name}: 위와 같은 librdkafka에 partitioner=murmur2_random`,
  },
  valueNamesClient: { en: () => "Each record's value names its client.", ko: () => '레코드의 값에는 보낸 클라이언트 이름이 들어가요.' },
  placedTable: {
    en: (p: { partitions: number }) => `partition of each key (read back with kafka-console-consumer), and the two hashes modulo ${p.partitions}`,
    ko: (p) => `키마다의 파티션(kafka-console-consumer로 다시 읽음)과 두 해시의 ${p.partitions} 나머지`,
  },
  placedExplain: {
    en: (p: { partitions: number; elsewhere: number; keys: number }) =>
      `   Java, kafkajs and the confluent client with its kafkaJS config block agree on every key: murmur2(key) & 0x7fffffff\n` +
      `   % ${p.partitions}, which the lab computes itself. The KafkaJS-style config makes the confluent client set\n` +
      "   partitioner=murmur2_random, and librdkafka given it agrees too. librdkafka's own default, consistent_random, takes\n" +
      `   CRC32 of the key instead and puts ${p.elsewhere} of these ${p.keys} keys elsewhere than Java does. A topic written by both\n` +
      '   kinds of client splits a key.',
    ko: (p) =>
      `   Java, kafkajs, kafkaJS 설정 블록을 쓴 confluent 클라이언트는 모든 키에서 같은 파티션을 골라요: murmur2(key) & 0x7fffffff\n` +
      `   % ${p.partitions}이고, 실습이 직접 계산한 값과 같아요. KafkaJS 스타일 설정은 confluent 클라이언트에 partitioner=murmur2_random을\n` +
      '   넣고, 그 설정을 준 librdkafka도 같은 파티션을 골라요. librdkafka 자체의 기본값인 consistent_random은 대신 키의 CRC32를 써서\n' +
      `   이 키 ${p.keys}개 중 ${p.elsewhere}개를 Java와 다른 파티션에 넣어요. 두 종류의 클라이언트가 함께 쓰는 토픽에서는 한 키가 나뉘어요.`,
  },
  growStep: {
    en: (p: { grownTo: number; value: string }) => `Grow keys to ${p.grownTo} partitions; the Java client sends the same keys again (value ${p.value})`,
    ko: (p) => `keys를 파티션 ${p.grownTo}개로 늘리고 Java 클라이언트가 같은 키를 다시 보내기(값 ${p.value})`,
  },
  movedTable: {
    en: (p: { moved: number; keys: number }) => `keys whose records are now in two partitions (${p.moved} of ${p.keys})`,
    ko: (p) => `이제 레코드가 두 파티션에 나뉜 키(${p.keys}개 중 ${p.moved}개)`,
  },
  movedExplain: {
    en: (p: { partitions: number; grownTo: number; moved: number; keys: number; first: string; last: string }) =>
      `   murmur2 % ${p.partitions} is (murmur2 % ${p.grownTo}) % ${p.partitions}: a key stays only when murmur2 % ${p.grownTo} is below ${p.partitions}, and the others move\n` +
      `   to their old partition + ${p.partitions}. That is the law; how many keys it moves depends on the keys: ${p.moved} of these ${p.keys}\n` +
      `   (${p.first} ... ${p.last}), about half of any large set. The moved keys' earlier records stay behind: a consumer reads\n` +
      '   the two partitions independently, so their order per key is gone.',
    ko: (p) =>
      `   murmur2 % ${p.partitions} 값은 (murmur2 % ${p.grownTo}) % ${p.partitions} 값과 같아요. 그래서 murmur2 % ${p.grownTo} 값이 ${p.partitions}보다 작은 키만 제자리에 있고,\n` +
      `   나머지는 (원래 파티션 + ${p.partitions})번 파티션으로 옮겨 가요. 이것이 법칙이고, 몇 개가 옮겨 가는지는 키에 달려 있어요: 이 키 ${p.keys}개\n` +
      `   (${p.first} ... ${p.last})에서는 ${p.moved}개, 키가 많으면 대략 절반이에요. 옮겨 간 키의 이전 레코드는 원래 자리에 남아요.\n` +
      '   컨슈머는 두 파티션을 따로 읽으니 그 키의 순서는 사라져요.',
  },
  nullKeysStep: {
    en: (p: { n: number; clients: string; partitions: number }) =>
      `Records without a key: ${p.n} from each of ${p.clients}, in one go, to a new topic of ${p.partitions} partitions`,
    ko: (p) => `키 없는 레코드: ${p.clients} 클라이언트가 각각 ${p.n}개를 한꺼번에, 파티션 ${p.partitions}개짜리 새 토픽으로`,
  },
  nullKeysTable: {
    en: (p: { last: number }) => `records per partition, p0 .. p${p.last}`,
    ko: (p) => `파티션별 레코드 수, p0 .. p${p.last}`,
  },
  closing: {
    en: (p: { lingerMs: number }) =>
      'Without a key, kafkajs goes round the partitions one record at a time. The Java client and librdkafka stick to one\n' +
      'partition for a while, for fewer and larger batches: Java until a batch is full, librdkafka for\n' +
      `sticky.partitioning.linger.ms (here ${p.lingerMs} ms; its default of 10 ms can end mid-burst on a busy machine).\n` +
      'Either way there is no order between records across partitions.',
    ko: (p) =>
      '키가 없으면 kafkajs는 레코드 하나씩 파티션을 돌아가며 넣어요. Java 클라이언트와 librdkafka는 배치를 더 적고 크게\n' +
      '만들려고 한동안 한 파티션에 붙어 있어요(Sticky Partitioner): Java는 배치가 찰 때까지, librdkafka는\n' +
      `sticky.partitioning.linger.ms 동안이에요(여기서는 ${p.lingerMs}ms, 기본값 10ms는 바쁜 머신에서 몰아 보내는 도중에 끝날 수 있어요).\n` +
      '어느 쪽이든 파티션 사이의 레코드에는 순서가 없어요.',
  },

  onceExpected: {
    en: (p: { keys: number; senders: string }) => `the topic holds each of the ${p.keys} keys once from each of ${p.senders}`,
    ko: (p) => `토픽에 키 ${p.keys}개가 ${p.senders} 각각에서 한 번씩 있음`,
  },
  onceMissing: { en: (p: { senders: string }) => `not so for ${p.senders}`, ko: (p) => `${p.senders}에서는 그렇지 않아요` },
  onceFound: { en: (p: { n: number }) => `${p.n} records`, ko: (p) => `레코드 ${p.n}개` },
  javaWhy: { en: () => "the Java client's default partitioner", ko: () => 'Java 클라이언트의 기본 파티셔너' },
  kafkajsWhy: { en: () => "kafkajs's DefaultPartitioner", ko: () => 'kafkajs의 DefaultPartitioner' },
  confluentWhy: {
    en: () => 'the confluent client, whose kafkaJS config block sets partitioner=murmur2_random',
    ko: () => 'kafkaJS 설정 블록이 partitioner=murmur2_random을 넣는 confluent 클라이언트',
  },
  murmur2RandomWhy: { en: () => 'librdkafka with partitioner=murmur2_random', ko: () => 'partitioner=murmur2_random을 준 librdkafka' },
  murmur2Expected: {
    en: (p: { who: string; partitions: number }) => `${p.who} puts every key at murmur2(key) & 0x7fffffff % ${p.partitions}, as computed in the lab`,
    ko: (p) => `${p.who}가 모든 키를 실습이 계산한 murmur2(key) & 0x7fffffff % ${p.partitions}에 넣음`,
  },
  wherePredicted: {
    en: (p: { n: number; keys: number }) => `${p.n} of ${p.keys} keys where predicted`,
    ko: (p) => `키 ${p.keys}개 중 ${p.n}개가 예측한 곳에 있어요`,
  },
  crc32Expected: {
    en: (p: { partitions: number }) => `librdkafka's default partitioner (consistent_random) puts every key at crc32(key) % ${p.partitions}`,
    ko: (p) => `librdkafka의 기본 파티셔너(consistent_random)가 모든 키를 crc32(key) % ${p.partitions}에 넣음`,
  },
  differsExpected: {
    en: () => "librdkafka's default puts most keys in another partition than the Java client does",
    ko: () => 'librdkafka의 기본값은 대부분의 키를 Java 클라이언트와 다른 파티션에 넣음',
  },
  elsewhereFound: { en: (p: { n: number; keys: number }) => `${p.n} of ${p.keys} keys elsewhere`, ko: (p) => `키 ${p.keys}개 중 ${p.n}개가 다른 곳` },
  differsHint: {
    en: () => 'give librdkafka partitioner=murmur2_random to agree with Java and kafkajs',
    ko: () => 'librdkafka에 partitioner=murmur2_random을 주면 Java, kafkajs와 같아져요',
  },
  growthExpected: {
    en: (p: { grownTo: number; partitions: number }) =>
      `after growing to ${p.grownTo} partitions each key goes to murmur2 % ${p.grownTo}, so exactly the keys with murmur2 % ${p.grownTo} >= ${p.partitions} move`,
    ko: (p) => `파티션 ${p.grownTo}개로 늘린 뒤 키마다 murmur2 % ${p.grownTo}번 파티션으로 가니, 정확히 murmur2 % ${p.grownTo} >= ${p.partitions}인 키만 옮겨 감`,
  },
  growthFound: {
    en: (p: { moved: string; predicted: string }) => `moved: ${p.moved}; predicted: ${p.predicted}`,
    ko: (p) => `옮겨 간 키: ${p.moved}; 예측: ${p.predicted}`,
  },
  none: { en: () => 'none', ko: () => '없음' },
  splitExpected: {
    en: () => "each moved key's Java records, before and after the growth, now sit in two partitions: its order is broken",
    ko: () => '옮겨 간 키마다 늘리기 전과 후의 Java 레코드가 두 파티션에 있음: 그 키의 순서가 깨짐',
  },
  splitFound: {
    en: (p: { split: number; moved: number }) => `${p.split} of ${p.moved} moved keys in two partitions`,
    ko: (p) => `옮겨 간 키 ${p.moved}개 중 ${p.split}개가 두 파티션에 있어요`,
  },
  roundRobinExpected: {
    en: (p: { n: number; even: number }) => `kafkajs spreads ${p.n} keyless records round-robin: ${p.even} in every partition`,
    ko: (p) => `kafkajs가 키 없는 레코드 ${p.n}개를 라운드로빈으로 나눔: 파티션마다 ${p.even}개`,
  },
  perPartition: { en: (p: { counts: string }) => `per partition: ${p.counts}`, ko: (p) => `파티션별: ${p.counts}` },
  stickyExpected: {
    en: (p: { client: string; n: number }) => `${p.client} keeps the ${p.n} keyless records it sent at once in one partition (sticky)`,
    ko: (p) => `${p.client} 클라이언트가 한꺼번에 보낸 키 없는 레코드 ${p.n}개를 한 파티션에 모두 넣음(sticky)`,
  },
});
