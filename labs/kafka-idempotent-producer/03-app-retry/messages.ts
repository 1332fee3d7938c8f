import { defineMessages } from '@kafka-labs/i18n';

/** What 03-app-retry's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  startProxy: {
    en: () => "Start the fault proxy: drop the responses to Produce requests 1 and 2 (E-42 and the client's retry of it)",
    ko: () => '장애 프록시 시작: Produce 요청 1과 2(E-42와 클라이언트의 재시도)의 응답을 버림',
  },
  send: {
    en: () => 'Send E-42 with enable.idempotence=true, message.timeout.ms=5000; on a failed delivery the application sends it again',
    ko: () => 'E-42 보내기, enable.idempotence=true, message.timeout.ms=5000; 전달이 실패하면 애플리케이션이 다시 보냄',
  },
  timeline: {
    en: () => 'PID changes, batches sent, client timeouts, results and proxy drops, in order',
    ko: () => 'PID 변경, 보낸 배치, 클라이언트 타임아웃, 결과, 프록시가 버린 응답, 순서대로',
  },
  explain: {
    en: () =>
      '   The first E-42 was stored at once; the client retried it after 3 s with the same sequence (a duplicate the\n' +
      '   broker did not store again), and that answer was dropped too. At 5 s message.timeout.ms expired: the client\n' +
      '   reported _MSG_TIMED_OUT and bumped its epoch, so that sequence numbers start again at 0. The application then\n' +
      '   produced E-42 again: to the client a new message, with a new epoch and sequence.',
    ko: () =>
      '   첫 E-42는 바로 저장됐어요. 클라이언트는 3초 뒤 같은 순번으로 재시도했고(브로커는 중복이라 다시 저장하지\n' +
      '   않았어요), 그 응답도 사라졌어요. 5초에 message.timeout.ms가 지나자 클라이언트는 _MSG_TIMED_OUT을 알리고\n' +
      '   epoch를 올려서 순번이 다시 0부터 시작해요. 그다음 애플리케이션이 E-42를 다시 보냈어요: 클라이언트에게는\n' +
      '   새 epoch와 순번을 단 새 메시지예요.',
  },
  closing: {
    en: () =>
      'E-42 is stored twice although idempotence is on: (PID, epoch 0, sequence 0) at offset 0 and (PID, epoch 1,\n' +
      'sequence 0) at offset 1 are different batches to the broker. Idempotence removes the duplicates of the\n' +
      "client's own retries only; a delivery failure can still mean \"stored\", and a re-send by the application is\n" +
      'a new message. Give each event an id and let consumers drop the ones they have seen.',
    ko: () =>
      '멱등성을 켰는데도 E-42가 두 번 저장됐어요: offset 0의 (PID, epoch 0, 순번 0)과 offset 1의 (PID, epoch 1,\n' +
      '순번 0)은 브로커에게 서로 다른 배치예요. 멱등 프로듀서가 없애는 중복은 클라이언트 자신의 재시도뿐이에요.\n' +
      '전달 실패가 "저장됨"일 수도 있고, 애플리케이션이 다시 보내면 새 메시지가 돼요. 이벤트마다 id를 달고,\n' +
      '컨슈머가 이미 본 것을 걸러 내게 하세요.',
  },

  droppedWhy: { en: () => "the answers to E-42 and to the client's retry of it", ko: () => 'E-42와 클라이언트가 재시도한 E-42의 응답' },
  resultsWhy: {
    en: () => "the first E-42 reported as failed although stored, the application's re-send stored at offset 1",
    ko: () => '첫 E-42는 저장됐는데도 실패로 알려졌고, 애플리케이션이 다시 보낸 것은 offset 1에 저장됐어요',
  },
  storedWhy: { en: () => 'the re-sent E-42 being a new message', ko: () => '다시 보낸 E-42는 새 메시지예요' },
  epochExpected: {
    en: () => 'after the timeout the client kept its producer id and bumped the epoch from 0 to 1',
    ko: () => '타임아웃 뒤 클라이언트가 producer id는 그대로 두고 epoch를 0에서 1로 올림',
  },
  epochFound: { en: (p: { changes: string }) => `PID changes: ${p.changes}`, ko: (p) => `PID 변경: ${p.changes}` },
  none: { en: () => 'none', ko: () => '없음' },
  epochHint: {
    en: () => "producer.log's NEWPID lines (debug=eos) show each producer id and epoch the client took",
    ko: () => 'producer.log의 NEWPID 줄(debug=eos)에 클라이언트가 받은 producer id와 epoch가 있어요',
  },
  dumpExpected: {
    en: () => 'the two E-42 batches have the same producerId, epochs 0 then 1, and baseSequence 0 each, so the broker took them for different batches',
    ko: () => '두 E-42 배치의 producerId가 같고, epoch는 0과 1, baseSequence는 둘 다 0: 브로커는 서로 다른 배치로 봄',
  },
  dumpFound: { en: (p: { batches: string }) => `batches: ${p.batches}`, ko: (p) => `배치: ${p.batches}` },
  dumpHint: {
    en: () => 'a second send() of E-42 is a new message: the bumped epoch starts its sequence at 0 again',
    ko: () => 'E-42를 send()로 한 번 더 보내면 새 메시지예요: 올라간 epoch에서 순번이 다시 0부터 시작해요',
  },
});
