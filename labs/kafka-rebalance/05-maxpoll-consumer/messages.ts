import { defineMessages } from '@kafka-labs/i18n';

/** What 05-maxpoll-consumer's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  start: {
    en: (p: { partitions: number }) => `Per group a topic with ${p.partitions} partition; start a and b in each, on the consumer protocol`,
    ko: (p) => `그룹마다 파티션 ${p.partitions}개짜리 토픽 하나, 그룹마다 consumer 프로토콜로 a와 b 띄우기`,
  },
  workers: {
    en: (p: { delaySec: number; maxPollIntervalMs: number; sessionTimeoutMs: number; slow: string; slowAt: number }) =>
      `   workers: group.protocol=consumer, ${p.delaySec} s per message, commit after each, max.poll.interval.ms=${p.maxPollIntervalMs};\n` +
      `   the broker: group.consumer.session.timeout.ms=${p.sessionTimeoutMs} (the client may not set a session any more).\n` +
      `   a works ${p.slow} on offset ${p.slowAt}; both groups run side by side.`,
    ko: (p) =>
      `   워커: group.protocol=consumer, 메시지당 ${p.delaySec}초, 메시지마다 commit, max.poll.interval.ms=${p.maxPollIntervalMs}.\n` +
      `   브로커: group.consumer.session.timeout.ms=${p.sessionTimeoutMs} (이제 클라이언트는 세션을 정할 수 없어요).\n` +
      `   a는 offset ${p.slowAt}에서 ${p.slow} 동안 일해요. 두 그룹은 나란히 돌아요.`,
  },
  slowOf: {
    en: (p: { slowSec: number; group: string }) => `${p.slowSec} s (group ${p.group})`,
    ko: (p) => `${p.slowSec}초(그룹 ${p.group})`,
  },
  or: { en: () => ' or ', ko: () => ' 또는 ' },
  send: { en: (p: { messages: number }) => `Send ${p.messages} messages to each topic and watch`, ko: (p) => `토픽마다 메시지 ${p.messages}개를 보내고 지켜보기` },
  stepGroup: {
    en: (p: { group: string; slowSec: number; slowAt: number }) => `Group ${p.group}: ${p.slowSec} s on offset ${p.slowAt}`,
    ko: (p) => `그룹 ${p.group}: offset ${p.slowAt}에서 ${p.slowSec}초`,
  },
  fromFirst: {
    en: (p: { group: string }) => `${p.group}-a and ${p.group}-b from the first message on (both logs, by time)`,
    ko: (p) => `첫 메시지부터의 ${p.group}-a와 ${p.group}-b (두 로그, 시간순)`,
  },
  timing: {
    en: (p: { slowAt: number; at: string; toMaxpoll: string; toDone: string }) =>
      `   a started offset ${p.slowAt} at ${p.at}; MAXPOLL ${p.toMaxpoll} later, a finished it ${p.toDone} after the start.`,
    ko: (p) => `   a는 ${p.at}에 offset ${p.slowAt}을 시작했어요. ${p.toMaxpoll} 뒤 MAXPOLL, 시작하고 ${p.toDone} 뒤 끝냈어요.`,
  },
  bTook: {
    en: (p: { after: string }) => `   b got p0 ${p.after} after MAXPOLL, while a still worked: the broker's session had expired.`,
    ko: (p) => `   b는 MAXPOLL ${p.after} 뒤, a가 아직 일하는 중에 p0을 받았어요. 브로커의 세션이 끝났던 거예요.`,
  },
  bWaited: {
    en: (p: { sessionSec: number }) =>
      `   b did not get p0 while a worked: a sent no leave, and its session (${p.sessionSec} s after the last heartbeat) had not expired.`,
    ko: (p) => `   a가 일하는 동안 b는 p0을 받지 못했어요. a는 leave를 보내지 않았고, 세션(마지막 heartbeat 뒤 ${p.sessionSec}초)도 아직 끝나지 않았어요.`,
  },
  lateSucceeded: {
    en: (p: { offsets: string }) => `   a's late commit ${p.offsets} succeeded: a was still the member that owned p0.`,
    ko: (p) => `   a의 늦은 commit(${p.offsets})은 성공했어요. a는 여전히 p0을 가진 구성원이었어요.`,
  },
  lateFailed: {
    en: (p: { error: string }) => `   a's late commit failed with ${p.error}: the broker had fenced a and given p0 to b.`,
    ko: (p) => `   a의 늦은 commit은 ${p.error}로 실패했어요. 브로커가 a를 펜싱하고 p0을 b에게 줬어요.`,
  },
  rejoined: {
    en: (p: { who: 'a' | 'b'; after: string }) =>
      `   Then a's next poll reported MAXPOLL, its client dropped p0 (lost) and rejoined; p0 went to ${p.who === 'a' ? 'a again' : 'b'} ${p.after} later,\n` +
      "   which went on from a's commit: nothing is processed twice.",
    ko: (p) =>
      `   그다음 a의 poll이 MAXPOLL을 알렸고, 클라이언트가 p0을 내려놓고(lost) 다시 합류했어요. ${p.after} 뒤 p0은 ${p.who === 'a' ? '다시 a' : 'b'}에게 갔고,\n` +
      '   a의 commit에서 이어 갔어요. 두 번 처리된 것은 없어요.',
  },
  closing: {
    en: () =>
      'On the classic protocol (lab 02) librdkafka sends a LeaveGroup at MAXPOLL, so the partition moves at once. On the\n' +
      'consumer protocol it only stops heartbeating: the broker moves the partition when the session expires. Work that\n' +
      'ends within the session after MAXPOLL commits normally and nothing is redone; work that outlasts it is fenced, and\n' +
      'the next owner redoes the message while the late commit fails. The session, not max.poll.interval.ms, decides.',
    ko: () =>
      'classic 프로토콜(실습 02)에서는 librdkafka가 MAXPOLL 때 LeaveGroup을 보내서 파티션이 바로 옮겨 가요. consumer\n' +
      '프로토콜에서는 heartbeat만 멈추고, 파티션은 세션이 끝날 때 브로커가 옮겨요. MAXPOLL 뒤 세션 안에 끝나는 일은\n' +
      '평소처럼 commit 하고 다시 하는 것이 없어요. 세션보다 오래 걸리는 일은 펜싱되고, 늦은 commit이 실패하는 동안 다음\n' +
      '주인이 그 메시지를 다시 처리해요. 결정하는 것은 max.poll.interval.ms가 아니라 세션이에요.',
  },

  maxpollExpected: {
    en: (p: { ms: number; offset: number }) =>
      `a's client logs MAXPOLL at least max.poll.interval.ms (${p.ms} ms) after a began offset ${p.offset}, while a still works on it`,
    ko: (p) => `a가 offset ${p.offset}을 시작하고 max.poll.interval.ms(${p.ms} ms) 이상 지난 뒤, a가 아직 일하는 중에 a의 클라이언트가 MAXPOLL을 남김`,
  },
  noHandoverExpected: {
    en: (p: { earliest: number }) =>
      `while a has not polled again, p0 stays a's after MAXPOLL until the broker's session expires: b is not assigned it within ${p.earliest} ms (a session less one heartbeat)`,
    ko: (p) => `a가 다시 poll 하기 전에는 MAXPOLL 뒤에도 브로커의 세션이 끝날 때까지 p0은 a의 것: b는 ${p.earliest} ms(세션에서 heartbeat 하나를 뺀 시간) 안에 할당받지 않음`,
  },
  handoverFound: {
    en: (p: { ms: number; beforeCommit: boolean }) => `b assigned p0 ${p.ms} ms after MAXPOLL, ${p.beforeCommit ? "before a's late commit" : "after a's late commit"}`,
    ko: (p) => `MAXPOLL ${p.ms} ms 뒤 b가 p0을 할당받음, a의 늦은 commit ${p.beforeCommit ? '전' : '뒤'}`,
  },
  bNeverAssigned: { en: () => 'b never assigned p0', ko: () => 'b가 p0을 할당받지 못함' },
  noHandoverHint: {
    en: () => 'on the consumer protocol the client sends no leave at MAXPOLL; a hand-over at once means the classic protocol',
    ko: () => 'consumer 프로토콜에서는 클라이언트가 MAXPOLL 때 leave를 보내지 않아요. 바로 넘어갔다면 classic 프로토콜이에요',
  },
  notWhileWorkingExpected: {
    en: (p: { offset: number }) => `b is not assigned p0 while a works on offset ${p.offset}: a's work ends within the session after MAXPOLL`,
    ko: (p) => `a가 offset ${p.offset}을 처리하는 동안 b는 p0을 할당받지 않음: a의 일은 MAXPOLL 뒤 세션 안에 끝남`,
  },
  assignedVsFinished: {
    en: (p: { b: string; a: string }) => `b assigned p0 at ${p.b}, a finished at ${p.a}`,
    ko: (p) => `b가 ${p.b}에 p0을 할당받음, a는 ${p.a}에 끝냄`,
  },
  lateSucceedsExpected: {
    en: (p: { late: string; offset: number }) => `a's commit of ${p.late} after offset ${p.offset} succeeds: a is still the member that owns p0`,
    ko: (p) => `offset ${p.offset} 뒤 a의 ${p.late} commit이 성공함: a는 여전히 p0을 가진 구성원`,
  },
  lateSucceedsHint: {
    en: () => 'MAXPOLL alone does not fence a consumer-protocol member; only the expired session does',
    ko: () => 'MAXPOLL만으로는 consumer 프로토콜 구성원이 펜싱되지 않아요. 세션이 끝나야 펜싱돼요',
  },
  handoverExpected: {
    en: (p: { offset: number }) => `once a's session expired, b is assigned p0 before a finished offset ${p.offset}`,
    ko: (p) => `a의 세션이 끝나면, a가 offset ${p.offset}을 끝내기 전에 b가 p0을 할당받음`,
  },
  bThenA: { en: (p: { b: string; a: string }) => `b at ${p.b}, a at ${p.a}`, ko: (p) => `b ${p.b}, a ${p.a}` },
  bNeverProcessed: { en: () => 'b never processed it', ko: () => 'b가 처리하지 않음' },
  lateFailsExpected: {
    en: (p: { late: string; offset: number }) => `a's commit of ${p.late} after offset ${p.offset} fails with UNKNOWN_MEMBER_ID: the broker fenced a`,
    ko: (p) => `offset ${p.offset} 뒤 a의 ${p.late} commit이 UNKNOWN_MEMBER_ID로 실패함: 브로커가 a를 펜싱함`,
  },
  lateFailsHint: {
    en: () => 'a commit from a fenced member must be refused, or the committed offset moves back',
    ko: () => '펜싱된 구성원의 commit은 거절돼야 해요. 아니면 commit 된 offset이 뒤로 가요',
  },
});
