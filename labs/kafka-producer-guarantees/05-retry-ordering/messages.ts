import { defineMessages } from '@kafka-labs/i18n';

/** What 05-retry-ordering's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  proxyStep: {
    en: (p: { n: number; failed: string }) =>
      `Start the fault proxy: it answers Produce request ${p.n} (${p.failed}) with NOT_LEADER_OR_FOLLOWER, the broker never sees it`,
    ko: (p) => `장애 프록시 시작: Produce 요청 ${p.n}(${p.failed})에 NOT_LEADER_OR_FOLLOWER로 대신 답하고, 브로커는 그 요청을 보지 못함`,
  },
  setup: {
    en: (p: { events: number; delayMs: number }) =>
      `   Each variant: a librdkafka producer sends W, waits for it, then E-1 ... E-${p.events} in one tick, one record per\n` +
      '   request (linger.ms=0, batch.num.messages=1). The error is retriable: the client refreshes its metadata and retries.\n' +
      `   The proxy holds every Produce request for ${p.delayMs} ms (a slow broker), so the client has sent all the requests it\n` +
      '   may before the error comes back.',
    ko: (p) =>
      `   변형마다 librdkafka 프로듀서 하나가 W를 보내고 결과를 기다린 뒤, E-1 ... E-${p.events} 레코드를 한꺼번에 요청 하나에 레코드 하나씩\n` +
      '   보내요(linger.ms=0, batch.num.messages=1). 이 오류는 재시도 가능해서 클라이언트가 메타데이터를 새로 받고 재시도해요.\n' +
      `   프록시는 Produce 요청마다 ${p.delayMs}ms씩 붙잡아 두니(느린 브로커), 오류가 돌아오기 전에 클라이언트는 보낼 수 있는\n` +
      '   요청을 모두 보낸 상태예요.',
  },
  variantStep: {
    en: (p: { name: string; idempotent: boolean; maxInFlight: number }) =>
      `${p.name}: enable.idempotence=${p.idempotent}, max.in.flight.requests.per.connection=${p.maxInFlight}`,
    ko: (p) => `${p.name}: enable.idempotence=${p.idempotent}, max.in.flight.requests.per.connection=${p.maxInFlight}`,
  },
  requestsTable: {
    en: () => "Produce requests through the proxy (ms from the error answer's arrival at the client; < 0: sent before it)",
    ko: () => '프록시를 지난 Produce 요청(오류 응답이 클라이언트에 닿은 때부터 ms, 0 미만: 그 전에 보냄)',
  },
  reportsTable: { en: () => 'delivery reports, in the order they arrived', ko: () => '전송 결과(delivery report), 도착한 순서대로' },
  handlingTable: { en: () => 'how the client handled the error (debug=msg,eos)', ko: () => '클라이언트가 오류를 다룬 방식(debug=msg,eos)' },
  dumpTable: { en: () => 'kafka-dump-log, one line per batch (offset order)', ko: () => 'kafka-dump-log, 배치마다 한 줄(offset 순서)' },
  idempotentExplain: {
    en: (p: { failed: string }) =>
      '   The broker refused the requests behind the gap (out of order sequence number); the client bumped its epoch and\n' +
      `   re-sent from ${p.failed} on, with sequences from 0 again: in order.`,
    ko: (p) =>
      '   브로커는 빈틈 뒤의 요청을 거절했고(out of order sequence number), 클라이언트는 epoch를 올린 뒤\n' +
      `   ${p.failed}부터 순번을 다시 0부터 매겨 보냈어요: 순서대로예요.`,
  },
  plainExplain: {
    en: (p: { failed: string }) => `   The requests behind ${p.failed} were already on the wire when its error came back, and were stored; its retry came last.`,
    ko: (p) => `   ${p.failed}의 오류가 돌아왔을 때 그 뒤의 요청들은 이미 전송 중이었고 저장됐어요. ${p.failed}의 재시도는 맨 뒤에 왔어요.`,
  },
  oneInFlightReordered: {
    en: (p: { failed: string; client: string }) =>
      `   One request at a time, yet ${p.client} sent the request queued behind ${p.failed} as soon as the error came back,\n` +
      `   before the retry: ${p.failed} is stored late. Nothing numbers the records, so the broker takes them as they come.`,
    ko: (p) =>
      `   한 번에 요청 하나인데도 ${p.client}에서는 오류가 돌아오자마자 ${p.failed} 뒤에 줄 서 있던 요청이 재시도보다 먼저\n` +
      `   나갔어요: ${p.failed} 레코드가 늦게 저장됐어요. 레코드에 순번이 없으니 브로커는 오는 대로 받아요.`,
  },
  oneInFlightInOrder: {
    en: (p: { failed: string; client: string }) =>
      `   One request at a time, and this time ${p.client} retried ${p.failed} before sending the next one: in order. Without\n` +
      '   idempotence that is the client\'s choice, not a promise: nothing numbers the records for the broker to check.',
    ko: (p) =>
      `   한 번에 요청 하나였고, 이번에는 ${p.client}에서 다음 요청보다 ${p.failed}의 재시도가 먼저 나갔어요: 순서대로예요.\n` +
      '   멱등이 없으면 이것은 클라이언트의 선택이지 보장이 아니에요. 브로커가 확인할 순번이 레코드에 없어요.',
  },
  closingPlain: {
    en: () =>
      'Without idempotence a retriable error on one request stores its record after the records already in flight behind it:\n' +
      'every record is there once and every send succeeded, yet the log is out of order.',
    ko: () =>
      '멱등이 없으면 요청 하나의 재시도 가능한 오류 때문에 그 레코드가 뒤에서 이미 전송 중이던 레코드들보다 늦게 저장돼요.\n' +
      '레코드는 모두 한 번씩 있고 전송도 모두 성공했는데, 로그의 순서는 뒤바뀌었어요.',
  },
  findingReordered: {
    en: (p: { client: string; overtaken: number }) =>
      `With one request in flight the order is not guaranteed either: here ${p.client} let ${p.overtaken} record(s) overtake the\n` +
      'retry. That is a finding about this client, not a Kafka rule (the Java client documents the reordering risk only\n' +
      'above one request in flight).',
    ko: (p) =>
      `in-flight 요청이 하나여도 순서는 보장되지 않아요: 여기 ${p.client}에서는 레코드 ${p.overtaken}개가 재시도를 앞질렀어요.\n` +
      '이것은 이 클라이언트에 대한 관찰이지 Kafka의 규칙은 아니에요(Java 클라이언트 문서는 in-flight 요청이 1보다 많을 때만\n' +
      '순서가 바뀔 위험을 말해요).',
  },
  findingInOrder: {
    en: (p: { client: string }) =>
      `With one request in flight ${p.client} kept the order this time; without idempotence nothing makes it a guarantee (other\n` +
      'runs of this lab saw the next record overtake the retry).',
    ko: (p) =>
      `in-flight 요청이 하나일 때 이번에는 ${p.client}에서 순서가 지켜졌어요. 하지만 멱등이 없으면 그것을 보장하는 장치는 없어요\n` +
      '(이 실습의 다른 실행에서는 다음 레코드가 재시도를 앞질렀어요).',
  },
  closingIdempotent: {
    en: () =>
      'The idempotent producer numbers its batches and the broker accepts them only in sequence: the gap makes it refuse\n' +
      'what follows, and the client re-sends in order under a new epoch. Only idempotence guarantees the order.',
    ko: () =>
      '멱등 프로듀서는 배치에 순번을 매기고 브로커는 순번대로만 받아요: 빈틈이 생기면 뒤의 요청을 거절하고, 클라이언트는\n' +
      '새 epoch로 순서대로 다시 보내요. 순서를 보장하는 것은 멱등성뿐이에요.',
  },

  oneErrorExpected: {
    en: (p: { n: number; failed: string; topic: string }) =>
      `the proxy answered Produce request ${p.n} (${p.failed}) with NOT_LEADER_OR_FOLLOWER instead of forwarding it, and no other request of ${p.topic}`,
    ko: (p) => `프록시가 Produce 요청 ${p.n}(${p.failed}) 전달 없이 NOT_LEADER_OR_FOLLOWER로 대신 답했고, ${p.topic}의 다른 요청에는 그러지 않음`,
  },
  noneAnswered: { en: () => 'no request answered', ko: () => '프록시가 답한 요청 없음' },
  eachOnceExpected: {
    en: (p: { sent: string }) => `the partition holds each of ${p.sent} once: the refused request was not stored, its retry was`,
    ko: (p) => `파티션에 ${p.sent} 레코드가 한 번씩 있음: 거절된 요청은 저장되지 않았고 재시도가 저장됨`,
  },
  stored: { en: (p: { values: string }) => `stored: ${p.values}`, ko: (p) => `저장됨: ${p.values}` },
  nothing: { en: () => 'nothing', ko: () => '없음' },
  ackExpected: {
    en: () => 'every send succeeded, at the offset where its record is stored: the application was told nothing of the retry',
    ko: () => '모든 전송이 레코드가 저장된 offset으로 성공함: 애플리케이션은 재시도에 대해 아무것도 듣지 못함',
  },
  ackFound: {
    en: (p: { n: number; wrong: number }) => `${p.n} delivery reports, ${p.wrong} with an error or another offset`,
    ko: (p) => `전송 결과 ${p.n}개, 그중 오류나 다른 offset이 ${p.wrong}개`,
  },
  noSequenceExpected: {
    en: () => 'every batch has producerId -1 and baseSequence -1: the broker has nothing to tell a late retry by',
    ko: () => '모든 배치가 producerId -1, baseSequence -1: 브로커는 늦은 재시도를 알아볼 근거가 없음',
  },
  noSequenceFound: {
    en: (p: { n: number; of: number }) => `${p.n} of ${p.of} batches without a producer id`,
    ko: (p) => `배치 ${p.of}개 중 ${p.n}개에 producer id가 없어요`,
  },
  reorderedExpected: {
    en: (p: { failed: string; behind: string; maxInFlight: number }) =>
      `${p.failed} is stored after ${p.behind}, which were in flight when its error came back (${p.maxInFlight} in flight)`,
    ko: (p) => `${p.failed} 레코드가 ${p.behind} 뒤에 저장됨: 그 오류가 돌아왔을 때 이들은 전송 중이었음(in-flight ${p.maxInFlight})`,
  },
  reorderedFound: {
    en: (p: { stored: string; overtook: number; behind: number; failed: string }) =>
      `stored: ${p.stored}; ${p.overtook} of ${p.behind} records behind ${p.failed} stored before it`,
    ko: (p) => `저장됨: ${p.stored}; ${p.failed} 뒤에 보낸 레코드 ${p.behind}개 중 ${p.overtook}개가 먼저 저장됨`,
  },
  reorderedHint: {
    en: () => 'only enable.idempotence=true makes the broker refuse a record past a gap',
    ko: () => '빈틈 뒤의 레코드를 브로커가 거절하게 하는 것은 enable.idempotence=true뿐이에요',
  },
  inOrderExpected: {
    en: (p: { sent: string }) => `the partition holds ${p.sent} in the order they were sent`,
    ko: (p) => `파티션에 ${p.sent} 레코드가 보낸 순서대로 있음`,
  },
  newEpochExpected: {
    en: (p: { first: string; failed: string }) =>
      `one producer id throughout; ${p.first} under its first epoch with sequences from 0, ${p.failed} onward under the next epoch with sequences from 0 again`,
    ko: (p) => `producer id는 처음부터 끝까지 하나; ${p.first}: 첫 epoch, 순번 0부터; ${p.failed}부터: 다음 epoch, 다시 순번 0부터`,
  },
  noBatches: { en: () => 'no batches', ko: () => '배치 없음' },
  gapExpected: {
    en: (p: { failed: string }) =>
      `the client saw the requests behind ${p.failed} refused for a sequence gap (ERRSEQ) and bumped its epoch once before re-sending`,
    ko: (p) => `클라이언트가 ${p.failed} 뒤의 요청이 순번 빈틈(ERRSEQ)으로 거절된 것을 보고, 다시 보내기 전에 epoch를 한 번 올림`,
  },
  gapFound: {
    en: (p: { gaps: number; bumps: number }) => `${p.gaps} ERRSEQ line(s), ${p.bumps} epoch bump(s)`,
    ko: (p) => `ERRSEQ 줄 ${p.gaps}개, epoch 올림 ${p.bumps}번`,
  },
});
