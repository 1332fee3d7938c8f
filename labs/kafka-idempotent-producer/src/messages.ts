import { defineMessages } from '@kafka-labs/i18n';

/** What the track's shared steps and laws say (experiment.ts, evidence.ts), in English and Korean. */
export const MESSAGES = defineMessages({
  createTopic: { en: (p: { base: string }) => `Create ${p.base} with one partition`, ko: (p) => `파티션 하나짜리 ${p.base} 만들기` },
  topic: { en: (p: { topic: string }) => `   topic: ${p.topic}`, ko: (p) => `   토픽: ${p.topic}` },
  proxy: {
    en: (p: { addresses: string; faults: string }) => `   proxy: ${p.addresses} -> 127.0.0.1:9533 (the broker's FAULT listener); faults: ${p.faults}`,
    ko: (p) => `   프록시: ${p.addresses} -> 127.0.0.1:9533 (브로커의 FAULT 리스너); 장애: ${p.faults}`,
  },
  readBack: { en: () => 'Read the partition back', ko: () => '파티션을 다시 읽기' },
  dump: { en: () => 'Dump the segment', ko: () => '세그먼트 덤프하기' },
  offsetsLabel: {
    en: () => 'kafka-get-offsets (end offset of partition 0 = records stored)',
    ko: () => 'kafka-get-offsets (파티션 0의 end offset = 저장된 레코드 수)',
  },
  consumerLabel: { en: () => 'kafka-console-consumer (print.offset=true)', ko: () => 'kafka-console-consumer (print.offset=true)로 읽은 레코드' },
  dumpLabel: { en: () => 'kafka-dump-log, one line per batch', ko: () => 'kafka-dump-log, 배치마다 한 줄' },
  producerFailed: {
    en: (p: { name: string; code: number }) => `${p.name} exited with code ${p.code}; see ${p.name}.log`,
    ko: (p) => `${p.name}가 종료 코드 ${p.code}로 끝났어요. ${p.name}.log를 보세요`,
  },

  nothing: { en: () => 'nothing', ko: () => '없음' },
  none: { en: () => 'none', ko: () => '없음' },
  storedExpected: {
    en: (p: { last: number; values: string; why: string }) => `offsets 0-${p.last} hold ${p.values} and nothing else, ${p.why}`,
    ko: (p) => `offset 0-${p.last}에 ${p.values}만 있음: ${p.why}`,
  },
  storedFound: {
    en: (p: { consumed: string; end: number }) => `read back: ${p.consumed}; end offset ${p.end}`,
    ko: (p) => `다시 읽은 것: ${p.consumed}; end offset ${p.end}`,
  },
  storedHint: {
    en: (p: { consumed: string; offsets: string }) => `${p.consumed} is what the consumer read back from offset 0, ${p.offsets} the end offset`,
    ko: (p) => `${p.consumed}는 컨슈머가 offset 0부터 다시 읽은 것이고, ${p.offsets}는 end offset이에요`,
  },
  droppedExpected: {
    en: (p: { ordinals: number[]; why: string }) =>
      `the proxy dropped the response to Produce request${p.ordinals.length > 1 ? 's' : ''} ${p.ordinals.join(' and ')} and to no other: ${p.why}`,
    ko: (p) => `프록시가 Produce 요청 ${p.ordinals.join('번과 ')}번의 응답만 버림: ${p.why}`,
  },
  droppedFound: { en: (p: { dropped: string }) => `dropped: ${p.dropped}`, ko: (p) => `버린 응답: ${p.dropped}` },
  droppedHint: {
    en: (p: { events: string }) => `${p.events} lists what the proxy did to each request; the drop module counts Produce requests from 1`,
    ko: (p) => `${p.events}에 프록시가 요청마다 한 일이 있어요. drop 모듈은 Produce 요청을 1부터 세요`,
  },
  resultsExpected: {
    en: (p: { results: string; why: string }) => `the producer was told ${p.results}, ${p.why}`,
    ko: (p) => `프로듀서가 받은 결과가 ${p.results}: ${p.why}`,
  },
  resultsFound: { en: (p: { results: string }) => `told: ${p.results}`, ko: (p) => `받은 결과: ${p.results}` },
  resultsHint: {
    en: () => "the producer's log has one `result:` line per delivery report",
    ko: () => '프로듀서 로그에는 delivery report마다 `result:` 줄이 하나씩 있어요',
  },
});
