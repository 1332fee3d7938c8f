import { defineMessages } from '@kafka-labs/i18n';

/** What 00-hello's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  createTopic: { en: () => 'Create a topic with one partition', ko: () => '파티션 하나짜리 토픽 만들기' },
  topic: { en: (p: { topic: string }) => `   topic: ${p.topic}`, ko: (p) => `   토픽: ${p.topic}` },
  produceIdempotent: {
    en: (p: { payload: string }) => `Produce "${p.payload}" with @confluentinc/kafka-javascript, enable.idempotence=true`,
    ko: (p) => `@confluentinc/kafka-javascript로 "${p.payload}" 보내기, enable.idempotence=true`,
  },
  producePlain: {
    en: (p: { payload: string }) => `Produce "${p.payload}" with kafkajs, idempotence off (its default)`,
    ko: (p) => `kafkajs로 "${p.payload}" 보내기, 멱등성 꺼짐 (kafkajs의 기본값)`,
  },
  storedAt: { en: (p: { offset: string }) => `   stored at offset ${p.offset}`, ko: (p) => `   offset ${p.offset}에 저장됐어요` },
  consume: { en: () => 'Consume both back with kafkajs', ko: () => 'kafkajs로 두 메시지를 다시 읽기' },
  notRead: {
    en: (p: { n: number; seconds: number }) => `did not read ${p.n} messages within ${p.seconds} s`,
    ko: (p) => `${p.seconds}초 안에 메시지 ${p.n}개를 읽지 못했어요`,
  },
  readBack: { en: () => 'read back', ko: () => '다시 읽은 메시지' },
  dump: { en: () => 'Dump the segment with kafka-dump-log', ko: () => 'kafka-dump-log로 세그먼트 덤프하기' },
  batches: { en: () => 'batches (compact)', ko: () => '배치 (요약)' },
  closing: {
    en: () =>
      'The librdkafka batch carries a producerId and baseSequence 0; the kafkajs batch has producerId -1:\n' +
      'without idempotence the broker has no producer to deduplicate for.',
    ko: () =>
      'librdkafka의 배치에는 producerId와 baseSequence 0이 붙어 있고, kafkajs의 배치는 producerId가 -1이에요.\n' +
      '멱등성이 꺼져 있으면 브로커에게는 중복을 걸러 줄 프로듀서가 없어요.',
  },

  consumedBothExpected: {
    en: (p: { idempotent: string; plain: string }) => `both messages consumed back (${p.idempotent}, ${p.plain})`,
    ko: (p) => `두 메시지를 모두 다시 읽음 (${p.idempotent}, ${p.plain})`,
  },
  consumedFound: { en: (p: { values: string }) => `consumed.json holds ${p.values}`, ko: (p) => `consumed.json에 든 것: ${p.values}` },
  nothing: { en: () => 'nothing', ko: () => '없음' },
  consumedHint: {
    en: () => 'the consumer reads the topic from the beginning; see transcript.txt for what each client did',
    ko: () => '컨슈머는 토픽을 처음부터 읽어요. 각 클라이언트가 한 일은 transcript.txt에서 보세요',
  },
  idempotentExpected: {
    en: () => 'the librdkafka batch with a producerId other than -1 and baseSequence 0',
    ko: () => 'librdkafka 배치의 producerId가 -1이 아니고 baseSequence가 0',
  },
  idempotentFound: {
    en: (p: { producerId: number; baseSequence: number }) => `the librdkafka batch has producerId ${p.producerId} and baseSequence ${p.baseSequence}`,
    ko: (p) => `librdkafka 배치는 producerId ${p.producerId}, baseSequence ${p.baseSequence}`,
  },
  noBatchHolds: { en: (p: { payload: string }) => `no batch in dump.txt holds ${p.payload}`, ko: (p) => `dump.txt에 ${p.payload}를 담은 배치가 없음` },
  idempotentHint: {
    en: () => 'librdkafka (the Confluent client) is idempotent by default: its batch gets a producer id and sequence 0',
    ko: () => 'librdkafka(Confluent 클라이언트)는 기본이 멱등 프로듀서라서 배치에 producer id와 순번 0이 붙어요',
  },
  plainExpected: {
    en: () => 'the kafkajs batch with producerId -1 (no producer id without idempotence)',
    ko: () => 'kafkajs 배치의 producerId가 -1 (멱등성이 없으면 producer id도 없음)',
  },
  plainFound: { en: (p: { producerId: number }) => `the kafkajs batch has producerId ${p.producerId}`, ko: (p) => `kafkajs 배치는 producerId ${p.producerId}` },
  plainHint: {
    en: () => 'kafkajs produces without idempotence unless asked: its batch carries no producer id',
    ko: () => 'kafkajs는 따로 켜지 않으면 멱등성 없이 보내요. 그래서 배치에 producer id가 없어요',
  },
  idempotentWriter: { en: () => 'librdkafka, enable.idempotence=true', ko: () => 'librdkafka, enable.idempotence=true' },
  plainWriter: { en: () => 'kafkajs, idempotence off', ko: () => 'kafkajs, 멱등성 꺼짐' },
});
