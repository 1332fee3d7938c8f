import { defineMessages } from '@kafka-labs/i18n';

/** What 06-kafkajs-idempotence's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  proxyStep: {
    en: (p: { n: number }) => `Start the fault proxy: it drops the response to Produce request ${p.n}; the broker still stores that request`,
    ko: (p) => `장애 프록시 시작: Produce 요청 ${p.n}의 응답을 버림, 브로커는 그 요청을 그래도 저장함`,
  },
  setup: {
    en: (p: { first: string; last: string; n: number; value: string; timeoutMs: number }) =>
      `   Each variant: an idempotent producer sends W, waits for it, then ${p.first} ... ${p.last} in one tick, one send per record,\n` +
      `   one record per Produce request. Request ${p.n} carries ${p.value}: it is stored, its answer never comes, the client\n` +
      `   times it out after ${p.timeoutMs} ms and tries again.`,
    ko: (p) =>
      `   변형마다 멱등 프로듀서 하나가 W를 보내고 결과를 기다린 뒤, ${p.first} ... ${p.last} 레코드를 한꺼번에 하나씩, Produce\n` +
      `   요청 하나에 레코드 하나씩 보내요. 요청 ${p.n}에는 ${p.value} 레코드가 실려 있어요: 저장은 되지만 응답이 오지 않아서, 클라이언트는\n` +
      `   ${p.timeoutMs}ms 뒤에 타임아웃 처리하고 다시 시도해요.`,
  },
  variantStep: {
    en: (p: { name: string; settings: string }) => `${p.name}: idempotent producer, ${p.settings}`,
    ko: (p) => `${p.name}: 멱등 프로듀서, ${p.settings}`,
  },
  requestsTable: { en: () => 'Produce requests through the proxy, in arrival order', ko: () => '프록시를 지난 Produce 요청, 도착한 순서대로' },
  resultsTable: {
    en: () => 'what each send was told, in the order the answers arrived',
    ko: () => '전송마다 받은 결과, 응답이 도착한 순서대로',
  },
  warningsTable: { en: () => 'client warnings', ko: () => '클라이언트 경고' },
  dumpTable: { en: () => 'kafka-dump-log, one line per batch (offset order)', ko: () => 'kafka-dump-log, 배치마다 한 줄(offset 순서)' },
  fatesTable: {
    en: () => 'each record: what its send was told, and where the partition holds it',
    ko: () => '레코드마다: 전송이 받은 결과와 파티션에 저장된 위치',
  },
  kafkajsExplain: {
    en: () =>
      '   kafkajs sends one request at a time per broker when idempotent (a lock) and numbers a batch when its send takes\n' +
      "   the lock. When a request times out it winds the partition's sequence back and lets the lock go: the next waiting\n" +
      "   send takes the sequence of the record the broker had already stored, and the broker answers a duplicate sequence\n" +
      "   with the original's offset.",
    ko: () =>
      '   kafkajs는 멱등일 때 브로커마다 한 번에 요청 하나만 보내고(잠금), 전송이 잠금을 잡을 때 배치에 순번을 매겨요.\n' +
      '   요청이 타임아웃되면 파티션의 순번을 되돌리고 잠금을 풀어요: 기다리던 다음 전송이 브로커가 이미 저장한 레코드의\n' +
      '   순번을 가져가고, 브로커는 중복 순번에 원래 레코드의 offset으로 답해요.',
  },
  kafkajsLost: {
    en: (p: { value: string; told: number; atTold: string }) => `   ${p.value} is told offset=${p.told}, where ${p.atTold} lies, and is never written.`,
    ko: (p) => `   ${p.value} 전송이 받은 결과는 offset=${p.told}이고, 그 자리에는 ${p.atTold} 레코드가 있어요. ${p.value} 레코드는 어디에도 쓰이지 않았어요.`,
  },
  kafkajsNoneLost: { en: () => "   No record is told another's offset.", ko: () => '   다른 레코드의 offset을 받은 레코드는 없어요.' },
  kafkajsTwice: {
    en: (p: { value: string; offsets: string }) => `   ${p.value}'s retry comes later under a new sequence and is stored again (offsets ${p.offsets}).`,
    ko: (p) => `   ${p.value}의 재시도는 나중에 새 순번으로 가서 한 번 더 저장됐어요(offset ${p.offsets}).`,
  },
  kafkajsNoneTwice: { en: () => '   No record is stored twice.', ko: () => '   두 번 저장된 레코드는 없어요.' },
  librdkafkaExplain: {
    en: (p: { value: string }) =>
      '   librdkafka numbers each batch once, when it is first sent, and re-sends a timed-out batch with the same\n' +
      '   producer id, epoch and sequence. The broker keeps the last five batches of each producer: it recognises the\n' +
      `   re-sent ${p.value} as a duplicate and answers with its first offset instead of appending it again.`,
    ko: (p) =>
      '   librdkafka는 배치를 처음 보낼 때 한 번만 순번을 매기고, 타임아웃된 배치를 같은 producer id, epoch, 순번으로\n' +
      '   다시 보내요. 브로커는 프로듀서마다 최근 배치 다섯 개를 기억해요: 다시 온 ' +
      `${p.value} 배치를 중복으로 알아보고, 또 덧붙이는 대신 처음 offset으로 답해요.`,
  },
  librdkafkaClean: {
    en: () => '   Every record is stored once, at the offset its send was told.',
    ko: () => '   모든 레코드가 한 번씩, 전송이 받은 offset에 저장됐어요.',
  },
  librdkafkaYet: { en: (p: { fates: string }) => `   Yet here: ${p.fates}.`, ko: (p) => `   그런데 여기서는: ${p.fates}.` },
  closing: {
    en: () =>
      'Both producers were idempotent and both lost one answer. kafkajs 2.2.4 told every send it succeeded, yet one record\n' +
      'is missing and another is stored twice: its sequence numbers follow the sends, not the batches, and a timed-out\n' +
      "batch gives its number away. librdkafka's numbers belong to the batch, so its retry is a true duplicate the broker\n" +
      "discards: there the broker's duplicate check did the work, and every record is stored once.",
    ko: () =>
      '두 프로듀서 모두 멱등이었고 둘 다 응답 하나를 잃었어요. kafkajs 2.2.4는 모든 전송에 성공이라고 알렸지만 레코드 하나는\n' +
      '유실되고 다른 하나는 두 번 저장됐어요: 순번이 배치가 아니라 전송을 따라가서, 타임아웃된 배치가 자기 순번을 내줘요.\n' +
      'librdkafka의 순번은 배치에 붙어 있어서 재시도가 진짜 중복이 되고 브로커가 버려요: 거기서는 브로커의 중복 검사가 제 몫을\n' +
      '했고 모든 레코드가 한 번씩 저장됐어요.',
  },

  droppedExpected: {
    en: (p: { n: number; topic: string }) => `the proxy dropped the response to Produce request ${p.n} of ${p.topic}, and to no other`,
    ko: (p) => `프록시가 ${p.topic}의 Produce 요청 ${p.n}의 응답을 버렸고, 다른 응답은 버리지 않음`,
  },
  noneDropped: { en: () => 'no response dropped', ko: () => '버린 응답 없음' },
  ackExpected: {
    en: () => 'every send succeeded with an offset: the application was told nothing of the lost answer',
    ko: () => '모든 전송이 offset과 함께 성공함: 애플리케이션은 사라진 응답에 대해 아무것도 듣지 못함',
  },
  ackFound: { en: (p: { n: number; of: number }) => `${p.n} of ${p.of} sends told an offset`, ko: (p) => `전송 ${p.of}개 중 ${p.n}개가 offset을 받음` },
  reusedExpected: {
    en: (p: { epoch: number; sequence: number }) =>
      `one later Produce request carried epoch ${p.epoch} baseSequence ${p.sequence} again, and the broker stored one batch under it (the other was a duplicate)`,
    ko: (p) => `나중의 Produce 요청 하나가 epoch ${p.epoch} baseSequence ${p.sequence} 값을 다시 실었고, 브로커는 그 순번으로 배치를 하나만 저장함(다른 하나는 중복)`,
  },
  reusedFound: {
    en: (p: { requests: number; batches: number }) => `${p.requests} later request(s) with that sequence, ${p.batches} stored batch(es) with it`,
    ko: (p) => `그 순번을 실은 나중 요청 ${p.requests}개, 그 순번으로 저장된 배치 ${p.batches}개`,
  },
  lostRecord: { en: () => 'the record of the lost answer', ko: () => '응답이 사라진 레코드' },
  notStoredExpected: {
    en: (p: { original: string }) =>
      `exactly one send was told the offset of ${p.original} (the broker's answer to a duplicate sequence) and its own record is stored nowhere`,
    ko: (p) => `정확히 한 전송이 ${p.original}의 offset을 받았고(중복 순번에 대한 브로커의 응답), 그 자신의 레코드는 어디에도 없음`,
  },
  everyStored: { en: () => 'every acknowledged record is stored', ko: () => '응답받은 레코드가 모두 저장됨' },
  notStoredHint: {
    en: () => 'kafkajs winds the sequence back on a timed-out request, and the next send takes it',
    ko: () => 'kafkajs는 타임아웃된 요청의 순번을 되돌리고, 다음 전송이 그 순번을 가져가요',
  },
  twiceExpected: {
    en: (p: { original: string }) => `${p.original} is stored twice (its first request, and its retry under a new sequence), and no other record is`,
    ko: (p) => `${p.original} 레코드가 두 번 저장되고(처음 요청, 그리고 새 순번으로 간 재시도) 다른 레코드는 그렇지 않음`,
  },
  noneTwice: { en: () => 'no record stored twice', ko: () => '두 번 저장된 레코드 없음' },
  eachOnceExpected: {
    en: (p: { sent: string }) => `the partition holds each of ${p.sent} once: the re-sent batch was recognised as a duplicate`,
    ko: (p) => `파티션에 ${p.sent} 레코드가 한 번씩 있음: 다시 보낸 배치를 중복으로 알아봄`,
  },
  eachOnceFound: {
    en: (p: { batches: number; fates: string }) => `${p.batches} batches; ${p.fates}`,
    ko: (p) => `배치 ${p.batches}개; ${p.fates}`,
  },
  eachOnce: { en: () => 'each record once', ko: () => '레코드마다 한 번' },
  ownOffsetExpected: {
    en: () => 'every send was told the offset where its own record is stored',
    ko: () => '모든 전송이 자기 레코드가 저장된 offset을 받음',
  },
  everyOwn: { en: () => 'every send told its own offset', ko: () => '모든 전송이 자기 offset을 받음' },
});
