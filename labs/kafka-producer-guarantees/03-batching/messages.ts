import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
import type { BatchSummary } from '@kafka-labs/kafka-producer-guarantees/batching';

/** What 03-batching's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  lingerStep: {
    en: (p: { n: number; ms: number }) => `Linger: ${p.n} orders, one every ${p.ms} ms, into topic batching, once per setting`,
    ko: (p) => `Linger: 주문 ${p.n}개를 ${p.ms}ms 마다 하나씩 토픽 batching 에, 설정마다 한 번씩`,
  },
  lingerRun: {
    en: (p: { name: string; settings: string; n: number; p50: string }) => `   ${p.name} (${p.settings}): ${p.n} delivery reports, latency p50 ${p.p50} ms`,
    ko: (p) => `   ${p.name} (${p.settings}): 전송 결과 ${p.n}개, 지연 p50 ${p.p50}ms`,
  },
  lingerDump: {
    en: () => 'kafka-dump-log of batching, per setting (the count on each batch line, added up)',
    ko: () => 'batching 의 kafka-dump-log, 설정별(배치 줄마다의 count 를 합산)',
  },
  lingerExplain: {
    en: (p: { max: number }) =>
      '   linger.ms is how long the client waits for more records before it sends a batch: the longer, the fewer and larger\n' +
      '   the batches. batch.num.messages sends a batch as soon as it holds that many records, whatever linger.ms says: no\n' +
      `   batch above ${p.max}. The latencies depend on the machine's load as much as on linger.ms; the lab does not judge them.`,
    ko: (p) =>
      '   linger.ms 는 클라이언트가 배치를 보내기 전에 레코드를 더 기다리는 시간이에요. 길수록 배치가 적고 커져요.\n' +
      '   batch.num.messages 는 linger.ms 와 상관없이 배치가 그만큼 차면 바로 보내요: ' +
      `${p.max}개를 넘는 배치가 없어요. 지연은 linger.ms 만큼이나 머신의 부하에 달려 있어서, 실습은 판정하지 않아요.`,
  },
  lingerDefault: {
    en: () =>
      "   The article gives linger.ms's default as 0. It is 5 ms in librdkafka 2.15.1 (its CONFIGURATION.md) and in Kafka\n" +
      '   4.x\'s Java producer (KIP-1030 raised it from 0 in Kafka 4.0), after the article was written: a producer left at\n' +
      '   its default batches like linger-5 here, and linger.ms=0 must be set to get linger-0.',
    ko: () =>
      '   글은 linger.ms 의 기본값을 0 이라고 해요. librdkafka 2.15.1 에서는 5ms 이고(CONFIGURATION.md), Kafka 4.x 의 Java\n' +
      '   프로듀서도 5ms 예요(Kafka 4.0 에서 KIP-1030 이 0 에서 올렸어요). 둘 다 글보다 나중 일이에요. 기본값 그대로 둔\n' +
      '   프로듀서는 여기의 linger-5 처럼 배치를 묶고, linger-0 처럼 보내려면 linger.ms=0 을 직접 줘야 해요.',
  },
  codecStep: {
    en: (p: { n: number; settings: string }) => `Codecs: ${p.n} orders in one tick into topic codecs, once per compression.codec (${p.settings})`,
    ko: (p) => `Codec: 주문 ${p.n}개를 한 틱에 토픽 codecs 에, compression.codec 마다 한 번씩(${p.settings})`,
  },
  kafkajsSends: {
    en: () => '   kafkajs sends one record with each codec but none (compression=<codec> on its send()):',
    ko: () => '   kafkajs 는 none 을 뺀 codec 마다 레코드 하나씩 보내요(send() 에 compression=<codec>):',
  },
  codecDump: {
    en: () => 'kafka-dump-log of codecs, per producer (compresscodec and size from the batch lines)',
    ko: () => 'codecs 의 kafka-dump-log, 프로듀서별(배치 줄의 compresscodec 과 size)',
  },
  closing: {
    en: () =>
      'The same orders take fewer, larger batches the longer the producer lingers, and batch.num.messages caps a batch\n' +
      'however long it lingers. Every codec librdkafka has here (gzip, snappy, lz4, zstd) makes the batches smaller than\n' +
      "none, and the broker stores them as sent: the dump names each batch's compresscodec. kafkajs compresses with gzip\n" +
      'only; snappy, lz4 and zstd need a codec package registered, and without one its send() throws KafkaJSNotImplemented.',
    ko: () =>
      '같은 주문도 프로듀서가 오래 기다릴수록 더 적고 큰 배치로 가고, batch.num.messages 는 얼마나 기다리든 배치 크기에\n' +
      '상한을 둬요. 여기서 librdkafka 가 가진 codec(gzip, snappy, lz4, zstd)은 모두 배치를 none 보다 작게 만들고, 브로커는\n' +
      '받은 그대로 저장해요: 덤프가 배치마다 compresscodec 을 보여 줘요. kafkajs 는 gzip 만 압축해요. snappy, lz4, zstd 는\n' +
      'codec 패키지를 등록해야 하고, 없으면 send() 가 KafkaJSNotImplemented 를 던져요.',
  },
  summary: {
    en: (p: { name: string; batches: number; records: number; mean: string; largest: number; bytes: number; codecs: string }) =>
      `${p.name}: ${p.batches} batches, ${p.records} records (${p.mean} per batch, at most ${p.largest}), ${p.bytes} bytes, ${p.codecs}`,
    ko: (p) => `${p.name}: 배치 ${p.batches}개, 레코드 ${p.records}개(배치당 ${p.mean}개, 최대 ${p.largest}개), ${p.bytes} 바이트, ${p.codecs}`,
  },
  noCodec: { en: () => 'no codec', ko: () => 'codec 없음' },

  allStoredExpected: {
    en: (p: { n: number }) => `each linger setting's ${p.n} records are all in the dump, in the offsets its delivery reports name`,
    ko: (p) => `linger 설정마다 레코드 ${p.n}개가 모두 덤프에 있음, 전송 결과가 알려 준 offset 에`,
  },
  fewerExpected: {
    en: () => 'with linger.ms 5 and 20 the same stream goes in fewer (so larger) batches than with linger.ms 0',
    ko: () => 'linger.ms 5 와 20 이면 같은 스트림이 linger.ms 0 보다 적은(그래서 큰) 배치로 감',
  },
  batchCount: { en: (p: { name: string; n: number }) => `${p.name} ${p.n} batches`, ko: (p) => `${p.name} 배치 ${p.n}개` },
  capExpected: {
    en: (p: { max: number }) => `with batch.num.messages=${p.max} no batch holds more than ${p.max} records, so linger.ms=20 sends more batches than without it`,
    ko: (p) => `batch.num.messages=${p.max} 이면 어떤 배치도 레코드가 ${p.max}개를 넘지 않아서, linger.ms=20 이 그 설정 없이보다 배치를 더 많이 보냄`,
  },
  capFound: {
    en: (p: { largest: number; batches: number; without: number }) => `at most ${p.largest} per batch; ${p.batches} batches against ${p.without}`,
    ko: (p) => `배치당 최대 ${p.largest}개, 배치 ${p.batches}개 대 ${p.without}개`,
  },
  smallerExpected: {
    en: (p: { n: number; codec: string; none: string }) => `the ${p.n} orders are stored in batches with compresscodec ${p.codec}, fewer bytes than with none (${p.none})`,
    ko: (p) => `주문 ${p.n}개가 compresscodec ${p.codec} 배치로 저장됐고, none(${p.none})보다 바이트가 적음`,
  },
  plainExpected: {
    en: (p: { n: number }) => `the ${p.n} orders are stored in batches with compresscodec none`,
    ko: (p) => `주문 ${p.n}개가 compresscodec none 배치로 저장됨`,
  },
  noResult: { en: () => 'no result', ko: () => '결과 없음' },
  stored: { en: () => 'stored', ko: () => '저장됨' },
  gzipExpected: {
    en: () => 'kafkajs sends the record with gzip and the broker stores it in a batch with compresscodec gzip',
    ko: () => 'kafkajs 가 레코드를 gzip 으로 보내고, 브로커는 compresscodec gzip 배치로 저장함',
  },
  resultsAndSummary: { en: (p: { results: string; summary: string }) => `${p.results}; ${p.summary}`, ko: (p) => `${p.results}, ${p.summary}` },
  notImplementedExpected: {
    en: (p: { codec: string }) => `kafkajs's send() with ${p.codec} throws KafkaJSNotImplemented (no codec registered) and nothing is stored`,
    ko: (p) => `kafkajs 의 send() 가 ${p.codec} 에서 KafkaJSNotImplemented 를 던지고(등록된 codec 없음) 아무것도 저장되지 않음`,
  },
  notImplementedFound: {
    en: (p: { results: string; stray: number }) => `${p.results}; ${p.stray} record(s) in the codecs dump that no send was told`,
    ko: (p) => `${p.results}, 어떤 send 도 결과를 받지 않은 레코드가 codecs 덤프에 ${p.stray}개`,
  },
});

/** `linger-5: 97 batches, 300 records (3.1 per batch, at most 7), 21004 bytes, none` in `lang`, for the transcript and the grader. */
export function formatSummary(lang: Lang) {
  const t = textsIn(MESSAGES, lang);
  return (name: string, s: BatchSummary) =>
    t.summary({
      name,
      batches: s.batches,
      records: s.records,
      mean: s.batches ? (s.records / s.batches).toFixed(1) : '0',
      largest: s.largest,
      bytes: s.bytes,
      codecs: s.codecs.join('/') || t.noCodec(),
    });
}
