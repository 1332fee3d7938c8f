import { defineMessages } from '@kafka-labs/i18n';

/** What 01-lost-response's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  startProxy: {
    en: () => 'Start the fault proxy: the response to Produce request 2 (E-42) never reaches the producer',
    ko: () => '장애 프록시 시작: Produce 요청 2(E-42)의 응답은 프로듀서에 닿지 않음',
  },
  send: {
    en: () => 'Send E-41, E-42, E-43 with enable.idempotence=false, socket.timeout.ms=3000, through the proxy',
    ko: () => '프록시를 거쳐 E-41, E-42, E-43 보내기, enable.idempotence=false, socket.timeout.ms=3000',
  },
  timeline: {
    en: () => 'producer results, client timeouts and proxy drops, in order',
    ko: () => '프로듀서 결과, 클라이언트 타임아웃, 프록시가 버린 응답, 순서대로',
  },
  explain: {
    en: () =>
      '   E-42 reached the broker and was stored; only its response was dropped. After 3 s without an answer\n' +
      '   librdkafka timed the request out (REQTMOUT) and sent the same batch again, which the broker stored anew.',
    ko: () =>
      '   E-42는 브로커에 닿아 저장됐고, 응답만 사라졌어요. 3초 동안 응답이 없자 librdkafka는 요청을\n' +
      '   타임아웃 처리(REQTMOUT)하고 같은 배치를 다시 보냈고, 브로커는 그것을 또 저장했어요.',
  },
  closing: {
    en: () =>
      'E-42 sits at offsets 1 and 2, yet the producer saw one success (offset=2). The two E-42 batches have the same\n' +
      'CreateTime and crc: the client re-sent its batch byte for byte. With producerId -1 and baseSequence -1 the\n' +
      'broker had nothing to tell the retry from a new batch, so it appended it again.',
    ko: () =>
      'E-42는 offset 1과 2에 있지만, 프로듀서가 본 성공은 한 번(offset=2)뿐이에요. 두 E-42 배치는 CreateTime과 crc가\n' +
      '같아요: 클라이언트가 배치를 바이트 하나 다르지 않게 다시 보냈어요. producerId -1, baseSequence -1로는 브로커가\n' +
      '재시도와 새 배치를 구별할 방법이 없어서 한 번 더 덧붙였어요.',
  },

  droppedWhy: { en: () => 'the answer to E-42, which the broker still stored', ko: () => 'E-42의 응답이고, 브로커는 E-42를 저장했어요' },
  timedOutExpected: {
    en: () => 'librdkafka timed the unanswered Produce request out (REQTMOUT) and re-sent it',
    ko: () => 'librdkafka가 응답 없는 Produce 요청을 타임아웃 처리(REQTMOUT)하고 다시 보냄',
  },
  timedOutFound: { en: (p: { n: number }) => `${p.n} Produce timeout(s) in producer.log`, ko: (p) => `producer.log의 Produce 타임아웃 ${p.n}건` },
  timedOutHint: {
    en: () => 'the producer runs with debug=msg and socket.timeout.ms=3000: its REQTMOUT lines show the timeout',
    ko: () => '프로듀서는 debug=msg, socket.timeout.ms=3000으로 돌아요. REQTMOUT 줄이 타임아웃을 보여 줘요',
  },
  storedWhy: { en: () => 'the re-sent E-42 being a duplicate', ko: () => '다시 보낸 E-42가 중복으로 저장됐어요' },
  resultsWhy: { en: () => 'one success for E-42, at the duplicate offset 2', ko: () => 'E-42의 성공은 한 번, 중복인 offset 2' },
  noPidExpected: {
    en: () => 'every batch has producerId -1 and baseSequence -1: the broker cannot recognise a retried batch',
    ko: () => '모든 배치가 producerId -1, baseSequence -1: 브로커는 재시도한 배치를 알아볼 수 없음',
  },
  noPidFound: { en: (p: { n: number; of: number }) => `${p.n} of ${p.of} batches do`, ko: (p) => `배치 ${p.of}개 중 ${p.n}개가 그래요` },
  noPidHint: { en: () => 'this lab produces with enable.idempotence=false', ko: () => '이 실습은 enable.idempotence=false로 보내요' },
  sameBatchExpected: {
    en: () => 'the two E-42 batches carry the same CreateTime and crc, the same bytes sent twice',
    ko: () => '두 E-42 배치의 CreateTime과 crc가 같음: 같은 바이트를 두 번 보냄',
  },
  twoBatchesExpected: {
    en: () => 'the dump holds two E-42 batches with the same CreateTime and crc',
    ko: () => '덤프에 CreateTime과 crc가 같은 E-42 배치가 두 개 있음',
  },
  sameBatchFound: {
    en: (p: { t1: number; t2: number; crc1: number; crc2: number }) => `CreateTime ${p.t1} / ${p.t2}, crc ${p.crc1} / ${p.crc2}`,
    ko: (p) => `CreateTime ${p.t1} / ${p.t2}, crc ${p.crc1} / ${p.crc2}`,
  },
  batchCount: { en: (p: { n: number }) => `it holds ${p.n} E-42 batch(es)`, ko: (p) => `E-42 배치가 ${p.n}개 있음` },
  sameBatchHint: {
    en: () => 'the retry re-sends the batch as it was built: dump.txt shows both copies',
    ko: () => '재시도는 만들어 둔 배치를 그대로 다시 보내요. dump.txt에 두 벌이 다 보여요',
  },
});
