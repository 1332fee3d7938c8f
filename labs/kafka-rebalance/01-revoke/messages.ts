import { defineMessages } from '@kafka-labs/i18n';

/** What 01-revoke's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  createTopic: {
    en: (p: { partitions: number; messages: number }) => `Create topic pay with ${p.partitions} partitions and fill it with ${p.messages} messages, round-robin`,
    ko: (p) => `파티션 ${p.partitions}개짜리 토픽 pay를 만들고 메시지 ${p.messages}개를 라운드 로빈으로 채우기`,
  },
  stepRevokeCommit: {
    en: (p: { group: string }) => `Group ${p.group}: the same, but on revoke each worker first commits what it has processed (--revoke-commit)`,
    ko: (p) => `그룹 ${p.group}: 같은 실험, 다만 워커가 반납 때 처리한 것을 먼저 commit (--revoke-commit)`,
  },
  stepNoCommit: {
    en: (p: { group: string }) => `Group ${p.group}: a works alone, b joins mid-run; nothing is committed on revoke`,
    ko: (p) => `그룹 ${p.group}: a가 혼자 일하다가 도중에 b가 합류, 반납 때 commit 없음`,
  },
  workersConsumer: {
    en: (p: { heartbeatMs: number }) =>
      '   workers: as above, on the consumer protocol (group.protocol=consumer, KIP-848): the broker assigns (uniform) and\n' +
      `   sets the heartbeat, ${p.heartbeatMs} ms here (group.consumer.heartbeat.interval.ms; 5 s by default)`,
    ko: (p) =>
      '   워커: 위와 같지만 consumer 프로토콜(group.protocol=consumer, KIP-848)이에요. 브로커가 할당하고(uniform)\n' +
      `   heartbeat 간격도 정해요. 여기서는 ${p.heartbeatMs} ms예요(group.consumer.heartbeat.interval.ms, 기본값 5초)`,
  },
  workersClassic: {
    en: (p: { delaySec: number; commitEvery: number }) =>
      `   workers: ${p.delaySec} s per message, commit after every ${p.commitEvery} processed messages, classic protocol, range,\n` +
      "   the client's default heartbeat.interval.ms (3 s): a hears of b's join with its next heartbeat, up to 3 s later",
    ko: (p) =>
      `   워커: 메시지당 ${p.delaySec}초, 메시지 ${p.commitEvery}개를 처리할 때마다 commit, classic 프로토콜, range,\n` +
      '   클라이언트 기본 heartbeat.interval.ms(3초): a는 다음 heartbeat 때, 최대 3초 뒤에 b의 합류를 알게 돼요',
  },
  joinWait: {
    en: (p: { past: number; moving: number; after: number }) => `${p.past} processed messages of p${p.moving} past a commit at ${p.after} or more`,
    ko: (p) => `p${p.moving}을 ${p.after} 이상에서 commit 한 뒤 메시지 ${p.past}개를 더 처리`,
  },
  bJoins: {
    en: (p: { moving: number; committed: number; last: number }) => `   b joins: a has committed p${p.moving}=${p.committed} and processed it up to offset ${p.last}`,
    ko: (p) => `   b가 합류해요: a는 p${p.moving}=${p.committed}까지 commit 했고 offset ${p.last}까지 처리했어요`,
  },
  around: {
    en: (p: { group: string }) => `${p.group}-a and ${p.group}-b around the rebalance (both logs, by time)`,
    ko: (p) => `리밸런스 전후의 ${p.group}-a와 ${p.group}-b (두 로그, 시간순)`,
  },
  revokedIncremental: {
    en: (p: { partitions: string; ms: number }) => `   a was revoked ${p.partitions} ${p.ms} ms after b subscribed: only the partition that moves (the consumer protocol is incremental).`,
    ko: (p) => `   b가 subscribe 하고 ${p.ms} ms 뒤에 a가 ${p.partitions}를 반납했어요: 옮겨 가는 파티션만이에요(consumer 프로토콜은 점진적이에요).`,
  },
  revokedEager: {
    en: (p: { partitions: string; ms: number }) => `   a was revoked ${p.partitions} ${p.ms} ms after b subscribed: every partition (range is eager).`,
    ko: (p) => `   b가 subscribe 하고 ${p.ms} ms 뒤에 a가 ${p.partitions}를 반납했어요: 모든 파티션이에요(range는 eager예요).`,
  },
  handedOver: {
    en: (p: { moving: number; stood: number; next: number; from: number }) =>
      `   a processed p${p.moving} up to ${p.stood} and committed p${p.moving}=${p.next} in the revoke; b started at ${p.from}.`,
    ko: (p) => `   a는 p${p.moving}을 ${p.stood}까지 처리하고 반납 중에 p${p.moving}=${p.next}를 commit 했어요. b는 ${p.from}에서 시작했어요.`,
  },
  nothingToRedo: {
    en: (p: { moving: number; committed: number; from: number }) =>
      `   a's revoke came right after its commit of p${p.moving}=${p.committed}; b started at ${p.from}: nothing to redo this time (a revoke may land anywhere in a commit interval).`,
    ko: (p) =>
      `   a의 반납이 p${p.moving}=${p.committed} commit 바로 뒤에 왔고 b는 ${p.from}에서 시작했어요. 이번에는 다시 할 일이 없어요(반납은 commit 간격 어디에든 올 수 있어요).`,
  },
  runTwice: {
    en: (p: { moving: number; stood: number; committed: number; from: number }) =>
      `   a processed p${p.moving} up to ${p.stood} but had committed only p${p.moving}=${p.committed}; b started at ${p.from}: ${p.committed}..${p.stood} run twice.`,
    ko: (p) =>
      `   a는 p${p.moving}을 ${p.stood}까지 처리했지만 commit은 p${p.moving}=${p.committed}까지였고 b는 ${p.from}에서 시작했어요: ${p.committed}..${p.stood}를 두 번 처리해요.`,
  },
  closing: {
    en: () =>
      'Without a commit on revoke, b starts p1 at the last offset a committed and processes again what a did after it:\n' +
      'a range from that commit to where a stood, shorter than one commit interval. With the commit on revoke, b starts\n' +
      'exactly where a stopped and nothing is processed twice. The consumer protocol (KIP-848) revokes only the partition\n' +
      'that moves, and b still starts it at the last commit: the new protocol does not remove these duplicates, the\n' +
      'commit on revoke does.',
    ko: () =>
      '반납 때 commit 하지 않으면 b는 a가 마지막으로 commit 한 offset에서 p1을 시작해서, a가 그 뒤에 한 일을 다시\n' +
      '처리해요. 그 commit부터 a가 있던 자리까지, commit 간격 하나보다 짧은 구간이에요. 반납 때 commit 하면 b는 a가\n' +
      '멈춘 바로 그 자리에서 시작하고 두 번 처리되는 것이 없어요. consumer 프로토콜(KIP-848)은 옮겨 가는 파티션만\n' +
      '반납하게 하지만, b는 여전히 마지막 commit에서 시작해요. 이 중복을 없애는 것은 새 프로토콜이 아니라 반납 때의\n' +
      'commit이에요.',
  },

  incrementalExpected: {
    en: () => "at b's join a gives back only the partition b takes (the consumer protocol is incremental) and keeps the other",
    ko: () => 'b가 합류할 때 a는 b가 가져갈 파티션만 반납하고 나머지는 지킴 (consumer 프로토콜은 점진적)',
  },
  eagerExpected: {
    en: () => "at b's join a gives back every partition (eager), then a keeps some and b takes one",
    ko: () => 'b가 합류할 때 a는 모든 파티션을 반납하고(eager), 그 뒤 a가 일부를 다시 받고 b가 하나를 가져감',
  },
  handoverFound: {
    en: (p: { revoked: string; aThen: string; bGot: string }) => `a revoked ${p.revoked}, a then ${p.aThen}, b ${p.bGot}`,
    ko: (p) => `a 반납 ${p.revoked}, 그 뒤 a ${p.aThen}, b ${p.bGot}`,
  },
  nothing: { en: () => 'nothing', ko: () => '없음' },
  assigned: { en: (p: { partitions: string }) => `assigned ${p.partitions}`, ko: (p) => `${p.partitions} 할당` },
  noAssignment: { en: () => 'no assignment', ko: () => '할당 없음' },
  noPartition: { en: () => 'no partition', ko: () => '파티션 없음' },
  incrementalHint: {
    en: () => 'on the consumer protocol a member is revoked only what moves, then assigned [] (no change)',
    ko: () => 'consumer 프로토콜에서는 옮겨 가는 것만 반납하고, 그다음 [](변화 없음)를 할당받아요',
  },
  eagerHint: {
    en: () => 'the workers use the range strategy: a revoke of one partition only means a cooperative assignor',
    ko: () => '워커는 range 전략을 써요. 파티션 하나만 반납했다면 cooperative 할당기라는 뜻이에요',
  },
  startsAtCommitExpected: {
    en: (p: { moved: number; committed: number }) => `b starts p${p.moved} at the offset a last committed before the revoke, ${p.committed}`,
    ko: (p) => `b가 p${p.moved}을 a가 반납 전에 마지막으로 commit 한 offset ${p.committed}에서 시작함`,
  },
  bFirst: { en: (p: { offset: string }) => `b's first: ${p.offset}`, ko: (p) => `b의 처음: ${p.offset}` },
  offset: { en: (p: { offset: number }) => `offset ${p.offset}`, ko: (p) => `offset ${p.offset}` },
  startsAtCommitHint: {
    en: () => "a new owner starts at the committed offset: compare a commit line before the revoke with b's first processed line",
    ko: () => '새 주인은 commit 된 offset에서 시작해요. 반납 전 commit 줄과 b의 첫 processed 줄을 비교해 보세요',
  },
  rangeExpected: {
    en: (p: { moved: number; from: number; to: number }) =>
      `the messages processed twice are exactly those a processed after its last commit: p${p.moved} ${p.from}..${p.to}, once by each worker`,
    ko: (p) => `두 번 처리된 메시지는 정확히 a가 마지막 commit 뒤에 처리한 것: p${p.moved} ${p.from}..${p.to}, 워커마다 한 번씩`,
  },
  rangeHint: {
    en: (p: { moved: number }) => `run dups on the folder: the re-processed range should start at a's last commit of p${p.moved}`,
    ko: (p) => `폴더에 dups를 돌려 보세요. 다시 처리한 구간은 a의 마지막 p${p.moved} commit에서 시작해야 해요`,
  },
  intervalExpected: {
    en: (p: { moved: number; max: number }) =>
      `the rebalance found p${p.moved} at most one commit interval past a commit, so 0 to ${p.max} messages are processed twice`,
    ko: (p) => `리밸런스 때 p${p.moved}은 commit에서 최대 commit 간격 하나만큼 지나 있었으니, 두 번 처리된 메시지는 0에서 ${p.max}개`,
  },
  intervalFound: { en: (p: { n: number }) => `a was ${p.n} past its last commit`, ko: (p) => `a는 마지막 commit에서 ${p.n}만큼 지나 있었음` },
  intervalHint: {
    en: () => 'at most one commit interval can be lost to a revoke without a commit (0 when the revoke comes right after a commit)',
    ko: () => 'commit 없는 반납으로 잃는 것은 commit 간격 하나까지예요(반납이 commit 바로 뒤에 오면 0)',
  },
  revokeCommitExpected: {
    en: (p: { moved: number; next: number }) =>
      `on revoke, before giving p${p.moved} up, a commits p${p.moved}=${p.next}, the next offset after the last one it processed (or had committed it just before)`,
    ko: (p) => `a가 반납 때 p${p.moved}을 내놓기 전에 마지막으로 처리한 것의 다음 offset인 p${p.moved}=${p.next}를 commit 함(또는 바로 전에 이미 commit 함)`,
  },
  committedBefore: {
    en: (p: { moved: number; offset: number }) => `nothing left to commit: a's regular commit p${p.moved}=${p.offset} came just before the revoke`,
    ko: (p) => `commit 할 것이 남지 않음: a의 정기 commit p${p.moved}=${p.offset}이 반납 바로 전에 있었음`,
  },
  committed: { en: (p: { what: string }) => `committed: ${p.what}`, ko: (p) => `commit 한 것: ${p.what}` },
  revokeCommitHint: {
    en: () => 'the worker commits on revoke only with --revoke-commit',
    ko: () => '워커는 --revoke-commit이 있을 때만 반납 때 commit 해요',
  },
  whereStoppedExpected: {
    en: (p: { moved: number; next: number }) => `b starts p${p.moved} at ${p.next}, where a's commit on revoke left it`,
    ko: (p) => `b가 a의 반납 commit이 남긴 자리 ${p.next}에서 p${p.moved}을 시작함`,
  },
  duplicatesFound: {
    en: (p: { n: number; ranges: string }) => `duplicates: ${p.n}${p.ranges ? `, ${p.ranges}` : ''}`,
    ko: (p) => `중복: ${p.n}${p.ranges ? `, ${p.ranges}` : ''}`,
  },
});
