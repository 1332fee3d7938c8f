import { defineMessages } from '@kafka-labs/i18n';

/** What 07-atomic-topics' transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  createStep: {
    en: (p: { topics: string; ways: number }) => `Create ${p.topics}; send one event to each of them, ${p.ways} ways`,
    ko: (p) => `${p.topics} 토픽을 만들고, 이벤트 하나를 토픽마다 보내기, ${p.ways}가지 방법으로`,
  },
  setup: {
    en: () => '   A librdkafka producer sends the event to partition 0 of each topic in turn, each after the previous delivery report:',
    ko: () => '   librdkafka 프로듀서가 이벤트를 토픽마다 파티션 0에 차례로 보내고, 앞의 전송 결과를 받은 뒤에 다음으로 넘어가요:',
  },
  committedWay: { en: () => 'in a transaction; commits', ko: () => '트랜잭션 안에서, commit해요' },
  abortedWay: {
    en: (p: { topic: string }) => `in a transaction; the application fails before ${p.topic} and aborts`,
    ko: (p) => `트랜잭션 안에서, 애플리케이션이 ${p.topic} 전에 실패하고 abort해요`,
  },
  plainWay: {
    en: (p: { topic: string }) => `no transaction, enable.idempotence=false; the application fails before ${p.topic}`,
    ko: (p) => `트랜잭션 없이, enable.idempotence=false, 애플리케이션이 ${p.topic} 전에 실패해요`,
  },
  idempotentWay: {
    en: (p: { topic: string }) => `no transaction, enable.idempotence=true; the application fails before ${p.topic}`,
    ko: (p) => `트랜잭션 없이, enable.idempotence=true, 애플리케이션이 ${p.topic} 전에 실패해요`,
  },
  variantStep: {
    en: (p: { name: string; event: string; transactional: boolean; idempotent: boolean }) =>
      `${p.name}: ${p.event}, ${p.transactional ? 'transactional.id set' : 'no transactional.id'}, enable.idempotence=${p.idempotent}`,
    ko: (p) => `${p.name}: ${p.event}, ${p.transactional ? 'transactional.id 있음' : 'transactional.id 없음'}, enable.idempotence=${p.idempotent}`,
  },
  producerDid: { en: () => 'what the producer did', ko: () => '프로듀서가 한 일' },
  readBackStep: {
    en: () => 'Read each topic back: a read_committed consumer, and the partition dumped',
    ko: () => '토픽마다 다시 읽기: read_committed 컨슈머로 읽고, 파티션을 덤프',
  },
  dumpTable: {
    en: (p: { topic: string }) => `${p.topic}: kafka-dump-log, one line per batch (control batches are the transaction markers)`,
    ko: (p) => `${p.topic}: kafka-dump-log, 배치마다 한 줄(컨트롤 배치가 트랜잭션 마커예요)`,
  },
  visibleTable: {
    en: () => 'what a read_committed consumer sees, per topic and event',
    ko: () => 'read_committed 컨슈머가 보는 것, 토픽과 이벤트별',
  },
  yes: { en: () => 'yes', ko: () => '보임' },
  closing: {
    en: () =>
      'The committed transaction made O-1 readable in all three topics, with a COMMIT marker after each record. The aborted\n' +
      'one wrote O-2 to orders and order-analytics too (the dumps hold it), but the ABORT markers make a read_committed\n' +
      'consumer skip it: none of the topics shows it. Without a transaction the same failure leaves O-3 in orders and\n' +
      'order-analytics and nothing in order-notifications: a reader of one topic sees an order that another never hears of.\n' +
      'The idempotent producer (O-4) does the same: its producer id and sequences stop duplicates within a partition, and\n' +
      'know nothing of the other topics. Only the transaction coordinator and its markers made the three writes one unit.\n' +
      '"Atomic" here means all or none once the transaction is decided, not at the same instant: the coordinator writes\n' +
      "a marker to each partition in turn, and a read_committed reader of one topic may see O-1 before another topic's\n" +
      'marker is written.',
    ko: () =>
      'commit한 트랜잭션은 O-1을 세 토픽 모두에서 읽히게 했고, 레코드마다 뒤에 COMMIT 마커가 있어요. abort한 트랜잭션도\n' +
      'O-2를 orders와 order-analytics에 썼지만(덤프에 있어요), ABORT 마커 때문에 read_committed 컨슈머는 그것을 건너뛰어요:\n' +
      '어느 토픽에서도 보이지 않아요. 트랜잭션이 없으면 같은 실패 뒤에 O-3은 orders와 order-analytics에 남고\n' +
      'order-notifications에는 없어요: 한 토픽을 읽는 쪽은 다른 토픽이 모르는 주문을 보게 돼요. 멱등 프로듀서(O-4)도 마찬가지예요:\n' +
      'producer id와 순번은 한 파티션 안의 중복을 막을 뿐이고 다른 토픽은 알지 못해요. 세 번의 쓰기를 한 단위로 묶은 것은\n' +
      '트랜잭션 코디네이터와 그 마커뿐이에요. 여기서 "원자적"이라는 말은 트랜잭션이 결정되면 전부 아니면 전무라는 뜻이지, 같은\n' +
      '순간이라는 뜻이 아니에요: 코디네이터는 파티션마다 차례로 마커를 쓰니, 한 토픽의 read_committed 컨슈머가 다른 토픽의\n' +
      '마커가 쓰이기 전에 O-1을 볼 수도 있어요.',
  },

  noSteps: { en: () => 'none (no transaction, no failure)', ko: () => '없음(트랜잭션도 실패도 없음)' },
  stepsExpected: {
    en: (p: { event: string; topics: string; steps: string }) => `${p.event} sent successfully to ${p.topics}; the steps ${p.steps}`,
    ko: (p) => `${p.topics}에 ${p.event} 이벤트 전송 성공; 단계 ${p.steps}`,
  },
  stepsFound: {
    en: (p: { sentTo: string; steps: string }) => `sent to ${p.sentTo}; steps ${p.steps}`,
    ko: (p) => `보낸 곳 ${p.sentTo}; 단계 ${p.steps}`,
  },
  stepsFailed: { en: (p: { failures: string }) => `; failed: ${p.failures}`, ko: (p) => `; 실패: ${p.failures}` },
  noTopic: { en: () => 'no topic', ko: () => '없음' },
  none: { en: () => 'none', ko: () => '없음' },
  everywhereExpected: {
    en: (p: { event: string; topics: string }) => `${p.event} is read once, read_committed, from each of ${p.topics}`,
    ko: (p) => `read_committed로 ${p.topics} 각각에서 ${p.event} 이벤트를 한 번씩 읽음`,
  },
  committedExpected: {
    en: (p: { event: string }) => `each topic stores ${p.event} in a transactional batch followed by a COMMIT marker`,
    ko: (p) => `토픽마다 ${p.event} 이벤트가 트랜잭션 배치에 저장되고 뒤에 COMMIT 마커가 있음`,
  },
  noMarker: { en: () => 'no marker', ko: () => '마커 없음' },
  notTransactional: { en: () => 'not transactional', ko: () => '트랜잭션 아님' },
  storedNowhere: { en: () => 'stored nowhere', ko: () => '어디에도 저장되지 않음' },
  nowhereExpected: {
    en: (p: { event: string }) => `a read_committed consumer reads ${p.event} from none of the topics`,
    ko: (p) => `read_committed 컨슈머가 어느 토픽에서도 ${p.event} 이벤트를 읽지 않음`,
  },
  abortedExpected: {
    en: (p: { reached: string; event: string; missed: string }) =>
      `${p.reached} store ${p.event} in a transactional batch followed by an ABORT marker (written, then hidden); ${p.missed} never got it`,
    ko: (p) => `${p.reached}에 ${p.event} 이벤트가 트랜잭션 배치로 저장되고 뒤에 ABORT 마커가 있음(쓰였다가 가려짐); ${p.missed}에는 가지 않음`,
  },
  partlyExpected: {
    en: (p: { event: string; reached: string }) => `${p.event} is read from ${p.reached} and from no other topic: the failure split it`,
    ko: (p) => `${p.event} 이벤트는 ${p.reached}에서만 읽힘: 실패가 이벤트를 쪼갬`,
  },
  partlyHint: {
    en: () => 'only a transaction (transactional.id) makes the writes to several topics all or nothing; idempotence does not',
    ko: () => '여러 토픽에 대한 쓰기를 전부 아니면 전무로 만드는 것은 트랜잭션(transactional.id)뿐이고, 멱등성은 그러지 못해요',
  },
  noTransactionExpected: {
    en: (p: { event: string; reached: string; idempotent: boolean }) =>
      p.idempotent
        ? `${p.event} is stored in idempotent batches (a producer id, sequence 0) that are not transactional, in ${p.reached}`
        : `${p.event} is stored in plain batches (producerId -1, not transactional) only, in ${p.reached}`,
    ko: (p) =>
      p.idempotent
        ? `${p.event} 이벤트가 ${p.reached}에 트랜잭션이 아닌 멱등 배치(producer id 있음, 순번 0)로 저장됨`
        : `${p.event} 이벤트가 ${p.reached}에 일반 배치(producerId -1, 트랜잭션 아님)로만 저장됨`,
  },
  batchKind: {
    en: (p: { topic: string; transactional: boolean; producerId: number; baseSequence: number }) =>
      `${p.topic}: ${p.transactional ? 'transactional' : 'not transactional'}, producerId ${p.producerId} baseSequence ${p.baseSequence}`,
    ko: (p) => `${p.topic}: ${p.transactional ? '트랜잭션' : '트랜잭션 아님'}, producerId ${p.producerId} baseSequence ${p.baseSequence}`,
  },
});
