import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
import { ratioOf } from '@kafka-labs/kafka-producer-guarantees/batch-compression';
import type { BatchSummary } from '@kafka-labs/kafka-producer-guarantees/batching';

/** What 08-batch-compression's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  librdkafkaStep: {
    en: (p: { n: number; sizes: string; codecs: string; linger: number }) =>
      `librdkafka: ${p.n} orders in one tick, batch.size ${p.sizes}, compression.codec ${p.codecs} (linger.ms=${p.linger}), a topic per setting`,
    ko: (p) => `librdkafka: 주문 ${p.n}개를 한 틱에, batch.size ${p.sizes}, compression.codec ${p.codecs}(linger.ms=${p.linger}), 설정마다 토픽 하나`,
  },
  javaStep: {
    en: (p: { n: number; codecs: string; linger: number }) =>
      `Kafka's Java producer (kafka-console-producer --batch-size --compression-codec --timeout ${p.linger}): the same ${p.n} orders, codecs ${p.codecs}`,
    ko: (p) => `Kafka 의 Java 프로듀서(kafka-console-producer --batch-size --compression-codec --timeout ${p.linger}): 같은 주문 ${p.n}개, codec ${p.codecs}`,
  },
  dumpOf: {
    en: (p: { client: string; size: string }) => `kafka-dump-log, ${p.client} batch.size=${p.size} (count and size of each batch line, added up)`,
    ko: (p) => `kafka-dump-log, ${p.client} batch.size=${p.size}(배치 줄마다의 count 와 size 를 합산)`,
  },
  variant: {
    en: (p: { codec: string; batches: number; records: number; mean: string; largest: number; perBatch: number; bytes: number }) =>
      `${p.codec}: ${p.batches} batches, ${p.records} records (${p.mean} per batch, at most ${p.largest}), ${p.perBatch} bytes per batch, ${p.bytes} bytes`,
    ko: (p) => `${p.codec}: 배치 ${p.batches}개, 레코드 ${p.records}개(배치당 ${p.mean}개, 최대 ${p.largest}개), 배치당 ${p.perBatch} 바이트, 모두 ${p.bytes} 바이트`,
  },
  ratio: { en: (p: { ratio: string }) => `, ${p.ratio}× smaller than none`, ko: (p) => `, none 보다 ${p.ratio}배 작음` },
  librdkafkaExplain: {
    en: () =>
      "   librdkafka's batch.size bounds the uncompressed bytes of a batch, protocol framing included: at 1 KB every codec's\n" +
      '   batches hold the same 9 orders as none. A codec compresses each batch on its own and finds repeats only inside it:\n' +
      "   the more orders a batch holds, the more of their repeated keys and values it replaces, and the fewer bytes each takes.",
    ko: () =>
      '   librdkafka 의 batch.size 는 배치의 압축 전 바이트(프로토콜 framing 포함)에 상한을 둬요: 1 KB 에서는 어느 codec 이든\n' +
      '   none 과 같은 주문 9개씩 배치에 담겨요. codec 은 배치 하나씩 따로 압축하고 반복을 그 배치 안에서만 찾아요. 배치에\n' +
      '   주문이 많을수록 반복되는 키와 값을 더 많이 줄일 수 있어서, 주문 하나가 차지하는 바이트가 줄어요.',
  },
  javaExplain: {
    en: (p: { none: number; gzip: number }) =>
      "   Kafka's Java producer counts batch.size against an estimate of the compressed bytes (its CompressionRatioEstimator,\n" +
      '   per topic and codec): it starts at the uncompressed size times 1.05 and comes down 0.005 for each batch closed\n' +
      '   that compressed better. It learns only from batches already sent, so how far its gzip batches grow depends on\n' +
      `   how fast its sender closes them while records are still added: at 1 KB, at most ${p.gzip} orders here against none's ${p.none}\n` +
      '   (10 to 20 in earlier runs). Both clients: the bigger the batch, the better it compresses.',
    ko: (p) =>
      '   Kafka 의 Java 프로듀서는 batch.size 를 압축된 바이트의 추정값에 견줘요(토픽과 codec 마다의 CompressionRatioEstimator).\n' +
      '   추정값은 압축 전 크기의 1.05배에서 시작해서, 더 잘 압축된 배치를 닫을 때마다 0.005씩 내려가요. 이미 보낸 배치에서만\n' +
      '   배우니까, gzip 배치가 얼마나 커지는지는 레코드가 아직 들어오는 동안 sender 가 배치를 얼마나 빨리 닫느냐에 달려 있어요.\n' +
      `   1 KB 에서 여기서는 최대 ${p.gzip}개, none 은 ${p.none}개예요(앞선 실행들에서는 10~20개). 두 클라이언트 모두 배치가 클수록 더 잘\n` +
      '   압축돼요.',
  },
  closing: {
    en: () =>
      'The same orders took fewer bytes with every codec the larger batch.size let their batches grow: compression works on\n' +
      'one batch at a time. batch.size is a ceiling, not a target: a batch also leaves when linger.ms has passed, so records\n' +
      'that arrive slowly never fill a 128 KB batch (03-batching counts linger.ms). A larger batch.size with compression\n' +
      'saves bytes only where records come fast enough to fill it.',
    ko: () =>
      '같은 주문도 batch.size 가 배치를 크게 키울수록 어느 codec 이든 바이트가 줄었어요: 압축은 배치 하나 단위로 일해요.\n' +
      'batch.size 는 목표가 아니라 상한이에요. linger.ms 가 지나도 배치는 떠나서, 천천히 오는 레코드는 128 KB 배치를 채우지\n' +
      '못해요(linger.ms 는 03-batching 에서 세요). 압축과 함께 batch.size 를 키우면 레코드가 그 배치를 채울 만큼 빨리 올 때만\n' +
      '바이트가 줄어요.',
  },

  allStoredExpected: {
    en: (p: { n: number }) => `every setting's ${p.n} orders are in its topic's dump, in batches of its codec`,
    ko: (p) => `설정마다 주문 ${p.n}개가 모두 그 토픽의 덤프에 있고, 그 codec 의 배치에 있음`,
  },
  capExpected: {
    en: (p: { client: string }) => `${p.client}: no uncompressed (none) batch is larger than its batch.size`,
    ko: (p) => `${p.client}: 압축하지 않은(none) 배치는 어느 것도 batch.size 보다 크지 않음`,
  },
  largestBatch: {
    en: (p: { size: string; largest: number }) => `batch.size ${p.size}: largest batch ${p.largest} bytes`,
    ko: (p) => `batch.size ${p.size}: 가장 큰 배치 ${p.largest} 바이트`,
  },
  betterExpected: {
    en: (p: { client: string; codec: string; n: number }) =>
      `${p.client} ${p.codec}: the ${p.n} orders take fewer bytes with each larger batch.size (1 KB > 16 KB > 128 KB), so the ratio to none grows`,
    ko: (p) => `${p.client} ${p.codec}: 주문 ${p.n}개가 batch.size 가 클수록 적은 바이트를 차지함(1 KB > 16 KB > 128 KB), 그래서 none 대비 비율이 커짐`,
  },
  sizeBytes: {
    en: (p: { size: string; bytes: number; ratio: string }) => `${p.size} ${p.bytes} bytes (${p.ratio}×)`,
    ko: (p) => `${p.size} ${p.bytes} 바이트(${p.ratio}배)`,
  },
  uncompressedExpected: {
    en: (p: { size: string }) => `librdkafka's batch.size counts uncompressed bytes: at batch.size ${p.size} no compressed batch holds more orders than the largest none batch`,
    ko: (p) => `librdkafka 의 batch.size 는 압축 전 바이트를 세요: batch.size ${p.size} 에서 압축된 배치가 가장 큰 none 배치보다 주문을 더 담지 않음`,
  },
  largestOrders: {
    en: (p: { codec: string; largest: number }) => `${p.codec} at most ${p.largest} per batch`,
    ko: (p) => `${p.codec} 배치당 최대 ${p.largest}개`,
  },
  group: {
    en: (p: { client: string; codec: string }) => `batch.size, ${p.client} ${p.codec}`,
    ko: (p) => `batch.size, ${p.client} ${p.codec}`,
  },
});

/** `gzip: 334 batches, 3000 records (9.0 per batch, at most 9), 267 bytes per batch, 89115 bytes, 3.41× smaller than none` in `lang`. */
export function formatVariant(lang: Lang) {
  const t = textsIn(MESSAGES, lang);
  return (codec: string, s: BatchSummary, none: BatchSummary | undefined) => {
    const ratio = codec === 'none' ? 0 : ratioOf(none, s);
    return (
      t.variant({
        codec,
        batches: s.batches,
        records: s.records,
        mean: s.batches ? (s.records / s.batches).toFixed(1) : '0',
        largest: s.largest,
        perBatch: s.batches ? Math.round(s.bytes / s.batches) : 0,
        bytes: s.bytes,
      }) + (ratio ? t.ratio({ ratio: ratio.toFixed(2) }) : '')
    );
  };
}
