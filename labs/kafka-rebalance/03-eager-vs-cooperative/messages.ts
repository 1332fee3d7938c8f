import { defineMessages } from '@kafka-labs/i18n';

/** What 03-eager-vs-cooperative's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  stepConsumer: {
    en: (p: { group: string; partitions: number }) => `Group ${p.group} (consumer protocol): a and b share ${p.partitions} partitions of a live stream, then c joins`,
    ko: (p) => `그룹 ${p.group}(consumer 프로토콜): a와 b가 흐르는 스트림의 파티션 ${p.partitions}개를 나눠 갖다가 c가 합류`,
  },
  stepClassic: {
    en: (p: { group: string; strategy: string; partitions: number }) =>
      `Group ${p.group} (${p.strategy}): a and b share ${p.partitions} partitions of a live stream, then c joins`,
    ko: (p) => `그룹 ${p.group}(${p.strategy}): a와 b가 흐르는 스트림의 파티션 ${p.partitions}개를 나눠 갖다가 c가 합류`,
  },
  workersConsumer: {
    en: (p: { topic: string; delaySec: number; commitEvery: number; strategy: string; heartbeatMs: number }) =>
      `   topic ${p.topic}; workers: ${p.delaySec} s per message, commit after every ${p.commitEvery}, no commit on revoke,\n` +
      `   group.protocol=consumer (KIP-848): the broker's ${p.strategy} assignor, its heartbeat (${p.heartbeatMs} ms here)`,
    ko: (p) =>
      `   토픽 ${p.topic}. 워커: 메시지당 ${p.delaySec}초, ${p.commitEvery}개마다 commit, 반납 때 commit 없음,\n` +
      `   group.protocol=consumer(KIP-848): 브로커의 ${p.strategy} 할당기와 브로커가 정한 heartbeat(여기서는 ${p.heartbeatMs} ms)`,
  },
  workersClassic: {
    en: (p: { topic: string; delaySec: number; commitEvery: number; strategy: string }) =>
      `   topic ${p.topic}; workers: ${p.delaySec} s per message, commit after every ${p.commitEvery}, no commit on revoke,\n` +
      `   partition.assignment.strategy=${p.strategy}, default heartbeat.interval.ms (3 s)`,
    ko: (p) =>
      `   토픽 ${p.topic}. 워커: 메시지당 ${p.delaySec}초, ${p.commitEvery}개마다 commit, 반납 때 commit 없음,\n` +
      `   partition.assignment.strategy=${p.strategy}, 기본 heartbeat.interval.ms(3초)`,
  },
  midwayWait: { en: () => 'every partition of a and b mid-way between two commits', ko: () => 'a와 b의 모든 파티션이 두 commit 사이 중간쯤' },
  cJoins: {
    en: (p: { progress: string }) => `   c joins; processed past the last commit: ${p.progress}`,
    ko: (p) => `   c가 합류해요. 마지막 commit 뒤에 처리한 수: ${p.progress}`,
  },
  fromJoin: {
    en: () => "a, b and c from c's join until c has its partitions (all logs, by time)",
    ko: () => 'c의 합류부터 c가 파티션을 받을 때까지의 a, b, c (모든 로그, 시간순)',
  },
  closing: {
    en: () =>
      'With an eager strategy (range) every member gives back every partition at each rebalance, and whoever gets a\n' +
      'partition next, even the same member, starts it again at its last commit: work past the commit is redone on\n' +
      'every partition. With cooperative-sticky only the partitions that move are given back; the others keep going.\n' +
      'The consumer protocol (KIP-848) is incremental by construction: like cooperative-sticky, only what moves is redone.',
    ko: () =>
      'eager 전략(range)에서는 리밸런스마다 모든 구성원이 모든 파티션을 반납하고, 다음에 파티션을 받는 쪽은 같은\n' +
      '구성원이라도 마지막 commit에서 다시 시작해요. 그래서 commit 뒤에 한 일을 모든 파티션에서 다시 해요.\n' +
      'cooperative-sticky에서는 옮겨 가는 파티션만 반납하고 나머지는 계속 처리해요. consumer 프로토콜(KIP-848)은\n' +
      '처음부터 점진적이라서 cooperative-sticky처럼 옮겨 가는 것만 다시 처리해요.',
  },

  eagerExpected: {
    en: (p: { third: number }) => `at c's join a and b each give back every partition they own (eager); afterwards each of a, b, c owns ${p.third}`,
    ko: (p) => `c가 합류할 때 a와 b가 각자 가진 파티션을 모두 반납함(eager). 그 뒤 a, b, c가 ${p.third}개씩 가짐`,
  },
  incrementalExpected: {
    en: (p: { third: number; consumer: boolean }) =>
      `at c's join a and b each give back only the partition that moves to c and keep the others (${p.consumer ? 'consumer protocol' : 'cooperative'}); afterwards each of a, b, c owns ${p.third}`,
    ko: (p) =>
      `c가 합류할 때 a와 b가 각자 c에게 옮겨 가는 파티션만 반납하고 나머지는 지킴(${p.consumer ? 'consumer 프로토콜' : 'cooperative'}). 그 뒤 a, b, c가 ${p.third}개씩 가짐`,
  },
  revocationFound: {
    en: (p: { a: string; aRevoked: string; b: string; bRevoked: string; aThen: string; bThen: string; cThen: string }) =>
      `a ${p.a} revoked ${p.aRevoked}, b ${p.b} revoked ${p.bRevoked}; then a ${p.aThen}, b ${p.bThen}, c ${p.cThen}`,
    ko: (p) => `a ${p.a} 중 ${p.aRevoked} 반납, b ${p.b} 중 ${p.bRevoked} 반납; 그 뒤 a ${p.aThen}, b ${p.bThen}, c ${p.cThen}`,
  },
  nothing: { en: () => 'nothing', ko: () => '없음' },
  eagerHint: {
    en: () => 'an eager assignor (range) revokes everything at every rebalance',
    ko: () => 'eager 할당기(range)는 리밸런스마다 전부 반납하게 해요',
  },
  consumerHint: {
    en: () => 'on the consumer protocol the broker revokes only what moves',
    ko: () => 'consumer 프로토콜에서는 브로커가 옮겨 가는 것만 반납하게 해요',
  },
  cooperativeHint: {
    en: () => 'cooperative-sticky revokes only what moves, in a second rebalance',
    ko: () => 'cooperative-sticky는 두 번째 리밸런스에서 옮겨 가는 것만 반납하게 해요',
  },
  dupsExpected: {
    en: () => 'the messages processed twice are exactly those processed past the last commit on the partitions given back',
    ko: () => '두 번 처리된 메시지는 정확히 반납된 파티션에서 마지막 commit 뒤에 처리된 것',
  },
  dupsFound: {
    en: (p: { expected: string; found: string }) => `expected: ${p.expected}; found: ${p.found}`,
    ko: (p) => `예상: ${p.expected}; 찾은 것: ${p.found}`,
  },
  dupsHint: {
    en: () => 'a partition given back restarts at its last commit with its next owner',
    ko: () => '반납된 파티션은 다음 주인이 마지막 commit에서 다시 시작해요',
  },
  stayedExpected: {
    en: (p: { stayed: string }) =>
      `partitions that stayed with their owner, ${p.stayed}, are processed again from their last commit too (eager gives back everything)`,
    ko: (p) => `주인이 바뀌지 않은 파티션 ${p.stayed}도 마지막 commit부터 다시 처리됨(eager는 전부 반납함)`,
  },
  withDuplicates: { en: (p: { partitions: string }) => `partitions with duplicates: ${p.partitions}`, ko: (p) => `중복이 있는 파티션: ${p.partitions}` },
  stayedHint: {
    en: () => 'with range every member restarts every partition it gets back at its last commit, even its own',
    ko: () => 'range에서는 모든 구성원이 돌려받은 파티션을, 자기 것이었더라도 마지막 commit에서 다시 시작해요',
  },
  movedExpected: {
    en: (p: { moved: string; stayed: string }) => `only partitions that moved to c, ${p.moved}, may have messages processed twice; ${p.stayed} kept going`,
    ko: (p) => `두 번 처리된 메시지는 c에게 옮겨 간 파티션 ${p.moved}에만 있을 수 있음; ${p.stayed}는 계속 처리함`,
  },
});
