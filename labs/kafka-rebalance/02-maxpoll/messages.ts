import { defineMessages } from '@kafka-labs/i18n';

/** What 02-maxpoll's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  createTopic: {
    en: (p: { partitions: number }) => `Create topic slow with ${p.partitions} partition; start a and b in one group`,
    ko: (p) => `파티션 ${p.partitions}개짜리 토픽 slow 만들기, 한 그룹에 a와 b 띄우기`,
  },
  workers: {
    en: (p: { delaySec: number; maxPollIntervalMs: number; sessionTimeoutMs: number; slowSec: number; slowAt: number }) =>
      `   workers: ${p.delaySec} s per message, commit after each, max.poll.interval.ms=${p.maxPollIntervalMs},\n` +
      `   session.timeout.ms=${p.sessionTimeoutMs} (librdkafka refuses a max.poll.interval.ms below session.timeout.ms);\n` +
      `   a works ${p.slowSec} s on offset ${p.slowAt}. With one partition, b waits with nothing assigned.`,
    ko: (p) =>
      `   워커: 메시지당 ${p.delaySec}초, 메시지마다 commit, max.poll.interval.ms=${p.maxPollIntervalMs},\n` +
      `   session.timeout.ms=${p.sessionTimeoutMs}(librdkafka는 session.timeout.ms보다 작은 max.poll.interval.ms를 받지 않아요).\n` +
      `   a는 offset ${p.slowAt}에서 ${p.slowSec}초 동안 일해요. 파티션이 하나뿐이라 b는 할당받은 것 없이 기다려요.`,
  },
  send: { en: (p: { messages: number }) => `Send ${p.messages} messages and watch`, ko: (p) => `메시지 ${p.messages}개를 보내고 지켜보기` },
  fromFirst: {
    en: () => 'slow-a and slow-b from the first message on (both logs, by time)',
    ko: () => '첫 메시지부터의 slow-a와 slow-b (두 로그, 시간순)',
  },
  story: {
    en: (p: { slowAt: number; at: string; toMaxpoll: string; toTake: string; before: string; offset: number; error: string }) =>
      `   a started offset ${p.slowAt} at ${p.at}; ${p.toMaxpoll} later librdkafka left the group for it (MAXPOLL),\n` +
      `   while a's code was still working. b got p0 ${p.toTake} after that and finished offset ${p.slowAt} ${p.before} before a did.\n` +
      `   a's commit of p0=${p.offset} failed with ${p.error}: had it passed, the group's offset would have gone back.`,
    ko: (p) =>
      `   a는 ${p.at}에 offset ${p.slowAt}을 시작했고, ${p.toMaxpoll} 뒤 librdkafka가 a 대신 그룹을 떠났어요(MAXPOLL).\n` +
      `   a의 코드는 아직 일하는 중이었어요. b는 그로부터 ${p.toTake} 뒤 p0을 받았고, a보다 ${p.before} 먼저 offset ${p.slowAt}을 끝냈어요.\n` +
      `   a의 p0=${p.offset} commit은 ${p.error}로 실패했어요. 통과했다면 그룹의 offset이 뒤로 갔을 거예요.`,
  },
  closing: {
    en: () =>
      'A consumer that does not poll within max.poll.interval.ms is taken out of the group by its own client: its\n' +
      'partition goes to another member while it still works, its late commit fails with UNKNOWN_MEMBER_ID, and it\n' +
      'hears "lost", not "revoked": there is no chance to commit on the way out. Only idempotent processing helps.',
    ko: () =>
      'max.poll.interval.ms 안에 poll 하지 않은 컨슈머는 자기 클라이언트가 그룹에서 빼내요. 아직 일하는 중인데 파티션은\n' +
      '다른 구성원에게 가고, 늦은 commit은 UNKNOWN_MEMBER_ID로 실패하고, "revoked"가 아니라 "lost"를 들어요. 나가면서\n' +
      'commit 할 기회가 없어요. 도움이 되는 것은 멱등한 처리뿐이에요.',
  },

  leavesExpected: {
    en: (p: { ms: number; offset: number }) =>
      `a's client leaves the group (MAXPOLL) at least max.poll.interval.ms (${p.ms} ms) after a began offset ${p.offset}, while a still works on it`,
    ko: (p) => `a가 offset ${p.offset}을 시작하고 max.poll.interval.ms(${p.ms} ms) 이상 지난 뒤, a가 아직 일하는 중에 a의 클라이언트가 그룹을 떠남(MAXPOLL)`,
  },
  leavesHint: {
    en: () => 'the slow message must outlast --max-poll-interval-ms with no poll running',
    ko: () => '느린 메시지는 poll 없이 --max-poll-interval-ms보다 오래 걸려야 해요',
  },
  takesOverExpected: {
    en: (p: { offset: number }) => `b is assigned p0 after a left and before a finished offset ${p.offset}`,
    ko: (p) => `a가 떠난 뒤, a가 offset ${p.offset}을 끝내기 전에 b가 p0을 할당받음`,
  },
  bAssignedAt: { en: (p: { at: string }) => `assigned at ${p.at}`, ko: (p) => `${p.at}에 할당받음` },
  bNeverAssigned: { en: () => 'never assigned p0 after MAXPOLL', ko: () => 'MAXPOLL 뒤 p0을 할당받지 못함' },
  bAndA: { en: (p: { b: string; a: string }) => `b ${p.b}, a finished ${p.a}`, ko: (p) => `b ${p.b}, a 끝냄 ${p.a}` },
  at: { en: (p: { at: string }) => `at ${p.at}`, ko: (p) => `${p.at}` },
  never: { en: () => 'never', ko: () => '없음' },
  bNeverProcessed: { en: () => 'never processed it', ko: () => '처리하지 않음' },
  bThenA: { en: (p: { b: string; a: string }) => `b ${p.b}, a ${p.a}`, ko: (p) => `b ${p.b}, a ${p.a}` },
  lateFailsExpected: {
    en: (p: { next: number; offset: number }) => `a's commit of p0=${p.next} after offset ${p.offset} fails with UNKNOWN_MEMBER_ID: a is no longer a member`,
    ko: (p) => `offset ${p.offset} 뒤 a의 p0=${p.next} commit이 UNKNOWN_MEMBER_ID로 실패함: a는 더 이상 구성원이 아님`,
  },
  failed: { en: (p: { error: string }) => `failed: ${p.error}`, ko: (p) => `실패: ${p.error}` },
  succeeded: { en: (p: { line: string }) => `it succeeded: ${p.line}`, ko: (p) => `성공함: ${p.line}` },
  noCommit: { en: () => 'no commit at all', ko: () => 'commit이 전혀 없음' },
  lateFailsHint: {
    en: () => 'a commit from a member the group has let go must be refused, or the committed offset moves back',
    ko: () => '그룹이 내보낸 구성원의 commit은 거절돼야 해요. 아니면 commit 된 offset이 뒤로 가요',
  },
  lostExpected: { en: () => 'a hears its partition was lost, not revoked', ko: () => 'a가 파티션을 revoked가 아니라 lost로 들음' },
  firstAfterSlow: { en: (p: { line: string }) => `first after the slow start: ${p.line}`, ko: (p) => `느린 처리 시작 뒤 처음: ${p.line}` },
  neither: { en: () => 'neither', ko: () => '둘 다 없음' },
  lostHint: {
    en: () => 'a member that left on MAXPOLL no longer owns the partition: there is nothing left to commit on the way out',
    ko: () => 'MAXPOLL로 떠난 구성원은 파티션을 더 이상 갖고 있지 않아요. 나가면서 commit 할 것이 없어요',
  },
  pollErrorExpected: { en: () => "a's next poll reports _MAX_POLL_EXCEEDED", ko: () => 'a의 다음 poll이 _MAX_POLL_EXCEEDED를 알림' },
  noPollError: { en: () => 'no poll error', ko: () => 'poll 오류 없음' },
});
