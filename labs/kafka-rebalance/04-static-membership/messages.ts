import { defineMessages } from '@kafka-labs/i18n';

/** What 04-static-membership's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  stepStatic: {
    en: (p: { group: string }) => `Group ${p.group}: the same with group.instance.id (static members)`,
    ko: (p) => `그룹 ${p.group}: group.instance.id를 써서 같은 실험 (정적 구성원)`,
  },
  stepDynamic: {
    en: (p: { group: string }) => `Group ${p.group}: a and b without group.instance.id; b restarts`,
    ko: (p) => `그룹 ${p.group}: group.instance.id 없는 a와 b, b가 재시작`,
  },
  workersConsumer: {
    en: (p: { delaySec: number; commitEvery: number }) =>
      `   workers: ${p.delaySec} s per message, commit every ${p.commitEvery} and on revoke and stop, consumer protocol (KIP-848): the session is the broker's`,
    ko: (p) => `   워커: 메시지당 ${p.delaySec}초, ${p.commitEvery}개마다 그리고 반납과 종료 때 commit, consumer 프로토콜(KIP-848): 세션은 브로커가 관리해요`,
  },
  workersClassic: {
    en: (p: { delaySec: number; commitEvery: number }) =>
      `   workers: ${p.delaySec} s per message, commit every ${p.commitEvery} and on revoke and stop, range, default heartbeat.interval.ms (3 s)`,
    ko: (p) => `   워커: 메시지당 ${p.delaySec}초, ${p.commitEvery}개마다 그리고 반납과 종료 때 commit, range, 기본 heartbeat.interval.ms(3초)`,
  },
  instanceIds: {
    en: (p: { a: string; b: string }) => `   group.instance.id = the worker's name (${p.a}, ${p.b})`,
    ko: (p) => `   group.instance.id = 워커 이름 (${p.a}, ${p.b})`,
  },
  noInstanceId: {
    en: () => '   no group.instance.id: each start is a new member',
    ko: () => '   group.instance.id 없음: 시작할 때마다 새 구성원이에요',
  },
  groupSession: {
    en: (p: { ms: number }) => `   consumer.session.timeout.ms=${p.ms} on the group (kafka-configs --entity-type groups)`,
    ko: (p) => `   그룹에 consumer.session.timeout.ms=${p.ms} 설정 (kafka-configs --entity-type groups)`,
  },
  processedByB: { en: (p: { n: number }) => `${p.n} messages processed by b`, ko: (p) => `b가 메시지 ${p.n}개 처리` },
  restartFenced: {
    en: () => '   restarting b: SIGTERM, then the same command again once the broker has fenced it and a has its partitions',
    ko: () => '   b 재시작: SIGTERM, 그리고 브로커가 b를 펜싱하고 a가 그 파티션을 받은 뒤 같은 명령을 다시 실행해요',
  },
  restartSettled: {
    en: () => '   restarting b: SIGTERM, then the same command again once the group has settled',
    ko: () => '   b 재시작: SIGTERM, 그리고 그룹이 자리 잡은 뒤 같은 명령을 다시 실행해요',
  },
  aWithAll: { en: (p: { n: number }) => `a with all ${p.n} partitions`, ko: (p) => `a가 파티션 ${p.n}개를 모두 가짐` },
  membersLabel: {
    en: () => 'members while b is down (kafka-consumer-groups --describe --members)',
    ko: () => 'b가 내려가 있는 동안의 구성원 (kafka-consumer-groups --describe --members)',
  },
  aBackTo: { en: (p: { n: number }) => `a back to ${p.n} partitions`, ko: (p) => `a가 다시 파티션 ${p.n}개` },
  fromStop: {
    en: () => "a and b from b's stop until b has partitions again (both logs, by time)",
    ko: () => 'b가 멈춘 때부터 다시 파티션을 받을 때까지의 a와 b (두 로그, 시간순)',
  },
  whileRestarted: {
    en: (p: { revokes: number; got: string; ms: number; had: string }) =>
      `   while b restarted a was revoked ${p.revokes} time(s); b got ${p.got} ${p.ms} ms after it started (it had ${p.had})`,
    ko: (p) => `   b가 재시작하는 동안 a는 ${p.revokes}번 반납했어요. b는 시작하고 ${p.ms} ms 뒤 ${p.got}를 받았어요(전에는 ${p.had})`,
  },
  fencedAfter: {
    en: (p: { ms: number; session: number }) => `   the broker fenced b and gave a its partitions ${p.ms} ms after b stopped (session ${p.session} ms)`,
    ko: (p) => `   브로커는 b가 멈추고 ${p.ms} ms 뒤 b를 펜싱하고 그 파티션을 a에게 줬어요(세션 ${p.session} ms)`,
  },
  closing: {
    en: () =>
      'A dynamic member that restarts leaves the group and joins again as a new member: two rebalances, and the other\n' +
      'member gives its partitions back both times. A static member (group.instance.id) does not leave on close; when it\n' +
      'comes back within session.timeout.ms the coordinator hands it its old partitions without a rebalance. On the\n' +
      "consumer protocol the same holds within the broker's session (group.consumer.session.timeout.ms); a static member\n" +
      'away for longer is fenced, and its partitions go to the others until it is back.',
    ko: () =>
      '동적 구성원이 재시작하면 그룹을 떠났다가 새 구성원으로 다시 들어와요. 리밸런스가 두 번 일어나고, 다른 구성원은\n' +
      '두 번 모두 파티션을 반납해요. 정적 구성원(group.instance.id)은 종료할 때 그룹을 떠나지 않아요. session.timeout.ms\n' +
      '안에 돌아오면 코디네이터가 리밸런스 없이 예전 파티션을 돌려줘요. consumer 프로토콜에서도 브로커의 세션\n' +
      '(group.consumer.session.timeout.ms) 안이라면 마찬가지예요. 그보다 오래 떠나 있는 정적 구성원은 펜싱되고, 돌아올\n' +
      '때까지 그 파티션은 다른 구성원에게 가요.',
  },

  restartedExpected: {
    en: () => "b's log shows one restart: it stopped, started again and got partitions",
    ko: () => 'b의 로그에 재시작이 한 번 있음: 멈췄다가 다시 시작해서 파티션을 받음',
  },
  restartedFound: {
    en: (p: { lives: number; second: string }) => `${p.lives} lives, second ${p.second}`,
    ko: (p) => `실행 ${p.lives}번, 두 번째는 ${p.second}`,
  },
  assigned: { en: (p: { partitions: string }) => `assigned ${p.partitions}`, ko: (p) => `${p.partitions} 할당` },
  neverAssigned: { en: () => 'never assigned partitions', ko: () => '파티션을 할당받지 못함' },
  instance: { en: (p: { id: string }) => ` (instance ${p.id})`, ko: (p) => ` (인스턴스 ${p.id})` },
  listedAway: {
    en: (p: { b: string }) => `while b is down the broker still lists it as a member, by its group.instance.id ${p.b}`,
    ko: (p) => `b가 내려가 있는 동안에도 브로커가 group.instance.id ${p.b}로 b를 구성원으로 보여 줌`,
  },
  listedFenced: {
    en: () => "once the broker's session has expired it lists only a: b was fenced",
    ko: () => '브로커의 세션이 끝나면 a만 보여 줌: b는 펜싱됨',
  },
  listedLeft: {
    en: () => 'while b is down the broker lists only a: b left the group when it stopped',
    ko: () => 'b가 내려가 있는 동안 브로커는 a만 보여 줌: b는 멈출 때 그룹을 떠남',
  },
  members: { en: (p: { list: string }) => `members: ${p.list}`, ko: (p) => `구성원: ${p.list}` },
  membersHint: {
    en: () => 'a static member does not leave on close; a dynamic one does',
    ko: () => '정적 구성원은 종료할 때 떠나지 않고, 동적 구성원은 떠나요',
  },
  fencedExpected: {
    en: (p: { had: string; earliest: number }) =>
      `a gets b's partitions ${p.had} only when the broker's session expires (${p.earliest} ms or more after b stopped), and gives them back once, after b is back`,
    ko: (p) => `a는 브로커의 세션이 끝날 때(b가 멈추고 ${p.earliest} ms 이상 뒤)에야 b의 파티션 ${p.had}를 받고, b가 돌아온 뒤 한 번 반납함`,
  },
  fencedFound: {
    en: (p: { taken: string; revokes: number; lines: string }) => `a ${p.taken}, revoked ${p.revokes} time(s)${p.lines ? `: ${p.lines}` : ''}`,
    ko: (p) => `a ${p.taken}, 반납 ${p.revokes}번${p.lines ? `: ${p.lines}` : ''}`,
  },
  takenAfter: {
    en: (p: { partitions: string; ms: number }) => `assigned ${p.partitions} ${p.ms} ms after b stopped`,
    ko: (p) => `b가 멈추고 ${p.ms} ms 뒤 ${p.partitions} 할당`,
  },
  neverTaken: { en: () => "never assigned b's partitions", ko: () => 'b의 파티션을 할당받지 못함' },
  fencedHint: {
    en: () => 'a static member on the consumer protocol keeps its partitions for group.consumer.session.timeout.ms after it leaves',
    ko: () => 'consumer 프로토콜의 정적 구성원은 떠난 뒤에도 group.consumer.session.timeout.ms 동안 파티션을 유지해요',
  },
  noRebalanceExpected: {
    en: () => 'while b restarts a is neither revoked nor assigned anything: no rebalance',
    ko: () => 'b가 재시작하는 동안 a는 반납도 할당도 하지 않음: 리밸런스 없음',
  },
  aLogged: { en: (p: { lines: string }) => `a logged ${p.lines}`, ko: (p) => `a의 로그: ${p.lines}` },
  noRebalanceHint: {
    en: () => 'b must come back with the same group.instance.id within session.timeout.ms',
    ko: () => 'b는 session.timeout.ms 안에 같은 group.instance.id로 돌아와야 해요',
  },
  backExpected: {
    en: (p: { had: string }) => `the restarted b gets back exactly the partitions it had, ${p.had}`,
    ko: (p) => `재시작한 b가 가지고 있던 파티션 ${p.had}를 그대로 돌려받음`,
  },
  got: { en: (p: { partitions: string }) => `got ${p.partitions}`, ko: (p) => `받은 것 ${p.partitions}` },
  twiceExpected: {
    en: (p: { partitions: number }) => `a is revoked twice: when b leaves (then a takes all ${p.partitions} partitions) and when b comes back as a new member`,
    ko: (p) => `a가 두 번 반납함: b가 떠날 때(그 뒤 a가 파티션 ${p.partitions}개를 모두 가짐)와 b가 새 구성원으로 돌아올 때`,
  },
  revokedTimes: {
    en: (p: { revokes: number; lines: string }) => `a revoked ${p.revokes} time(s)${p.lines ? `: ${p.lines}` : ''}`,
    ko: (p) => `a 반납 ${p.revokes}번${p.lines ? `: ${p.lines}` : ''}`,
  },
  onceExpected: {
    en: () => 'with commits on revoke and on stop every message is processed exactly once',
    ko: () => '반납과 종료 때 commit 하므로 모든 메시지가 정확히 한 번 처리됨',
  },
  duplicatesFound: {
    en: (p: { n: number; missing: string }) => `duplicates: ${p.n}${p.missing ? `, never processed: ${p.missing}` : ''}`,
    ko: (p) => `중복: ${p.n}${p.missing ? `, 처리되지 않음: ${p.missing}` : ''}`,
  },
});
