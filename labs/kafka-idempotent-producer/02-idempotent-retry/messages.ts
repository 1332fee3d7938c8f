import { defineMessages } from '@kafka-labs/i18n';

/** What 02-idempotent-retry's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  startProxy: {
    en: () => 'Start the fault proxy: the response to Produce request 2 (E-42) never reaches the producer',
    ko: () => '장애 프록시 시작: Produce 요청 2(E-42)의 응답은 프로듀서에 닿지 않음',
  },
  notCounted: {
    en: () => '   InitProducerId, which the idempotent producer sends first, is not a Produce request and is not counted.',
    ko: () => '   멱등 프로듀서가 맨 먼저 보내는 InitProducerId는 Produce 요청이 아니라서 세지 않아요.',
  },
  send: {
    en: () => 'Send E-41, E-42, E-43 with enable.idempotence=true and debug=msg,eos, through the proxy',
    ko: () => '프록시를 거쳐 E-41, E-42, E-43 보내기, enable.idempotence=true, debug=msg,eos',
  },
  timeline: {
    en: () => 'PID, batches sent and their outcome, proxy drops, in order',
    ko: () => 'PID, 보낸 배치와 그 결과, 프록시가 버린 응답, 순서대로',
  },
  explain: {
    en: () =>
      '   Every batch carries the PID and a sequence number per partition (BaseSeq). The lost response makes the\n' +
      '   client retry the batch of E-42 with the same PID, epoch and BaseSeq; MsgPossiblyPersisted says it knows\n' +
      '   the first send may have been stored.',
    ko: () =>
      '   모든 배치에는 PID와 파티션별 순번(BaseSeq)이 붙어요. 응답이 사라지자 클라이언트는 E-42의 배치를\n' +
      '   같은 PID, epoch, BaseSeq로 재시도해요. MsgPossiblyPersisted는 첫 전송이 이미 저장됐을 수도 있다는 걸\n' +
      '   클라이언트가 안다는 뜻이에요.',
  },
  closing: {
    en: () =>
      'E-42 is stored once, at offset 1. The broker keeps the last five sequence numbers of each producer and\n' +
      'partition; the retry carried one it had already stored, so it did not append it again and answered with the\n' +
      'offset of the first copy: the producer was told offset=1.',
    ko: () =>
      'E-42는 offset 1에 한 번만 저장됐어요. 브로커는 프로듀서와 파티션마다 마지막 순번 다섯 개를 기억해요.\n' +
      '재시도가 이미 저장한 순번을 달고 왔기 때문에 다시 덧붙이지 않고, 첫 번째 사본의 offset으로 응답했어요:\n' +
      '프로듀서가 받은 결과는 offset=1이에요.',
  },

  droppedWhy: { en: () => 'the answer to E-42 (InitProducerId is not counted)', ko: () => 'E-42의 응답 (InitProducerId는 세지 않음)' },
  retryExpected: {
    en: (p: { msgId: number }) =>
      `only the batch of E-42 (MsgId ${p.msgId}) was sent twice, marked Retry,MsgPossiblyPersisted, and every send carried the same PID, epoch and BaseSeq`,
    ko: (p) => `E-42의 배치(MsgId ${p.msgId})만 Retry,MsgPossiblyPersisted 표시와 함께 두 번 보냈고, 매번 PID, epoch, BaseSeq가 같음`,
  },
  retryFound: {
    en: (p: { sends: string; resent: string }) => `sends of E-42: ${p.sends}; batches sent more than once: MsgId ${p.resent}`,
    ko: (p) => `E-42 전송: ${p.sends}; 두 번 이상 보낸 배치: MsgId ${p.resent}`,
  },
  none: { en: () => 'none', ko: () => '없음' },
  retryHint: {
    en: () => "producer.log's librdkafka lines (debug=eos,msg) show each send with its PID and BaseSeq",
    ko: () => 'producer.log의 librdkafka 줄(debug=eos,msg)에 전송마다 PID와 BaseSeq가 있어요',
  },
  storedWhy: { en: () => 'the retried E-42 being recognised as a duplicate', ko: () => '재시도한 E-42를 브로커가 중복으로 알아봤어요' },
  resultsWhy: {
    en: () => 'the broker answering the retried E-42 with the offset of its first copy',
    ko: () => '브로커가 재시도한 E-42에 첫 번째 사본의 offset으로 응답했어요',
  },
  dumpExpected: {
    en: () => 'the dump holds three batches of one producerId with epoch 0 and baseSequence 0, 1, 2, E-42 at offset 1',
    ko: () => '덤프에 producerId 하나, epoch 0, baseSequence 0, 1, 2인 배치 세 개가 있고 E-42는 offset 1',
  },
  dumpFound: {
    en: (p: { n: number; sequences: string }) => `batches: ${p.n}, baseSequences: ${p.sequences}`,
    ko: (p) => `배치: ${p.n}개, baseSequence: ${p.sequences}`,
  },
  dumpHint: {
    en: () => 'dump.txt is kafka-dump-log of the partition: one batch per event, the retry stored nowhere',
    ko: () => 'dump.txt는 파티션의 kafka-dump-log예요: 이벤트마다 배치 하나, 재시도는 어디에도 저장되지 않았어요',
  },
  storedBatchExpected: {
    en: () => 'the E-42 batch at offset 1 carries the PID, epoch and BaseSeq of the batch the client sent and retried',
    ko: () => 'offset 1의 E-42 배치에 클라이언트가 보내고 재시도한 배치의 PID, epoch, BaseSeq가 붙어 있음',
  },
  storedBatchFound: {
    en: (p: { pid: string; baseSeq: string; producerId: string; epoch: string; sequence: string }) =>
      `client: ${p.pid} BaseSeq ${p.baseSeq}; dump: producerId ${p.producerId} producerEpoch ${p.epoch} baseSequence ${p.sequence}`,
    ko: (p) => `클라이언트: ${p.pid} BaseSeq ${p.baseSeq}; 덤프: producerId ${p.producerId} producerEpoch ${p.epoch} baseSequence ${p.sequence}`,
  },
  storedBatchHint: {
    en: () => "compare producer.log's send of E-42 with dump.txt's batch at offset 1",
    ko: () => 'producer.log의 E-42 전송과 dump.txt의 offset 1 배치를 비교해 보세요',
  },
});
