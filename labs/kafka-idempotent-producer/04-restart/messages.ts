import { defineMessages } from '@kafka-labs/i18n';

/** What 04-restart's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  startProxy: {
    en: () => 'Start the fault proxy: the response to Produce request 1 (the first E-42) never reaches the producer',
    ko: () => '장애 프록시 시작: Produce 요청 1(첫 E-42)의 응답은 프로듀서에 닿지 않음',
  },
  send: {
    en: () => 'Send E-42 with enable.idempotence=true; kill the process (SIGKILL) as soon as its response is dropped',
    ko: () => 'E-42 보내기, enable.idempotence=true; 응답이 버려지자마자 프로세스를 죽임 (SIGKILL)',
  },
  firstProcess: { en: () => 'the first process, until it was killed', ko: () => '첫 번째 프로세스, 죽을 때까지' },
  killed: {
    en: () => '   The broker stored E-42, but the process died before any answer: it never learned the outcome.',
    ko: () => '   브로커는 E-42를 저장했지만, 프로세스는 응답을 받기 전에 죽었어요: 결과를 끝내 알지 못했어요.',
  },
  restart: {
    en: () => 'Restart: a new process sends E-42 again (the proxy now passes everything)',
    ko: () => '재시작: 새 프로세스가 E-42를 다시 보냄 (이제 프록시는 모두 통과시킴)',
  },
  restartedProcess: { en: () => 'the restarted process', ko: () => '재시작한 프로세스' },
  newPid: {
    en: () => '   The new process asked the broker for a producer id and got a new one; its sequence starts at 0 again.',
    ko: () => '   새 프로세스는 브로커에 producer id를 요청해서 새 id를 받았어요. 순번도 다시 0부터 시작해요.',
  },
  closing: {
    en: () =>
      'E-42 is stored twice, under two producer ids, each with baseSequence 0. The broker deduplicates per producer\n' +
      'id; a restarted process is a new producer, so nothing links its E-42 to the one stored before the crash.\n' +
      'An event that may be re-sent after a restart needs its own id, for consumers to drop the copy.',
    ko: () =>
      'E-42가 서로 다른 producer id 두 개로, 둘 다 baseSequence 0으로 두 번 저장됐어요. 브로커는 producer id마다\n' +
      '중복을 걸러요. 재시작한 프로세스는 새 프로듀서라서, 그 E-42를 크래시 전에 저장된 것과 이어 줄 것이 없어요.\n' +
      '재시작 뒤 다시 보낼 수 있는 이벤트에는 자체 id를 달아서 컨슈머가 사본을 걸러 내게 해야 해요.',
  },

  droppedWhy: {
    en: () => 'the answer to the first E-42, so its process died without one',
    ko: () => '첫 E-42의 응답이라서, 그 프로세스는 응답 없이 죽었어요',
  },
  killedExpected: { en: () => 'the first process was killed before any delivery report', ko: () => '첫 번째 프로세스가 delivery report를 받기 전에 죽음' },
  killedFound: {
    en: (p: { results: number; done: boolean }) => `results: ${p.results}, finished: ${p.done}`,
    ko: (p) => `결과: ${p.results}개, 정상 종료: ${p.done ? '예' : '아니요'}`,
  },
  killedHint: {
    en: () => 'producer-killed.log must end without a result line: the process is killed while the answer is held back',
    ko: () => 'producer-killed.log는 result 줄 없이 끝나야 해요: 응답이 붙잡혀 있는 동안 프로세스가 죽어요',
  },
  resultsWhy: { en: () => 'the restarted process seeing one success', ko: () => '재시작한 프로세스는 성공을 한 번 봤어요' },
  storedWhy: {
    en: () => 'the restarted process having no way to know E-42 was stored',
    ko: () => '재시작한 프로세스는 E-42가 저장됐다는 걸 알 방법이 없어요',
  },
  twoPidsExpected: {
    en: () => 'the two E-42 batches have different producerIds and baseSequence 0 each',
    ko: () => '두 E-42 배치의 producerId가 서로 다르고, baseSequence는 둘 다 0',
  },
  batchesFound: { en: (p: { batches: string }) => `batches: ${p.batches}`, ko: (p) => `배치: ${p.batches}` },
  none: { en: () => 'none', ko: () => '없음' },
  twoPidsHint: {
    en: () => 'a restarted process gets a new producer id: the broker cannot tie its batch to the first one',
    ko: () => '재시작한 프로세스는 새 producer id를 받아요: 브로커는 그 배치를 첫 번째 배치와 이어 줄 수 없어요',
  },
  onePidExpected: {
    en: () => 'offset 0 carries the producer id of the killed process (its dropped Produce request) and offset 1 that of the restarted one',
    ko: () => 'offset 0에는 죽은 프로세스의 producer id(응답이 버려진 Produce 요청의 것), offset 1에는 재시작한 프로세스의 producer id가 붙어 있음',
  },
  onePidFound: {
    en: (p: { killed: string; restarted: string; at0: string; at1: string }) =>
      `killed: ${p.killed}, restarted: ${p.restarted}; dump: ${p.at0} at 0, ${p.at1} at 1`,
    ko: (p) => `죽은 프로세스: ${p.killed}, 재시작한 프로세스: ${p.restarted}; 덤프: offset 0에 ${p.at0}, offset 1에 ${p.at1}`,
  },
  onePidHint: {
    en: () =>
      "proxy-events.jsonl has the producerId of the request whose answer was dropped, the restarted process's log its Acquired PID line; dump.txt shows which batch carries which",
    ko: () =>
      'proxy-events.jsonl에는 응답이 버려진 요청의 producerId가, 재시작한 프로세스의 로그에는 Acquired PID 줄이 있어요. dump.txt에서 어느 배치가 어느 id인지 보여요',
  },
  noDroppedProduce: { en: () => 'no dropped Produce request', ko: () => '버려진 Produce 요청 없음' },
});
