import { defineMessages } from '@kafka-labs/i18n';

/** What 11-async-sink's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  stepUnawaited: {
    en: (p: { delay: number }) => `unawaited: each database write takes ${p.delay} s and is started without await; kill -9 right after the batch's offsets are committed`,
    ko: (p) => `unawaited: DB 쓰기마다 ${p.delay}초가 걸리고 await 없이 시작만 해요. 배치의 offset 이 commit 된 직후 kill -9`,
  },
  stepAwaited: {
    en: (p: { delay: number }) => `awaited: the same slow sink (${p.delay} s a write), each write awaited before the commit; the same kill point`,
    ko: (p) => `awaited: 같은 느린 싱크(쓰기마다 ${p.delay}초), commit 전에 쓰기마다 await; 같은 kill 지점`,
  },
  ordersIn: {
    en: (p: { n: number; topic: string; delay: number }) =>
      `   ${p.n} orders in ${p.topic}, one batch; the worker (librdkafka) inserts each into the database (${p.delay} s a write) and then commits the batch's offsets (commitSync)`,
    ko: (p) =>
      `   ${p.topic} 에 주문 ${p.n}개, 배치 하나. 워커(librdkafka)는 주문마다 DB 에 INSERT 하고(쓰기마다 ${p.delay}초) 배치의 offset 을 commit(commitSync)해요`,
  },
  startedNotAwaited: {
    en: (p: { v: string; ids: string }) => `   ${p.v}-1 started the writes of ${p.ids} without waiting for them, and committed the offsets at once`,
    ko: (p) => `   ${p.v}-1 은 ${p.ids} 의 쓰기를 시작만 하고 기다리지 않은 채 곧바로 offset 을 commit 했어요`,
  },
  appliedBefore: {
    en: (p: { v: string; ids: string }) => `   ${p.v}-1 waited for each write (applied ${p.ids}) and then committed the offsets`,
    ko: (p) => `   ${p.v}-1 은 쓰기마다 기다린 뒤(반영: ${p.ids}) offset 을 commit 했어요`,
  },
  killed: {
    en: (p: { v: string; offset: number }) => `   kill -9 ${p.v}-1 right after 'offsets committed p0=${p.offset}'`,
    ko: (p) => `   'offsets committed p0=${p.offset}' 직후 ${p.v}-1 을 kill -9`,
  },
  atKill: {
    en: (p: { committed: string; rows: number }) => `   at the kill: the group's committed offset is ${p.committed} (kafka-consumer-groups --describe); order_events holds ${p.rows} rows`,
    ko: (p) => `   죽인 시점: 그룹의 commit offset 은 ${p.committed}(kafka-consumer-groups --describe), order_events 에는 ${p.rows}행이 있어요`,
  },
  restarted: {
    en: (p: { v: string; start: number; ids: string }) => `   ${p.v}-2 started at the committed offset ${p.start} and received ${p.ids}`,
    ko: (p) => `   ${p.v}-2 는 commit offset ${p.start} 에서 시작했어요. 받은 것: ${p.ids}`,
  },
  restartedAtEnd: {
    en: (p: { v: string; start: number }) => `   ${p.v}-2 started at the committed offset ${p.start}, the end: Kafka redelivers nothing`,
    ko: (p) => `   ${p.v}-2 는 commit offset ${p.start}, 곧 끝에서 시작했어요. Kafka 는 아무것도 다시 보내지 않아요`,
  },
  database: {
    en: (p: { v: string; file: string }) => `${p.v}: Kafka against the database after the restart (${p.file})`,
    ko: (p) => `${p.v}: 재시작 뒤의 Kafka 와 DB (${p.file})`,
  },
  kafkaSays: {
    en: (p: { committed: string; n: number }) => `committed offset:  ${p.committed} (Kafka: all ${p.n} orders processed)`,
    ko: (p) => `commit offset:  ${p.committed} (Kafka: 주문 ${p.n}개 모두 처리됨)`,
  },
  rows: {
    en: (p: { rows: number; events: number }) => `order_events:      ${p.rows} rows (${p.events} distinct events)`,
    ko: (p) => `order_events:   ${p.rows}행 (서로 다른 이벤트 ${p.events}개)`,
  },
  missing: {
    en: (p: { n: number; ids: string }) => `missing rows:      ${p.n} (${p.ids})`,
    ko: (p) => `없는 행:        ${p.n}개 (${p.ids})`,
  },
  none: { en: () => 'none', ko: () => '없음' },
  closing: {
    en: (p: { n: number; delay: number }) =>
      [
        `Kafka said all ${p.n} orders were processed in both variants: the group's offset was ${p.n} when the worker died. Without`,
        `await, that commit went out while the ${p.delay}-second writes were still under way; the kill took them with the process,`,
        'and the restart began at the committed offset, past orders that are in no table. Nothing will redeliver them.',
        'With await, the commit came after the rows had landed, and the same kill lost nothing. Define "processed" as',
        '"its side effects are done": await (or join) every write before the offset, or the transaction, is committed.',
      ].join('\n'),
    ko: (p) =>
      [
        `두 변형 모두 Kafka 는 주문 ${p.n}개를 다 처리했다고 말했어요. 워커가 죽을 때 그룹의 offset 은 끝(${p.n})이었어요. await 가 없으면`,
        `그 commit 은 ${p.delay}초짜리 쓰기가 아직 진행 중일 때 나갔고, kill 이 그 쓰기들을 프로세스와 함께 없앴어요. 재시작은 commit offset 에서,`,
        '어느 테이블에도 없는 주문들 뒤에서 시작했어요. 그 주문들을 다시 보내 줄 것은 없어요.',
        'await 하면 행이 들어간 뒤에 commit 이 나가서, 같은 kill 에도 잃은 게 없어요. "처리됨" 을 "사이드이펙트가 끝남" 으로',
        '정의하세요. offset(또는 트랜잭션)을 commit 하기 전에 모든 쓰기를 await(또는 join)하세요.',
      ].join('\n'),
  },

  killedExpected: {
    en: (p: { v: string; n: number }) => `${p.v}-1 committed p0=${p.n} (the whole batch) and was killed while paused right after that commit`,
    ko: (p) => `${p.v}-1 이 배치 전체를 commit(p0=${p.n})했고, 그 commit 직후 멈춘 동안 죽었음`,
  },
  killedFound: {
    en: (p: { commit: string; last: string }) => `commits: ${p.commit}; last line: ${p.last}`,
    ko: (p) => `commit: ${p.commit}; 마지막 줄: ${p.last}`,
  },
  notAwaitedExpected: {
    en: () => 'unawaited-1 started every write without awaiting it: each \'not awaited\' line came before the commit, no \'applied\' line did',
    ko: () => 'unawaited-1 은 쓰기를 모두 await 없이 시작했음: \'not awaited\' 줄은 모두 commit 전에, \'applied\' 줄은 하나도 commit 전에 없음',
  },
  awaitedExpected: {
    en: () => 'awaited-1 applied every order before the commit (\'applied\' lines first), and the database held every row at the kill',
    ko: () => 'awaited-1 은 commit 전에 주문을 모두 반영했고(\'applied\' 줄이 먼저), 죽일 때 DB 에 행이 모두 있었음',
  },
  beforeCommitFound: {
    en: (p: { unawaited: string; applied: string; rows: number }) => `before the commit: not awaited ${p.unawaited}; applied ${p.applied}; rows at the kill: ${p.rows}`,
    ko: (p) => `commit 전: await 안 함 ${p.unawaited}; 반영 ${p.applied}; 죽일 때 행 ${p.rows}`,
  },
  resumesExpected: {
    en: (p: { v: string }) => `the consumer's contract (any client): ${p.v}-2 began at the group's committed offset, so the batch was not delivered again`,
    ko: (p) => `컨슈머의 약속(어느 클라이언트든): ${p.v}-2 는 그룹의 commit offset 에서 시작했고, 그래서 배치는 다시 전달되지 않았음`,
  },
  resumesFound: {
    en: (p: { committed: string; start: string; received: number }) => `committed at the kill: ${p.committed}, started at ${p.start}, received ${p.received}`,
    ko: (p) => `죽일 때 commit offset: ${p.committed}, 시작 ${p.start}, 받은 것 ${p.received}개`,
  },
  lostExpected: {
    en: () =>
      "the committed offset covers orders that have no row in order_events: Kafka says processed, the database never got them (the writes died with the process)",
    ko: () => 'commit offset 이 order_events 에 행이 없는 주문들을 덮고 있음: Kafka 는 처리됐다고 하지만 DB 에는 끝내 들어가지 않았음(쓰기가 프로세스와 함께 죽음)',
  },
  lostFound: {
    en: (p: { committed: string; missing: string; n: number; rows: number }) => `committed ${p.committed}; missing rows: ${p.missing} (${p.n}); rows: ${p.rows}`,
    ko: (p) => `commit offset ${p.committed}; 없는 행: ${p.missing} (${p.n}개); 행: ${p.rows}`,
  },
  lostHint: {
    en: () => 'await (or join) every side effect of the batch before its offsets or its transaction are committed',
    ko: () => '배치의 offset 이나 트랜잭션을 commit 하기 전에 사이드이펙트를 모두 await(또는 join)하세요',
  },
  nothingLostExpected: {
    en: (p: { n: number }) => `the database holds every order the committed offset covers, once each: ${p.n} rows for ${p.n} events`,
    ko: (p) => `commit offset 이 덮는 주문이 DB 에 모두 한 번씩 있음: 이벤트 ${p.n}개에 ${p.n}행`,
  },
});
