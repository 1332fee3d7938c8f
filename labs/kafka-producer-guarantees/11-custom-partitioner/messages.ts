import { defineMessages } from '@kafka-labs/i18n';

/** What 11-custom-partitioner's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  partitionerStep: {
    en: (p: { partitions: number }) =>
      `The VIP partitioner: a VIP order to partition 0, any other order by murmur2 of its key over partitions 1 .. ${p.partitions - 1}`,
    ko: (p) => `VIP 파티셔너: VIP 주문은 파티션 0, 나머지 주문은 키의 murmur2로 파티션 1 .. ${p.partitions - 1} 중 하나`,
  },
  streamAbout: {
    en: (p: { customers: number; orders: number; vip: string; upgraded: string; upgradeAfter: number; partitions: number }) =>
      `   ${p.customers} customers (the record key) place ${p.orders} orders each, round by round, one send at a time; the value is\n` +
      `   the order event as JSON, and the partitioner reads "vip" from it, as the article's reads order.isVip(). ${p.vip} are VIP;\n` +
      `   ${p.upgraded} becomes VIP after its order ${p.upgradeAfter}. Each client sends the stream to its own topic of ${p.partitions} partitions.\n` +
      "   The article hashes with Java's String.hashCode; the lab uses Kafka's murmur2, so that every client agrees.",
    ko: (p) =>
      `   고객 ${p.customers}명(레코드 키)이 각자 주문 ${p.orders}개를 차례로 돌아가며 넣고, 한 번에 하나씩 보내요. 값은 주문 이벤트 JSON이고,\n` +
      `   파티셔너는 글에서 order.isVip()를 읽듯이 값에서 "vip"를 읽어요. VIP 고객: ${p.vip}.\n` +
      `   ${p.upgraded}: 주문 ${p.upgradeAfter}번 뒤에 VIP가 돼요. 클라이언트마다 파티션 ${p.partitions}개짜리 자기 토픽에 보내요.\n` +
      '   글은 Java의 String.hashCode로 해시하지만, 이 실습은 모든 클라이언트가 같은 답을 내도록 Kafka의 murmur2를 써요.',
  },
  kafkajsStep: {
    en: () => "kafkajs: the partitioner is the producer's createPartitioner, called for every record",
    ko: () => 'kafkajs: 파티셔너를 프로듀서의 createPartitioner로 넘기면, 레코드마다 불려요',
  },
  confluentStep: {
    en: () => 'confluent (@confluentinc/kafka-javascript over librdkafka): no partitioner hook; each record is sent with an explicit partition from the same function',
    ko: () => 'confluent(librdkafka 기반 @confluentinc/kafka-javascript): 파티셔너 훅이 없어서, 같은 함수로 계산한 파티션을 레코드마다 직접 지정해 보내요',
  },
  confluentAbout: {
    en: () =>
      '   Its KafkaJS layer refuses createPartitioner (the line below, from this run); the node-rdkafka-style API takes only\n' +
      "   librdkafka's built-in partitioners by name (partitioner=murmur2_random, ...): its config code registers no JS\n" +
      '   partitioner callback with librdkafka. What is left is to choose the partition in the application.',
    ko: () =>
      '   이 클라이언트의 KafkaJS 계층은 createPartitioner를 거절하고(아래 줄, 이번 실행의 것), node-rdkafka 방식 API는\n' +
      '   librdkafka에 들어 있는 파티셔너를 이름으로만 받아요(partitioner=murmur2_random, ...): 설정 코드가 JS 파티셔너\n' +
      '   콜백을 librdkafka에 등록하지 않아요. 남은 방법은 애플리케이션이 파티션을 직접 고르는 것이에요.',
  },
  partitionsTable: {
    en: (p: { client: string }) => `${p.client}: each partition dumped with kafka-dump-log, records in offset order (customer number # order, * VIP)`,
    ko: (p) => `${p.client}: 파티션마다 kafka-dump-log로 덤프, offset 순서의 레코드(고객 번호 # 주문 번호, * VIP)`,
  },
  placedExplain: {
    en: (p: { vip: number; standard: number; spread: string }) =>
      `   ${p.vip} VIP orders on partition 0 and nothing else there; the ${p.standard} other orders spread by key: ${p.spread}.`,
    ko: (p) => `   VIP 주문 ${p.vip}개는 파티션 0에, 그 밖의 것은 없어요. 나머지 주문 ${p.standard}개는 키로 나뉘었어요: ${p.spread}.`,
  },
  upgradeStep: {
    en: (p: { upgraded: string; after: number }) => `${p.upgraded} became VIP after its order ${p.after}: where its orders are (kafkajs topic)`,
    ko: (p) => `${p.upgraded}: 주문 ${p.after}번 뒤에 VIP가 됨, 그 주문들이 있는 곳(kafkajs 토픽)`,
  },
  upgradeExplain: {
    en: (p: { upgraded: string; before: string; after: string; from: number }) =>
      `   ${p.before} stayed on p${p.from}, where the key's hash put them; ${p.after} went to p0. One key, two partitions:\n` +
      `   Kafka orders the records of a partition by offset, and keeps no order between partitions, so nothing says that\n` +
      `   ${p.upgraded}'s earlier orders come first.`,
    ko: (p) =>
      `   ${p.before}는 키의 해시가 정한 p${p.from}에 그대로 있고, ${p.after}는 p0으로 갔어요. 키 하나가 파티션 두 개에 있어요:\n` +
      '   Kafka는 파티션 안의 레코드를 offset으로 정렬할 뿐 파티션 사이의 순서는 지키지 않으니, ' +
      `${p.upgraded}의 앞선 주문이\n   먼저 온다고 말해 주는 것이 없어요.`,
  },
  laneStep: {
    en: () => 'The VIP lane: a consumer of partition 0 alone (kafka-console-consumer --partition 0), as the article\'s design intends',
    ko: () => 'VIP 전용 처리: 파티션 0만 읽는 컨슈머(kafka-console-consumer --partition 0), 글의 설계가 의도한 대로',
  },
  laneTable: { en: (p: { key: string }) => `what it read of ${p.key}`, ko: (p) => `${p.key}에 대해 읽은 것` },
  laneExplain: {
    en: (p: { later: string; earlier: string; from: number }) =>
      `   It handled ${p.later} while ${p.earlier} wait on p${p.from}, behind the standard lane's backlog: this consumer\n` +
      '   cannot know they exist. A consumer of both partitions is no better off: which partition it fetches first is not\n' +
      '   ordered either. Kafka orders per partition, not per key; a partitioner that moves a key breaks its order.',
    ko: (p) =>
      `   ${p.later}를 처리했는데 ${p.earlier}는 p${p.from}에서 일반 처리의 밀린 작업 뒤에 기다리고 있어요: 이 컨슈머는\n` +
      '   그 주문들이 있는지조차 몰라요. 두 파티션을 다 읽는 컨슈머도 나을 게 없어요: 어느 파티션을 먼저 가져올지도\n' +
      '   정해져 있지 않아요. Kafka는 키가 아니라 파티션마다 순서를 지켜요. 키를 옮기는 파티셔너는 그 키의 순서를 깨요.',
  },
  closing: {
    en: () =>
      '   A custom partitioner keeps per-key order only while it sends each key to one partition. To keep it across an\n' +
      '   upgrade, let the VIP flag follow the key from its first order on, or carry an order number the consumer checks.',
    ko: () =>
      '   커스텀 파티셔너가 키의 순서를 지키는 것은 키마다 파티션 하나로만 보낼 때뿐이에요. 등급이 바뀌어도 순서를 지키려면\n' +
      '   VIP 여부가 첫 주문부터 키를 따라가게 하거나, 컨슈머가 확인할 주문 번호를 함께 실어 보내세요.',
  },

  // The grader's.
  onceExpected: {
    en: (p: { client: string; n: number }) => `the ${p.client} topic holds each of the ${p.n} orders once, and its producer got an offset for each`,
    ko: (p) => `${p.client} 토픽에 주문 ${p.n}개가 하나씩 있고, 프로듀서는 주문마다 offset을 받음`,
  },
  onceFound: {
    en: (p: { stored: number; delivered: number }) => `${p.stored} records in the dumps, ${p.delivered} delivered`,
    ko: (p) => `덤프에 레코드 ${p.stored}개, 전송 성공 ${p.delivered}개`,
  },
  vipExpected: {
    en: (p: { client: string }) => `${p.client}: every VIP order on partition 0, and no other order there`,
    ko: (p) => `${p.client}: VIP 주문은 모두 파티션 0에, 그 밖의 주문은 파티션 0에 없음`,
  },
  vipFound: {
    en: (p: { vip: number; onZero: number; others: number }) => `${p.onZero} of ${p.vip} VIP orders on p0, ${p.others} other orders on p0`,
    ko: (p) => `VIP 주문 ${p.vip}개 중 ${p.onZero}개가 p0, 다른 주문 ${p.others}개가 p0`,
  },
  standardExpected: {
    en: (p: { client: string; last: number }) => `${p.client}: every other order on murmur2(key) & 0x7fffffff % ${p.last} + 1, which spreads the keys over p1 .. p${p.last}`,
    ko: (p) => `${p.client}: 나머지 주문은 모두 murmur2(key) & 0x7fffffff % ${p.last} + 1에, 키가 p1 .. p${p.last}에 퍼짐`,
  },
  standardFound: {
    en: (p: { right: number; n: number; spread: string }) => `${p.right} of ${p.n} where predicted; ${p.spread}`,
    ko: (p) => `${p.n}개 중 ${p.right}개가 예측한 곳; ${p.spread}`,
  },
  hookExpected: {
    en: () => 'the confluent client refuses createPartitioner with ERR__NOT_IMPLEMENTED (its producer log)',
    ko: () => 'confluent 클라이언트가 createPartitioner를 ERR__NOT_IMPLEMENTED로 거절함(프로듀서 로그)',
  },
  hookFound: { en: (p: { line: string }) => p.line, ko: (p) => p.line },
  hookNone: { en: () => 'no refusal in confluent.log', ko: () => 'confluent.log에 거절이 없음' },
  hookHint: {
    en: () => 'a newer client may support createPartitioner: then the lab should use it, and this finding is out of date',
    ko: () => '새 클라이언트가 createPartitioner를 지원할 수 있어요: 그러면 실습이 그것을 쓰도록 바꾸고 이 발견은 낡은 것이에요',
  },
  partitionOrderExpected: {
    en: () => 'within each partition, the orders of a key are in the order they were sent (offset order)',
    ko: () => '파티션마다, 한 키의 주문은 보낸 순서대로 있음(offset 순서)',
  },
  partitionOrderFound: { en: (p: { n: number }) => `${p.n} key-partition pairs, all in order`, ko: (p) => `키-파티션 쌍 ${p.n}개, 모두 순서대로` },
  partitionOrderBroken: { en: (p: { n: number }) => `${p.n} out of order`, ko: (p) => `${p.n}개가 순서가 어긋남` },
  splitExpected: {
    en: (p: { upgraded: string; after: number }) =>
      `${p.upgraded}'s orders up to ${p.after} on its hashed partition, its later (VIP) orders on p0: one key in two partitions`,
    ko: (p) => `${p.upgraded}의 주문 ${p.after}번까지는 해시로 정한 파티션에, 그 뒤(VIP) 주문은 p0에: 키 하나가 파티션 두 개에`,
  },
  splitFound: { en: (p: { where: string }) => p.where, ko: (p) => p.where },
  laneExpected: {
    en: (p: { upgraded: string }) => `the consumer of partition 0 alone read ${p.upgraded}'s later orders and none of its earlier ones`,
    ko: (p) => `파티션 0만 읽는 컨슈머가 ${p.upgraded}의 뒤 주문은 읽고 앞 주문은 하나도 읽지 않음`,
  },
  laneFound: { en: (p: { read: string }) => `read: ${p.read}`, ko: (p) => `읽은 것: ${p.read}` },
  none: { en: () => 'none', ko: () => '없음' },
  // The picture's.
  vipPartition: { en: () => 'VIP', ko: () => 'VIP' },
  vipOrder: { en: () => 'a VIP order', ko: () => 'VIP 주문' },
  topicCaption: {
    en: (p: { client: string; how: string }) => `${p.client} (${p.how})`,
    ko: (p) => `${p.client} (${p.how})`,
  },
  howKafkajs: { en: () => 'createPartitioner', ko: () => 'createPartitioner' },
  howConfluent: { en: () => 'no hook: an explicit partition per record', ko: () => '훅 없음: 레코드마다 파티션 직접 지정' },
});
