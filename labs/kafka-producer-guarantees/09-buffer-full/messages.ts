import { defineMessages } from '@kafka-labs/i18n';

/** What 09-buffer-full's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  proxyStep: {
    en: () => 'The fault proxy between the producers and the broker: while the broker is away it swallows every Produce request',
    ko: () => '프로듀서와 브로커 사이의 fault proxy: 브로커가 없는 동안 Produce 요청을 모두 삼켜요',
  },
  variantStep: {
    en: (p: { name: string; client: string; settings: string; n: number }) => `${p.name}: ${p.client} (${p.settings}) produces ${p.n} orders in one tick while the broker does not answer`,
    ko: (p) => `${p.name}: 브로커가 답하지 않는 동안 ${p.client}(${p.settings})가 주문 ${p.n}개를 한 틱에 보내요`,
  },
  noSettings: { en: () => 'no buffer setting', ko: () => '버퍼 설정 없음' },
  refusalWhat: { en: () => 'QUEUE_FULL refusal', ko: () => 'QUEUE_FULL 거절' },
  swallowedWhat: { en: (p: { n: number }) => `swallowed Produce request(s) carrying ${p.n} record(s)`, ko: (p) => `레코드 ${p.n}개를 실은 삼켜진 Produce 요청` },
  away: {
    en: (p: { requests: number; records: number }) => `   broker away: the proxy swallowed ${p.requests} Produce request(s) with ${p.records} record(s); nothing reached the broker`,
    ko: (p) => `   브로커 없음: proxy 가 레코드 ${p.records}개를 실은 Produce 요청 ${p.requests}개를 삼켰고, 브로커에 닿은 건 없어요`,
  },
  returned: {
    en: () => '   broker back: the proxy forwards again; the producer retries its timed-out requests',
    ko: () => '   브로커 복귀: proxy 가 다시 전달하고, 프로듀서는 타임아웃된 요청을 재시도해요',
  },
  resultsTable: { en: () => 'the producer\'s results (first of each kind)', ko: () => '프로듀서의 결과(종류마다 앞의 몇 개)' },
  more: { en: (p: { n: number }) => `... ${p.n} more`, ko: (p) => `... ${p.n}개 더` },
  counts: {
    en: (p: { refused: number; accepted: number; failed: number; forwarded: number; records: number }) =>
      `   ${p.refused} refused with QUEUE_FULL at produce(), ${p.accepted} acknowledged with an offset, ${p.failed} failed otherwise;\n` +
      `   after the return the proxy forwarded ${p.forwarded} Produce request(s) with ${p.records} record(s)`,
    ko: (p) =>
      `   produce() 에서 QUEUE_FULL 로 거절 ${p.refused}개, offset 과 함께 확인 ${p.accepted}개, 그 밖의 실패 ${p.failed}개.\n` +
      `   복귀 뒤 proxy 가 레코드 ${p.records}개를 실은 Produce 요청 ${p.forwarded}개를 전달했어요`,
  },
  dumpTable: { en: () => 'kafka-dump-log of the topic', ko: () => '토픽의 kafka-dump-log' },
  storedOrders: {
    en: (p: { n: number; batches: number; ids: string }) => `${p.n} record(s) in ${p.batches} batch(es), in log order: ${p.ids}`,
    ko: (p) => `배치 ${p.batches}개에 레코드 ${p.n}개, 로그 순서대로: ${p.ids}`,
  },
  orderFinding: {
    en: (p: { late: number }) =>
      `   ${p.late} order(s) stored after one produced later: each send() is a request of its own, all in flight at once and retried
` +
      '   as each times out, so without idempotence kafkajs keeps no send order here (a finding of this run, not a law).',
    ko: (p) =>
      `   나중에 보낸 주문보다 뒤에 저장된 주문 ${p.late}개: send() 마다 요청이 따로 나가서 모두 한꺼번에 전송 중이다가 저마다
` +
      '   타임아웃되면 재시도돼요. 그래서 멱등을 끈 kafkajs 는 여기서 보낸 순서를 지키지 않아요(법칙이 아니라 이 실행에서 본 것).',
  },
  messagesExplain: {
    en: (p: { max: number }) =>
      `   queue.buffering.max.messages=${p.max}: librdkafka holds at most ${p.max} records it has not delivered yet, in flight included.\n` +
      '   produce() refuses the next one at once with QUEUE_FULL (error -184): the record never enters the client, and the\n' +
      '   application alone decides whether to wait and produce it again. The ones it accepted wait in the queue\n' +
      '   (message.timeout.ms, 300 s by default) and are stored once the broker answers.',
    ko: (p) =>
      `   queue.buffering.max.messages=${p.max}: librdkafka 는 아직 전달하지 못한 레코드를(전송 중인 것 포함) 최대 ${p.max}개만 들고 있어요.\n` +
      '   그다음 레코드는 produce() 가 바로 QUEUE_FULL(오류 -184)로 거절해요: 레코드는 클라이언트에 들어가지도 않고, 기다렸다가\n' +
      '   다시 보낼지는 애플리케이션이 정해요. 받아 준 레코드는 큐에서 기다리다가(message.timeout.ms, 기본 300초) 브로커가\n' +
      '   답하면 저장돼요.',
  },
  kbytesExplain: {
    en: (p: { bytes: number }) =>
      `   queue.buffering.max.kbytes=1: the same limit in bytes (${p.bytes}, the records' keys and values): as many ~90-byte\n` +
      '   orders as fit, then QUEUE_FULL. Whichever limit is reached first refuses the record.',
    ko: (p) =>
      `   queue.buffering.max.kbytes=1: 같은 상한을 바이트로(${p.bytes}, 레코드의 키와 값): 90바이트쯤의 주문이 들어가는 만큼\n` +
      '   받고, 그다음은 QUEUE_FULL 이에요. 두 상한 중 먼저 닿는 쪽이 레코드를 거절해요.',
  },
  kafkajsExplain: {
    en: (p: { n: number }) =>
      `   kafkajs has no buffer to fill: every send() of the ${p.n} is accepted and goes out as its own Produce request at once,\n` +
      '   and its promise waits: nothing tells the application to slow down, and what it has not delivered grows with what it\n' +
      '   sends. Its requests time out (requestTimeout) and are retried (retries, 5 by default): once the broker answers they\n' +
      '   are stored; had it stayed away past the retries, every send() would have failed.',
    ko: (p) =>
      `   kafkajs 에는 채울 버퍼가 없어요: send() ${p.n}번이 모두 받아들여지고 저마다 Produce 요청으로 바로 나가며, promise 는\n` +
      '   기다려요. 애플리케이션에 속도를 줄이라고 알려 주는 것이 없고, 전달하지 못한 것이 보내는 만큼 늘어나요. 요청은\n' +
      '   타임아웃(requestTimeout) 뒤 재시도되고(retries, 기본 5번), 브로커가 답하면 저장돼요. 브로커가 재시도보다 오래\n' +
      '   없었다면 send() 가 모두 실패했을 거예요.',
  },
  javaNote: {
    en: () =>
      "Kafka's Java producer, not run here: its buffer is buffer.memory bytes; when a batch cannot be allocated, send() blocks\n" +
      'up to max.block.ms (60 s by default) and then fails the record with BufferExhaustedException, a TimeoutException\n' +
      '(to its callback and future). The caller is held up before it is refused, where librdkafka refuses at once.',
    ko: () =>
      'Kafka 의 Java 프로듀서(여기서 돌리지 않아요): 버퍼는 buffer.memory 바이트예요. 배치를 할당할 수 없으면 send() 가\n' +
      'max.block.ms(기본 60초)까지 멈춰 있다가, 레코드를 BufferExhaustedException(TimeoutException)으로 실패시켜요(callback 과\n' +
      'future 로). librdkafka 는 바로 거절하지만, Java 는 호출한 쪽을 붙잡아 둔 뒤에 거절해요.',
  },
  closing: {
    en: () =>
      'A producer buffers what the broker has not acknowledged yet. When the broker is away, a bounded buffer fills: librdkafka\n' +
      'refuses the rest with QUEUE_FULL, and those records exist nowhere but in the application. The records it accepted\n' +
      'are not lost: they wait and are stored once the broker is back. Catch QUEUE_FULL (poll, wait and produce again) or\n' +
      'lose the record; kafkajs never refuses and lets its pending sends grow instead.',
    ko: () =>
      '프로듀서는 브로커가 아직 확인하지 않은 것을 버퍼에 들고 있어요. 브로커가 없으면 크기가 정해진 버퍼는 차요: librdkafka 는\n' +
      '나머지를 QUEUE_FULL 로 거절하고, 그 레코드는 애플리케이션 말고는 어디에도 없어요. 받아 준 레코드는 유실되지 않아요:\n' +
      '기다렸다가 브로커가 돌아오면 저장돼요. QUEUE_FULL 을 잡아서(poll 하고 기다렸다가 다시 produce) 처리하지 않으면 그\n' +
      '레코드는 유실돼요. kafkajs 는 거절하지 않는 대신 기다리는 send() 가 늘어나요.',
  },

  refusedExpected: {
    en: (p: { limit: string }) => `librdkafka accepts records up to its buffer (${p.limit}) and refuses every further produce() with QUEUE_FULL; no record fails otherwise`,
    ko: (p) => `librdkafka 가 버퍼(${p.limit})까지 레코드를 받고, 그 뒤의 produce() 는 모두 QUEUE_FULL 로 거절함; 다른 식으로 실패한 레코드 없음`,
  },
  refusedFound: {
    en: (p: { refused: number; accepted: number; bytes: number; failed: number }) => `${p.refused} refused, ${p.accepted} accepted (${p.bytes} bytes of values), ${p.failed} failed otherwise`,
    ko: (p) => `거절 ${p.refused}개, 받음 ${p.accepted}개(값 ${p.bytes} 바이트), 다른 실패 ${p.failed}개`,
  },
  messagesLimit: { en: (p: { n: number }) => `${p.n} records`, ko: (p) => `레코드 ${p.n}개` },
  bytesLimit: { en: (p: { n: number }) => `${p.n} bytes`, ko: (p) => `${p.n} 바이트` },
  notStoredExpected: {
    en: () => 'no record refused with QUEUE_FULL is in the log',
    ko: () => 'QUEUE_FULL 로 거절된 레코드는 로그에 없음',
  },
  storedRefused: {
    en: (p: { n: number; events: string }) => `${p.n} refused record(s) stored: ${p.events}`,
    ko: (p) => `거절된 레코드 ${p.n}개가 저장됨: ${p.events}`,
  },
  noneStored: { en: (p: { n: number }) => `none of the ${p.n} refused is stored`, ko: (p) => `거절된 ${p.n}개 중 저장된 것 없음` },
  acceptedExpected: {
    en: (p: { client: string }) => `${p.client}: every record it accepted is stored once, at the offset its delivery report names`,
    ko: (p) => `${p.client}: 받아 준 레코드는 모두 한 번씩, 전송 결과가 알려 준 offset 에 저장됨`,
  },
  acceptedFound: {
    en: (p: { accepted: number; stored: number; wrong: number }) => `${p.accepted} accepted, ${p.stored} record(s) in the log, ${p.wrong} not stored once at their offset`,
    ko: (p) => `받음 ${p.accepted}개, 로그의 레코드 ${p.stored}개, 제 offset 에 한 번 저장되지 않은 것 ${p.wrong}개`,
  },
  afterReturnExpected: {
    en: () => 'while the broker was away the proxy swallowed the producer\'s requests; what is stored came in requests forwarded after the last one it swallowed',
    ko: () => '브로커가 없는 동안 proxy 가 프로듀서의 요청을 삼켰고, 저장된 것은 마지막으로 삼킨 요청 뒤에 전달된 요청으로 왔음',
  },
  afterReturnFound: {
    en: (p: { swallowed: number; forwarded: number; records: number; after: string }) => `${p.swallowed} swallowed, then ${p.forwarded} forwarded with ${p.records} record(s) (${p.after})`,
    ko: (p) => `삼킴 ${p.swallowed}개, 그 뒤 전달 ${p.forwarded}개, 레코드 ${p.records}개(${p.after})`,
  },
  allAfter: { en: () => 'all after the last swallowed', ko: () => '모두 마지막 삼킴 뒤' },
  someBefore: { en: () => 'some before the last swallowed', ko: () => '일부는 마지막 삼킴 전' },
  noLimitExpected: {
    en: (p: { n: number }) => `kafkajs has no producer buffer: none of the ${p.n} send() calls is refused, and requests carrying all ${p.n} went out while the broker was away`,
    ko: (p) => `kafkajs 에는 프로듀서 버퍼가 없음: send() ${p.n}번 중 거절된 것이 없고, ${p.n}개를 모두 실은 요청이 브로커가 없는 동안 나감`,
  },
  noLimitFound: {
    en: (p: { refused: number; failed: number; swallowed: number }) => `${p.refused} refused, ${p.failed} failed; ${p.swallowed} record(s) in swallowed requests`,
    ko: (p) => `거절 ${p.refused}개, 실패 ${p.failed}개; 삼켜진 요청 속 레코드 ${p.swallowed}개`,
  },
});
