import { defineMessages } from '@kafka-labs/i18n';

/**
 * What the track's shared code says (experiment.ts's closing block, evidence.ts's excerpts) and the laws several
 * graders of the track share, in English and Korean.
 */
export const MESSAGES = defineMessages({
  dupsLabel: { en: () => 'duplicates (dups report)', ko: () => '중복 (dups 리포트)' },
  offsetsLabel: {
    en: () => 'committed offsets, as the broker reports them (kafka-consumer-groups --describe)',
    ko: () => '브로커가 알려 주는 commit 된 offset (kafka-consumer-groups --describe)',
  },
  noOffsets: {
    en: (p: { group: string; last: string }) => `kafka-consumer-groups shows no offsets for ${p.group}: ${p.last}`,
    ko: (p) => `kafka-consumer-groups에 ${p.group}의 offset이 없어요: ${p.last}`,
  },
  partitionsWait: { en: (p: { n: number }) => `${p.n} partitions`, ko: (p) => `파티션 ${p.n}개` },
  owners: { en: (p: { a: string; b: string }) => `   a owns ${p.a}, b owns ${p.b}`, ko: (p) => `   a가 ${p.a}, b가 ${p.b}를 가졌어요` },
  producing: {
    en: (p: { messages: number; intervalSec: number }) => `   producing ${p.messages} messages round-robin, one every ${p.intervalSec} s`,
    ko: (p) => `   메시지 ${p.messages}개를 라운드 로빈으로 ${p.intervalSec}초마다 하나씩 보내요`,
  },
  moreProcessed: {
    en: (p: { n: number }) => `  ... ${p.n} more processed lines ...`,
    ko: (p) => `  ... processed 줄 ${p.n}개 생략 ...`,
  },

  allProcessedExpected: {
    en: (p: { messages: number }) => `every one of the ${p.messages} messages is processed at least once`,
    ko: (p) => `메시지 ${p.messages}개가 모두 한 번 이상 처리됨`,
  },
  everyOffsetExpected: {
    en: (p: { last: number }) => `every offset 0..${p.last} is processed at least once`,
    ko: (p) => `offset 0..${p.last}이 모두 한 번 이상 처리됨`,
  },
  allProcessed: { en: () => 'all processed', ko: () => '모두 처리됨' },
  neverProcessed: { en: (p: { missing: string }) => `never processed: ${p.missing}`, ko: (p) => `처리되지 않음: ${p.missing}` },
  allProcessedHint: {
    en: () => 'a partition nobody processed to its end: look for a worker that stopped early',
    ko: () => '끝까지 처리되지 않은 파티션이 있어요. 일찍 멈춘 워커를 찾아보세요',
  },
  dupsReport: {
    en: (p: { file: string; logs: number }) => `${p.file} says what counting the ${p.logs === 3 ? 'three' : 'two'} logs says`,
    ko: (p) => `${p.file}의 내용이 로그 ${p.logs}개를 세어 본 결과와 같음`,
  },
  brokerLastCommit: {
    en: () => "the broker's committed offset of each partition is the last one the logs show committed",
    ko: () => '파티션마다 브로커의 commit 된 offset이 로그에 commit 됐다고 나온 마지막 값임',
  },
  brokerLastCommitLogEnd: {
    en: () => "the broker's committed offset of each partition is the last one the logs show committed, the log end",
    ko: () => '파티션마다 브로커의 commit 된 offset이 로그에 commit 됐다고 나온 마지막 값이자 로그 끝임',
  },
  brokerLastCommitP0: {
    en: (p: { end: number }) => `the broker's committed offset of p0 is the last one the logs show committed, the log end ${p.end}`,
    ko: (p) => `p0의 브로커 commit offset이 로그에 commit 됐다고 나온 마지막 값이자 로그 끝 ${p.end}임`,
  },
  brokerAndLogs: {
    en: (p: { broker: string; logs: string }) => `broker ${p.broker}, logs ${p.logs}`,
    ko: (p) => `브로커 ${p.broker}, 로그 ${p.logs}`,
  },
  partitionBrokerAndLogs: {
    en: (p: { p: number; broker: string; logs: string }) => `p${p.p}: broker ${p.broker}, logs ${p.logs}`,
    ko: (p) => `p${p.p}: 브로커 ${p.broker}, 로그 ${p.logs}`,
  },
  partitionBrokerLogsEnd: {
    en: (p: { p: number; broker: string; logs: string; end: number }) => `p${p.p}: broker ${p.broker}, logs ${p.logs}, end ${p.end}`,
    ko: (p) => `p${p.p}: 브로커 ${p.broker}, 로그 ${p.logs}, 끝 ${p.end}`,
  },
  differsOn: { en: (p: { list: string }) => `differs on ${p.list}`, ko: (p) => `다른 파티션: ${p.list}` },
  sameEverywhere: { en: () => 'same on every partition', ko: () => '모든 파티션에서 같음' },

  neverBackExpected: {
    en: () => "the group's committed offset of p0 never moves back",
    ko: () => '그룹의 p0 commit offset이 뒤로 가지 않음',
  },
  wentBack: { en: (p: { from: number; to: number }) => `it went from ${p.from} to ${p.to}`, ko: (p) => `${p.from}에서 ${p.to}로 돌아감` },
  noDuplicatesExpected: { en: () => 'no message is processed twice', ko: () => '두 번 처리된 메시지가 없음' },
  onlySlowTwiceExpected: {
    en: (p: { offset: number }) => `the only message processed twice is offset ${p.offset}, once by each worker`,
    ko: (p) => `두 번 처리된 메시지는 offset ${p.offset} 하나뿐이고, 워커마다 한 번씩 처리함`,
  },
  found: { en: (p: { what: string }) => `found: ${p.what}`, ko: (p) => `찾은 것: ${p.what}` },
  none: { en: () => 'none', ko: () => '없음' },
  range: {
    en: (p: { partition: number; from: number; to: number; times: number; by: string }) => `p${p.partition} ${p.from}..${p.to} x${p.times} by ${p.by}`,
    ko: (p) => `p${p.partition} ${p.from}..${p.to} x${p.times} (${p.by})`,
  },

  maxpollFound: {
    en: (p: { ms: number; afterDone: boolean }) => `MAXPOLL ${p.ms} ms after the slow start${p.afterDone ? ', after a finished' : ''}`,
    ko: (p) => `느린 처리 시작 ${p.ms} ms 뒤 MAXPOLL${p.afterDone ? ', a가 끝낸 뒤' : ''}`,
  },
  noMaxpoll: { en: () => 'no MAXPOLL line after the slow start', ko: () => '느린 처리 시작 뒤 MAXPOLL 줄이 없음' },
  neverSlow: { en: (p: { offset: number }) => `a never began offset ${p.offset} slowly`, ko: (p) => `a가 offset ${p.offset}을 느리게 처리하기 시작한 적이 없음` },
  bFirstExpected: {
    en: (p: { offset: number }) => `b finishes offset ${p.offset} before a does: both work on the same message at once`,
    ko: (p) => `b가 a보다 먼저 offset ${p.offset}을 끝냄: 둘이 같은 메시지를 동시에 처리함`,
  },
  noCommitAfterSlow: { en: () => 'no commit after the slow offset', ko: () => '느린 offset 뒤에 commit이 없음' },
});
