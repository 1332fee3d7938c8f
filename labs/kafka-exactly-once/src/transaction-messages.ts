import { defineMessages } from '@kafka-labs/i18n';

/**
 * What labs 02-04 say alike: whose epoch laws they grade (librdkafka 2.15.1's, transactions v1, where a Java 4.x client
 * on this broker bumps the epoch at every commit and abort), their labels and the parts of their findings.
 */
export const TRANSACTION_MESSAGES = defineMessages({
  dumpLabel: { en: () => 'kafka-dump-log of the output, one line per batch', ko: () => '출력 토픽의 kafka-dump-log, 배치마다 한 줄' },
  summary: { en: () => 'Summary', ko: () => '요약' },
  none: { en: () => 'none', ko: () => '없음' },
  readLabel: {
    en: (p: { isolation: string; n: number }) => `${p.isolation}: ${p.n} records`,
    ko: (p) => `${p.isolation}: 레코드 ${p.n}개`,
  },
  copiesFound: {
    en: (p: { n: number; copies: string; missing: string }) => `${p.n} records: ${p.copies}; missing ${p.missing}`,
    ko: (p) => `레코드 ${p.n}개: ${p.copies}; 빠짐 ${p.missing}`,
  },
  markerAt: { en: (p: { kind: string; epoch: number }) => `${p.kind} at ${p.epoch}`, ko: (p) => `${p.kind}, epoch ${p.epoch}` },
  codeHint: { en: () => 'graders read the error code and flag, never the message', ko: () => '채점은 오류 메시지가 아니라 오류 코드와 플래그를 읽어요' },
  epochsHint: {
    en: () =>
      "these are librdkafka 2.15.1's epochs (transactions v1, EndTxn v1); a Java 4.x client on this broker uses transactions v2 " +
      '(KIP-890) and bumps the epoch at every commit and abort. Grade epoch differences, never the producer id',
    ko: () =>
      '이 epoch는 librdkafka 2.15.1의 것이에요(트랜잭션 v1, EndTxn v1). 이 브로커에서 Java 4.x 클라이언트는 트랜잭션 v2(KIP-890)를 ' +
      '써서 commit과 abort마다 epoch를 올려요. producerId가 아니라 epoch의 차이로 채점하세요',
  },
  epochsNote: {
    en: () =>
      "   These epochs are librdkafka 2.15.1's: it speaks transactions v1 (EndTxn v1), so an instance keeps its epoch across its\n" +
      "   commits, and only initTransactions or the coordinator's abort raises it. A Java 4.x client on this broker\n" +
      '   (transaction.version 2, KIP-890) raises it at every commit and abort as well.',
    ko: () =>
      '   이 epoch는 librdkafka 2.15.1의 것이에요. 트랜잭션 v1(EndTxn v1)로 말하기 때문에 한 인스턴스는 commit을 거듭해도\n' +
      '   epoch가 그대로이고, initTransactions나 코디네이터의 abort만 epoch를 올려요. 이 브로커(transaction.version 2, KIP-890)에서\n' +
      '   Java 4.x 클라이언트는 commit과 abort마다 epoch를 하나씩 더 올려요.',
  },
});
