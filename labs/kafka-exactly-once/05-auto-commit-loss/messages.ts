import { defineMessages } from '@kafka-labs/i18n';

/** What 05-auto-commit-loss's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  stepAuto: {
    en: (p: { interval: number; kill: number }) =>
      `auto: librdkafka with enable.auto.commit=true, auto.commit.interval.ms=${p.interval}; kill -9 after ${p.kill} orders are processed`,
    ko: (p) => `auto: librdkafka, enable.auto.commit=true, auto.commit.interval.ms=${p.interval}; 주문 ${p.kill}개를 처리한 뒤 kill -9`,
  },
  stepSync: {
    en: () => 'sync: the same crash, with the offsets committed (commitSync) only after the whole batch is processed',
    ko: () => 'sync: 같은 크래시, offset 은 배치를 다 처리한 뒤에만 commit(commitSync)',
  },
  ordersIn: {
    en: (p: { n: number; topic: string; delay: number }) =>
      `   ${p.n} orders in ${p.topic}; the worker takes them in one consume call and works ${p.delay} s on each`,
    ko: (p) => `   ${p.topic} 에 주문 ${p.n}개가 있어요. 워커는 consume 호출 한 번에 모두 가져오고 주문마다 ${p.delay}초씩 일해요`,
  },
  atKill: {
    en: (p: { v: string; consumed: string; processed: string; committed: string }) =>
      `   ${p.v}-1 consumed offsets ${p.consumed} and processed ${p.processed}; kafka-consumer-groups --describe: committed ${p.committed}`,
    ko: (p) =>
      `   ${p.v}-1 이 consume 한 offset: ${p.consumed}, 처리한 offset: ${p.processed}. kafka-consumer-groups --describe 의 commit offset: ${p.committed}`,
  },
  nothing: { en: () => 'nothing', ko: () => '없음' },
  none: { en: () => 'none', ko: () => '없음' },
  restarted: {
    en: (p: { v: string; from: number; again: string }) => `   ${p.v}-2 started at offset ${p.from} (the committed offset) and processed ${p.again}`,
    ko: (p) => `   ${p.v}-2 는 offset ${p.from}(commit 된 offset)에서 시작했어요. 처리한 offset: ${p.again}`,
  },
  tally: {
    en: (p: { v: string; n: number }) => `${p.v}: what became of the ${p.n} orders`,
    ko: (p) => `${p.v}: 주문 ${p.n}개가 어떻게 됐나`,
  },
  once: { en: (p: { n: number }) => `processed once:     ${p.n}`, ko: (p) => `한 번 처리:    ${p.n}` },
  twice: {
    en: (p: { n: number; offsets: string; v: string }) =>
      `processed twice:    ${p.n}${p.n ? ` (offsets ${p.offsets}: ${p.v}-1 processed them, nothing had committed them)` : ''}`,
    ko: (p) => `두 번 처리:    ${p.n}${p.n ? ` (offset ${p.offsets}: ${p.v}-1 이 처리했지만 아무것도 commit 하지 않았어요)` : ''}`,
  },
  never: {
    en: (p: { n: number; offsets: string; v: string }) =>
      `never processed:    ${p.n}${p.n ? ` (offsets ${p.offsets}: committed by the client before ${p.v}-1 worked on them)` : ''}`,
    ko: (p) => `처리 안 됨:    ${p.n}${p.n ? ` (offset ${p.offsets}: ${p.v}-1 이 손대기 전에 클라이언트가 commit 했어요)` : ''}`,
  },
  closing: {
    en: (p: { processed: number; orders: number }) =>
      [
        "librdkafka's auto commit runs on its own timer and commits the offsets it stored when consume() handed the",
        `messages over: the worker had processed ${p.processed} orders when the group already held offset ${p.orders}, so the restart`,
        'began after orders no one processed. (The Java classic consumer auto-commits inside poll(), and only what the',
        'previous poll returned: a loop that processes before it polls again loses nothing that way.)',
        'Committing after the work turns the same crash into a repeat: the restarted worker began where the last commit',
        "was (none yet) and processed the first orders again. At least once, nothing lost; the repeats are the next lab's problem.",
      ].join('\n'),
    ko: (p) =>
      [
        'librdkafka 의 auto commit 은 자기 타이머로 돌면서, consume() 이 메시지를 건넬 때 저장해 둔 offset 을 commit 해요.',
        `워커가 주문 ${p.processed}개를 처리했을 때 그룹의 commit offset 은 벌써 ${p.orders} 였고, 그래서 재시작은 아무도 처리하지`,
        '않은 주문 뒤에서 시작했어요. (Java 의 classic 컨슈머는 poll() 안에서, 직전 poll 이 돌려준 것만 auto commit 해요. 다시 poll 하기 전에',
        '처리를 끝내는 루프라면 이런 식으로는 잃는 게 없어요.)',
        '처리 뒤에 commit 하면 같은 크래시가 반복으로 바뀌어요. 재시작한 워커는 마지막 commit 자리(아직 없음)에서 시작해',
        '처음 주문들을 다시 처리했어요. at-least-once 이고 잃은 건 없어요. 반복은 다음 실습이 다루는 문제예요.',
      ].join('\n'),
  },

  oneFetchExpected: {
    en: (p: { v: string; n: number; last: number }) => `${p.v}-1 received all ${p.n} orders (offsets 0-${p.last}) from one consume call`,
    ko: (p) => `${p.v}-1 이 consume 호출 한 번으로 주문 ${p.n}개(offset 0-${p.last})를 모두 받음`,
  },
  oneFetchFound: { en: (p: { span: string; n: number }) => `consumed: ${p.span} (${p.n})`, ko: (p) => `consume 한 것: ${p.span} (${p.n}개)` },
  killedExpected: {
    en: (p: { v: string; n: number }) => `${p.v}-1 was killed while paused after ${p.n} processed orders, before a commit or a stop of its own`,
    ko: (p) => `${p.v}-1 은 주문 ${p.n}개를 처리하고 멈춘 동안, 스스로 commit 하거나 멈추기 전에 죽었음`,
  },
  killedFound: {
    en: (p: { processed: string; last: string; own: number }) => `processed ${p.processed}, last line: ${p.last}, own commits or stops: ${p.own}`,
    ko: (p) => `처리: ${p.processed}, 마지막 줄: ${p.last}, 스스로 한 commit 이나 멈춤: ${p.own}`,
  },
  restartExpected: {
    en: (p: { v: string }) => `${p.v}-2 started at the offset the group had committed when ${p.v}-1 was killed (the log start, 0, when none)`,
    ko: (p) => `${p.v}-2 는 ${p.v}-1 이 죽을 때 그룹이 commit 해 둔 offset(없으면 로그의 시작 0)에서 시작함`,
  },
  restartFound: {
    en: (p: { v: string; atKill: string; start: number }) => `committed at the kill: ${p.atKill}, ${p.v}-2 started at ${p.start}`,
    ko: (p) => `죽을 때 commit offset: ${p.atKill}, ${p.v}-2 의 시작: ${p.start}`,
  },
  endExpected: {
    en: (p: { v: string; n: number }) => `the group's committed offset is ${p.n}, the end of the topic, once ${p.v}-2 stopped`,
    ko: (p) => `${p.v}-2 가 멈춘 뒤 그룹의 commit offset 은 토픽의 끝인 ${p.n}`,
  },
  committedFound: { en: (p: { committed: string }) => `committed: ${p.committed}`, ko: (p) => `commit offset: ${p.committed}` },
  aheadExpected: {
    en: (p: { last: number }) =>
      `before the kill, librdkafka's auto commit had committed past the last processed order (offset ${p.last}): up to what consume() returned`,
    ko: (p) => `죽기 전에 librdkafka 의 auto commit 이 마지막으로 처리한 주문(offset ${p.last})을 지나, consume() 이 돌려준 데까지 commit 했음`,
  },
  aheadHint: {
    en: () =>
      'the group offset must be read (kafka-consumer-groups --describe) once the background commit has happened; this is librdkafka behaviour: the Java classic consumer auto-commits inside poll(), only what the previous poll returned',
    ko: () =>
      '그룹 offset 은 백그라운드 commit 이 일어난 뒤에 읽어야 해요(kafka-consumer-groups --describe). librdkafka 의 동작이에요. Java classic 컨슈머는 poll() 안에서 직전 poll 이 돌려준 것만 auto commit 해요',
  },
  lostExpected: {
    en: () => "the orders between the last processed one and librdkafka's auto-committed offset were processed by no one",
    ko: () => '마지막으로 처리한 주문과 librdkafka 가 auto commit 한 offset 사이의 주문은 아무도 처리하지 않았음',
  },
  lostFound: {
    en: (p: { lost: string; n: number; twice: number }) => `never processed: ${p.lost} (${p.n}), processed twice: ${p.twice}`,
    ko: (p) => `처리 안 됨: ${p.lost} (${p.n}개), 두 번 처리: ${p.twice}`,
  },
  earlyExpected: {
    en: () => 'when sync-1 was killed the group had no committed offset: commitSync comes after the whole batch',
    ko: () => 'sync-1 이 죽을 때 그룹에 commit offset 이 없었음: commitSync 는 배치를 다 처리한 뒤에 와요',
  },
  nothingLostExpected: { en: () => 'every order was processed by sync-1 or sync-2', ko: () => '모든 주문을 sync-1 이나 sync-2 가 처리했음' },
  nothingLostFound: { en: (p: { lost: string }) => `never processed: ${p.lost}`, ko: (p) => `처리 안 됨: ${p.lost}` },
  repeatedExpected: {
    en: () => 'the orders sync-1 processed before the crash were processed again by sync-2 (at least once)',
    ko: () => 'sync-1 이 크래시 전에 처리한 주문을 sync-2 가 다시 처리했음(at-least-once)',
  },
  repeatedFound: {
    en: (p: { twice: string; n: number; of: number }) => `processed by both: ${p.twice} (${p.n} of ${p.of})`,
    ko: (p) => `둘 다 처리: ${p.twice} (${p.of}개 중 ${p.n}개)`,
  },
});
